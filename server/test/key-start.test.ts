/**
 * The real entry point and its keys (product: security.md#keys): the first embedded start generates one key into the
 * data folder, warns that it belongs elsewhere, and seals the demo orders with it; a start whose ENCRYPTION_KEYS holds
 * a wrong key of that id, or lacks it, stops with a message naming the key and writes nothing; DATABASE_URL without
 * ENCRYPTION_KEYS, or a malformed key, stops before anything is opened.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../db/client';
import { generateKeyEntry } from '../lib/encryption/key-ring';
import { KEY_FILE } from '../lib/encryption/key-source';
import { fingerprinter } from './fuzz/db-fingerprint';
import { isPostgres } from './helper';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arrival-card-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const keyFile = path.join(dataDir, KEY_FILE);

const run = (env: Record<string, string>) =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ENCRYPTION_KEYS: '',
    DEMO_ORDERS: '0',
    ADMIN_PASSWORD: 'first-admin-password',
    WEB_DIST: dataDir,
    ...env,
  });

async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(isPostgres())('a start and its keys', () => {
  it('generates a key into the data folder on the first embedded start, warns, and seals the demo orders', async () => {
    const server = run({ DEMO_ORDERS: '12' });
    await server.ready;
    expect(server.output()).toContain(`The encryption key was generated into DATA_DIR/${KEY_FILE}`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const keyId = readFileSync(keyFile, 'utf8').split(':')[0];
    const rows = await withDatabase((db) =>
      selectRows(
        db,
        sql`select (select array_agg(id) from encryption_keys) as keys, count(*)::int as orders,
          count(*) filter (where travel_sealed like ${`ev1.${keyId}.%`} and passport_number = '')::int as sealed
        from orders`,
      ),
    );
    expect(rows).toEqual([{ keys: [keyId], orders: 12, sealed: 12 }]);
  }, 120_000);

  it('stops naming the key when ENCRYPTION_KEYS holds another key of its id, or lacks it, and writes nothing', async () => {
    const keyId = readFileSync(keyFile, 'utf8').split(':')[0]!;
    const keyFileBefore = readFileSync(keyFile, 'utf8');
    const before = await withDatabase(async (db) => (await fingerprinter(db))());

    const wrong = run({ ENCRYPTION_KEYS: generateKeyEntry(keyId) });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain(
      `ENCRYPTION_KEYS: the key ${keyId} is not the key that sealed the stored data (its check value differs)`,
    );

    const missing = run({ ENCRYPTION_KEYS: generateKeyEntry('k2') });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain(`ENCRYPTION_KEYS: holds no key ${keyId}, which sealed stored data`);

    expect(await withDatabase(async (db) => (await fingerprinter(db))())).toEqual(before);
    expect(readFileSync(keyFile, 'utf8')).toBe(keyFileBefore);
  }, 120_000);

  it('refuses DATABASE_URL without ENCRYPTION_KEYS, and a malformed key, naming ENCRYPTION_KEYS', async () => {
    const server = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('ENCRYPTION_KEYS: is required with DATABASE_URL');

    const malformed = run({ ENCRYPTION_KEYS: 'k1:c2hvcnQ=' });
    expect(await malformed.exited).toBe(1);
    expect(malformed.output()).toContain('ENCRYPTION_KEYS: the key k1 must be 32 random bytes in base64 (it has 5)');
    expect(malformed.output()).not.toContain('c2hvcnQ');
  }, 60_000);
});
