import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults for a newcomer: port 3000, embedded database with 1,500 demo orders', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_ORDERS: 1500, APP_NAME: 'Japan Arrival Card', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('loads no demo orders on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DEMO_ORDERS).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO_ORDERS: '25' }).DEMO_ORDERS).toBe(25);
  });

  it('keeps few PostgreSQL connections unless told otherwise', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).DATABASE_POOL_SIZE).toBe(12);
  });

  it('parses intake keys into apiKey -> siteKey', () => {
    const config = loadConfig({ INTAKE_API_KEYS: 'japan-arrival=0123456789abcdef0123, nippon-entry=fedcba9876543210fedc' });
    expect([...config.INTAKE_API_KEYS.entries()]).toEqual([['0123456789abcdef0123', 'japan-arrival'], ['fedcba9876543210fedc', 'nippon-entry']]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres://'],
    [{ ADMIN_EMAIL: 'not-mail' }, 'ADMIN_EMAIL: must be an e-mail address'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD: must be at least 6 characters'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
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
});
