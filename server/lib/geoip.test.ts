/** Offline geo-IP: the shipped database, the two record layouts, addresses that are never public. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { formatLocation, geoIp, isPublicIp, locationFromRecord, normaliseIp } from './geoip';

describe('geoIp (shipped database, read offline)', () => {
  const geo = geoIp(undefined);
  it('finds the country of well-known public addresses, IPv4 and IPv6', async () => {
    expect(await geo.lookup('8.8.8.8')).toEqual({ country: 'United States', city: null, timezone: null });
    expect((await geo.lookup('133.11.0.1'))?.country).toBe('Japan');
    expect((await geo.lookup('::ffff:81.2.69.142'))?.country).toBe('United Kingdom');
    expect((await geo.lookup('2001:4860:4860::8888'))?.country).toBe('United States');
  });
  it('answers null for private, loopback and malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.5', '::1', 'fe80::1', 'not-an-ip']) {
      expect(await geo.lookup(ip), ip).toBeNull();
    }
    expect(isPublicIp('100.64.0.1')).toBe(false);
    expect(normaliseIp('::ffff:8.8.4.4')).toBe('8.8.4.4');
  });
  it('is off when GEOIP_DB_PATH=off', async () => {
    expect(await geoIp('off').lookup('8.8.8.8')).toBeNull();
  });
});

describe('locationFromRecord', () => {
  it('reads the MaxMind GeoIP2/GeoLite2 City layout', () => {
    const record = {
      city: { names: { en: 'Osaka', ja: '大阪市' } },
      country: { iso_code: 'JP', names: { en: 'Japan' } },
      location: { time_zone: 'Asia/Tokyo' },
    };
    expect(locationFromRecord(record)).toEqual({ country: 'Japan', city: 'Osaka', timezone: 'Asia/Tokyo' });
    expect(formatLocation(locationFromRecord(record)!)).toBe('Osaka, Japan');
  });
  it('reads the ip-location-db layouts (country code, optional city)', () => {
    expect(locationFromRecord({ country_code: 'DE', city: 'Berlin', state1: 'Land Berlin' })).toEqual({
      country: 'Germany',
      city: 'Berlin',
      timezone: null,
    });
    expect(locationFromRecord({ country_code: 'AU' })).toEqual({ country: 'Australia', city: null, timezone: null });
    expect(locationFromRecord(null)).toBeNull();
    expect(locationFromRecord({ country_code: '' })).toBeNull();
  });
});

describe('configuration', () => {
  it('stops on a GEOIP_DB_PATH that does not exist and on a translation widget that is not https', () => {
    expect(() => loadConfig({ GEOIP_DB_PATH: '/nowhere/city.mmdb' })).toThrow(
      /GEOIP_DB_PATH: no file at \/nowhere\/city.mmdb/,
    );
    expect(() => loadConfig({ TRANSLATE_WIDGET_URL: 'http://translate.example/x.js' })).toThrow(
      /TRANSLATE_WIDGET_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ CUSTOMER_TOKEN_TTL: 'forever' })).toThrow(/CUSTOMER_TOKEN_TTL/);
    expect(loadConfig({}).CUSTOMER_TOKEN_TTL).toBe('30m');
  });
});
