import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config';

describe('configuration from the environment', () => {
  it('has working defaults for a newcomer: port 3000, embedded database with 1,500 demo orders', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      DEMO_ORDERS: 1500,
      APP_NAME: 'Japan Arrival Card',
      PUBLIC_BASE_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('loads no demo orders on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DEMO_ORDERS).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO_ORDERS: '25' }).DEMO_ORDERS).toBe(25);
  });

  it('loads no demo data in production, and refuses to be asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_ORDERS).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_ORDERS: '10' })).toThrow(
      'DEMO_ORDERS: demo orders and demo staff are never loaded with NODE_ENV=production',
    );
    expect(loadConfig({ NODE_ENV: 'production', DEMO_ORDERS: '0' }).DEMO_ORDERS).toBe(0);
  });

  it('shows staff times in US Eastern unless told another IANA zone, and refuses a zone it does not know', () => {
    expect(loadConfig({}).STAFF_TIME_ZONE).toBe('America/New_York');
    expect(loadConfig({ STAFF_TIME_ZONE: 'Asia/Tokyo' }).STAFF_TIME_ZONE).toBe('Asia/Tokyo');
    expect(() => loadConfig({ STAFF_TIME_ZONE: 'EST5EDT6' })).toThrow(
      'STAFF_TIME_ZONE: must be an IANA time zone name',
    );
  });

  it('keeps few PostgreSQL connections unless told otherwise', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).DATABASE_POOL_SIZE).toBe(12);
  });

  it('releases the claim of a mail worker that died after a minute unless told otherwise', () => {
    expect(loadConfig({}).MAIL_LEASE_MS).toBe(60_000);
    expect(loadConfig({ MAIL_LEASE_MS: '30000' }).MAIL_LEASE_MS).toBe(30_000);
    expect(() => loadConfig({ MAIL_LEASE_MS: '10' })).toThrow('MAIL_LEASE_MS: must be at least 1000');
  });

  it('parses intake keys into apiKey -> siteKey', () => {
    const config = loadConfig({
      INTAKE_API_KEYS: 'japan-arrival=0123456789abcdef0123, nippon-entry=fedcba9876543210fedc',
    });
    expect([...config.INTAKE_API_KEYS.entries()]).toEqual([
      ['0123456789abcdef0123', 'japan-arrival'],
      ['fedcba9876543210fedc', 'nippon-entry'],
    ]);
  });

  it('keeps passport details 30 days after arrival and chargeback evidence 540 days after payment unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      RETENTION_TRAVEL_DAYS: 30,
      RETENTION_EVIDENCE_DAYS: 540,
      RETENTION_INTERVAL: '1h',
    });
    expect(
      loadConfig({ RETENTION_TRAVEL_DAYS: '14', RETENTION_EVIDENCE_DAYS: '400', RETENTION_INTERVAL: 'off' }),
    ).toMatchObject({ RETENTION_TRAVEL_DAYS: 14, RETENTION_EVIDENCE_DAYS: 400, RETENTION_INTERVAL: 'off' });
  });

  it('highlights arrivals within 72 hours, strongly within 24, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ARRIVAL_URGENT_HOURS: 72, ARRIVAL_VERY_URGENT_HOURS: 24 });
    expect(loadConfig({ ARRIVAL_URGENT_HOURS: '48', ARRIVAL_VERY_URGENT_HOURS: '12' })).toMatchObject({
      ARRIVAL_URGENT_HOURS: 48,
      ARRIVAL_VERY_URGENT_HOURS: 12,
    });
    expect(() => loadConfig({ ARRIVAL_URGENT_HOURS: '12', ARRIVAL_VERY_URGENT_HOURS: '24' })).toThrow(
      'ARRIVAL_VERY_URGENT_HOURS: must not be more than ARRIVAL_URGENT_HOURS',
    );
    expect(() => loadConfig({ ARRIVAL_URGENT_HOURS: '0' })).toThrow('ARRIVAL_URGENT_HOURS: must be at least 1');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ RETENTION_TRAVEL_DAYS: '0' }, 'RETENTION_TRAVEL_DAYS: must be at least 1'],
    [{ RETENTION_EVIDENCE_DAYS: 'forever' }, 'RETENTION_EVIDENCE_DAYS'],
    [{ RETENTION_INTERVAL: 'daily' }, 'RETENTION_INTERVAL: must look like 30m, 1h or 6h, or be off'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres://'],
    [{ ADMIN_EMAIL: 'not-mail' }, 'ADMIN_EMAIL: must be an e-mail address'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD: must be at least 6 characters'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ TWO_FACTOR_KEY: 'short' }, 'TWO_FACTOR_KEY: must be at least 32 characters'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    [{ INTAKE_API_KEYS: 'site-without-key' }, 'INTAKE_API_KEYS'],
    [{ PUBLIC_BASE_URL: 'nope' }, 'PUBLIC_BASE_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: must be at least 1'],
  ])('refuses %o with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DEMO_ORDERS: 1500 });
  });

  it('warns at start when documents on local storage could not be shared by processes on several hosts', () => {
    const shared = (env: Record<string, string>) =>
      startupWarnings(loadConfig(env), env).filter((w) => w.includes('STORAGE_DRIVER'));
    const pg = { DATABASE_URL: 'postgres://u@h:5432/db', PUBLIC_BASE_URL: 'https://cards.example' };
    expect(shared(pg)).toEqual([expect.stringContaining('STORAGE_DRIVER=local with a PostgreSQL DATABASE_URL')]);
    expect(shared(pg)[0]).toContain('Use STORAGE_DRIVER=s3');
    expect(shared({ ...pg, STORAGE_DRIVER: 's3', S3_BUCKET: 'arrival-docs' })).toEqual([]);
    expect(shared({})).toEqual([]); // the embedded database is one process's by construction
  });

  it('warns when PUBLIC_BASE_URL is left to its default on PostgreSQL or in production', () => {
    const base = (env: Record<string, string>) =>
      startupWarnings(loadConfig(env), env).filter((w) => w.includes('PUBLIC_BASE_URL'));
    expect(base({ DATABASE_URL: 'postgres://u@h:5432/db' })).toHaveLength(1);
    expect(base({ NODE_ENV: 'production' })).toHaveLength(1);
    expect(base({ DATABASE_URL: 'postgres://u@h:5432/db', PUBLIC_BASE_URL: 'https://cards.example' })).toEqual([]);
    expect(base({})).toEqual([]);
  });
});
