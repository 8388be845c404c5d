/**
 * Offline IP location (product: public-pages.md#download-history: no outside call per download).
 * Reads a MaxMind-format (.mmdb) database with the `maxmind` package. The
 * install ships one: @ip-location-db/geo-whois-asn-country-mmdb (country level,
 * data CC BY 4.0 by the NRO, see README). GEOIP_DB_PATH may point at another
 * database, e.g. a city-level one in the MaxMind GeoIP2/GeoLite2 layout or the
 * ip-location-db layout; both are understood. `off` disables lookups.
 */
import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import maxmind, { type Reader, type Response } from 'maxmind';

export interface Location {
  country: string | null;
  city: string | null;
  timezone: string | null;
}

const require = createRequire(import.meta.url);

/** The database that ships with the install. */
export function bundledGeoDbPath(): string {
  return require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

/**
 * Addresses that are never on the public internet: answered as unknown rather
 * than trusting the database (the shipped data places some private ranges in a country).
 */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` (how a dual-stack socket reports IPv4 peers) becomes `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

export function isPublicIp(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  return !notPublic.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: unknown): string | null {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/i.test(code)) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Maps one database record to a location; understands the GeoIP2/GeoLite2 and ip-location-db layouts. */
export function locationFromRecord(record: unknown): Location | null {
  if (!record || typeof record !== 'object') return null;
  const r = record as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- two outside layouts, each value read through str()
  // MaxMind GeoIP2 / GeoLite2: { country: { iso_code, names: { en } }, city: { names: { en } }, location: { time_zone } }
  const country =
    str(r.country?.names?.en) ??
    countryName(r.country?.iso_code ?? r.registered_country?.iso_code) ??
    // ip-location-db: { country_code, city?, state1?, timezone? }
    countryName(r.country_code);
  const city = str(r.city?.names?.en) ?? str(r.city);
  const timezone = str(r.location?.time_zone) ?? str(r.timezone);
  if (!country && !city) return null;
  return { country, city, timezone };
}

const readers = new Map<string, Promise<Reader<Response>>>();

export interface GeoIp {
  lookup(ip: string): Promise<Location | null>;
}

/**
 * A lookup over the database at `dbPath` (undefined: the bundled one; 'off': none).
 * The file is read once per process and shared; a database that cannot be read
 * makes lookups answer null (a download is never refused for want of a location).
 */
export function geoIp(dbPath: string | undefined, onError: (error: unknown) => void = () => undefined): GeoIp {
  if (dbPath === 'off') return { lookup: async () => null };
  const file = dbPath ?? bundledGeoDbPath();
  return {
    async lookup(rawIp) {
      const ip = normaliseIp(rawIp);
      if (!isPublicIp(ip)) return null;
      let reader = readers.get(file);
      if (!reader) {
        reader = maxmind.open<Response>(file);
        readers.set(file, reader);
      }
      try {
        return locationFromRecord((await reader).get(ip));
      } catch (error) {
        readers.delete(file);
        onError(error);
        return null;
      }
    },
  };
}

/** "City, Country", "Country", or null. */
export function formatLocation(location: Pick<Location, 'country' | 'city'>): string | null {
  return [location.city, location.country].filter(Boolean).join(', ') || null;
}
