/**
 * Backup and restore round trip (issue 28): a seeded instance (demo orders with remarks and process logs, a remark
 * and a document added through the API, a member with a known password) is backed up, restored into a fresh
 * place, and compared: orders (count and a hash of every row in order), folder counts (rebuilt by the triggers),
 * the document (SHA-256 of the download) and a staff sign-in through the API of an app built on the restored data.
 * The archive is sealed: its bytes show nothing of an order or a document, and a restore without the instance's
 * key, or with a wrong one, is refused having written nothing.
 * Runs on PGlite and on PostgreSQL; on PostgreSQL the archive is also restored into an embedded data folder. What does not
 * depend on the source database (the refusals, a second backup, documents in S3) runs in the embedded suite only.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, selectRows, type Database, type Executor } from '../../db/client';
import { resolveJwtSecret } from '../../lib/secrets';
import { generateKeyEntry, keyRing, parseEncryptionKeys } from '../../lib/encryption/key-ring';
import { keyRingFor } from '../../lib/encryption/key-source';
import { buildTestApp, createPostgresDatabase, isPostgres, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { createBackup, type BackupManifest } from './backup';
import { restoreBackup } from './restore';
import { archiveKey, archiveKind, openingStream } from './sealed-archive';
import { startLocalS3 } from '../../test/local-s3';

const JWT_SECRET = 'test-secret-'.padEnd(40, 'x'); // the one buildTestApp signs with
const MANAGER_EMAIL = 'restore.manager@staff.example';
const root = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
const sourceDir = path.join(root, 'source');
const archive = path.join(root, 'backups', 'instance.tar.gz.sealed');
/** The operator's copy of the instance's keys, kept apart from the backups. */
const keyFile = path.join(root, 'kept-apart', 'encryption-keys');
const documentBytes = pdfBytes(5000);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let t: TestContext;
let manifest: BackupManifest;
let documentId: number;
let sourceKeys: string;
let source: { orders: Fingerprint; remarks: number; folderCounts: unknown };

interface Fingerprint {
  n: number;
  hash: string;
}
async function ordersFingerprint(db: Executor): Promise<Fingerprint> {
  const [row] = await selectRows<Fingerprint>(
    db,
    sql`
    select count(*)::int as n, md5(coalesce(string_agg(o::text, '|' order by o.order_id), '')) as hash from orders o`,
  );
  return row!;
}
const remarkCount = async (db: Executor) =>
  (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from remarks`))[0]!.n;

async function folderCounts(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ url: '/api/admin/get-folder-count', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: sourceDir });
  mkdirSync(sourceDir, { recursive: true });
  writeFileSync(path.join(sourceDir, 'jwt-secret'), `${JWT_SECRET}\n`, { mode: 0o600 });
  const manager = await t.loginAs('Manager', { email: MANAGER_EMAIL, name: 'Rita Restore' });
  await t.seedOrders(40);
  sourceKeys = t.config.ENCRYPTION_KEYS!;
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${sourceKeys}\n`, { mode: 0o600 });
  const orderId = await insertOrder(t.database.db, {
    givenName: 'BEATRIX',
    surname: 'BACKUP',
    email: 'beatrix.backup@mail.example',
    passportNumber: 'BX9876543',
  });
  const remark = await t.app.inject({
    method: 'POST',
    url: '/api/admin/add-new-remark',
    headers: manager.headers,
    payload: {
      orderId: String(orderId),
      remark: 'Called about the hotel.',
      whatsapp: 'Y',
      telephone: '',
      statusRefund: '',
      voided: '',
      chargeBack: '',
      reportError: '',
    },
  });
  expect(remark.statusCode).toBe(200);
  const body = multipart({ orderId, email: 'beatrix@mail.example', mailServiceProvider: 'smtp' }, [
    { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: documentBytes },
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: body.payload,
    headers: { ...manager.headers, ...body.headers },
  });
  expect(upload.statusCode).toBe(200);
  documentId = upload.json().data.uploadDoc.id;
  source = {
    orders: await ordersFingerprint(t.database.db),
    remarks: await remarkCount(t.database.db),
    folderCounts: await folderCounts(t.app, manager.headers),
  };
  manifest = await createBackup({ config: t.config, archive, database: t.database });
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** The archive's payload unpacked into a folder, opened with the keys as a restore opens it. */
async function unpackArchive(file: string, folder: string, keys = sourceKeys) {
  const { header } = await archiveKind(file);
  const key = archiveKey(keyRing(parseEncryptionKeys(keys)), header!);
  await pipeline(
    createReadStream(file, { start: header!.bytes.length }),
    openingStream(key, header!),
    extractTar({ cwd: folder }),
  );
}

/**
 * Opens the restored database and builds the app on it with the restored secret and keys (the data folder's key file,
 * or `env`); checks it like a user would.
 */
async function checkRestored(database: Database, dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(undefined, dataDir),
    keyRing: keyRingFor(config),
  });
  try {
    expect(await ordersFingerprint(database.db)).toEqual(source.orders);
    expect(await remarkCount(database.db)).toBe(source.remarks);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: MANAGER_EMAIL, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().jwtToken as string}` };
    expect(await folderCounts(app, headers)).toEqual(source.folderCounts);
    const download = await app.inject({ url: `/api/admin/download-document/${documentId}`, headers });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(documentBytes));
    // New rows continue after the restored ones (sequences restored).
    const next = await insertOrder(database.db);
    expect(next).toBeGreaterThan(
      Math.max(
        ...(
          await selectRows<{ id: number }>(
            database.db,
            sql`select order_id::int as id from orders where order_id <> ${next}`,
          )
        ).map((r) => r.id),
      ),
    );
  } finally {
    await app.close();
  }
}

describe('npm run backup', () => {
  it('writes one archive with a manifest of versions, migration level, counts and checksums', () => {
    expect(manifest).toMatchObject({
      format: 'arrival-card-backup',
      formatVersion: 2,
      app: { name: 'japan-arrival-card' },
      node: process.version,
      database: { kind: t.database.kind },
      documents: { driver: 'local', missing: [] },
      secrets: { jwtSecret: 'secrets/jwt-secret (generated, from DATA_DIR)' },
    });
    expect(manifest.database.migrations.applied).toBeGreaterThan(20);
    const orders = manifest.database.tables.find((table) => table.name === 'orders');
    expect(orders?.rows).toBe(source.orders.n);
    // Parents before children, derived counters left to the triggers.
    const names = manifest.database.tables.map((table) => table.name);
    expect(names.indexOf('orders')).toBeLessThan(names.indexOf('remarks'));
    expect(names.indexOf('team_members')).toBeLessThan(names.indexOf('staff_sessions'));
    expect(names).not.toContain('order_folder_counts');
    expect(manifest.documents.files).toHaveLength(1);
    expect(Object.keys(manifest.checksums)).toEqual(
      expect.arrayContaining([orders!.file, 'secrets/jwt-secret', ...manifest.documents.files.map((d) => d.file)]),
    );
    expect(manifest.secrets.encryptionKeys).toMatch(/^the archive is sealed with the key ktest of ENCRYPTION_KEYS/);
  });

  it('is sealed: its bytes show no order, no document and no secret; opened, its documents are still sealed', async () => {
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 4).toString()).toBe('ACB1');
    // Not a gzip stream either: nothing decompresses it into readable rows.
    expect(() => gunzipSync(bytes)).toThrow();
    for (const text of [
      'BACKUP',
      'BEATRIX',
      'beatrix.backup@mail.example',
      'BX9876543',
      '%PDF',
      JWT_SECRET,
      'manifest',
    ])
      expect(bytes.includes(text), text).toBe(false);
    expect(bytes.includes(sourceKeys.split(':')[1]!)).toBe(false);

    // Opened with the key: the database copies and the secret; the documents as stored, sealed under their own keys.
    const folder = mkdtempSync(path.join(root, 'opened-'));
    await unpackArchive(archive, folder);
    const ordersFile = manifest.database.tables.find((table) => table.name === 'orders')!.file;
    expect(readFileSync(path.join(folder, ordersFile), 'utf8')).toContain('BACKUP');
    const document = readFileSync(path.join(folder, manifest.documents.files[0]!.file));
    expect(document.subarray(0, 4).toString()).toBe('ACF1');
    expect(document.includes('%PDF')).toBe(false);
  });
});

describe('npm run restore', () => {
  const target = path.join(root, 'restored-pglite');
  const cliEnv = {
    ...process.env,
    DATA_DIR: target,
    DATABASE_URL: '',
    JWT_SECRET: '',
    ENCRYPTION_KEYS: '',
    LOG_LEVEL: 'silent',
  };
  const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined> = cliEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', `server/features/backup/${script}.cli.ts`, ...args], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });

  // The refusals and the second backup do not depend on the database the archive came from: the embedded suite runs
  // them, and the PostgreSQL suite only the restore of its archive into an embedded folder (each a process to start).
  it.skipIf(isPostgres())(
    'refuses a sealed archive without its key, or with another key of its id, writing nothing',
    () => {
      const keyless = cli('restore', [archive]);
      expect(keyless.status).toBe(1);
      expect(keyless.stderr).toContain('The archive is sealed with the key ktest: a restore needs it.');
      expect(keyless.stderr).toContain('--key-file');
      const wrong = cli('restore', [archive], { ...cliEnv, ENCRYPTION_KEYS: generateKeyEntry('ktest') });
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toContain('The key ktest given is not the key that sealed this archive: a wrong key.');
      expect(existsSync(target)).toBe(false);
    },
    120_000,
  );

  it('brings it back into an empty data folder (embedded database), with the keys that open it', async () => {
    const restore = cli('restore', [archive, '--key-file', keyFile]);
    expect(restore.status, restore.stderr + restore.stdout).toBe(0);
    expect(restore.stdout).toContain('checksums verified');
    expect(restore.stdout).toContain('restored. Start the server as usual.');
    // The restored instance keeps the keys that open its documents and sealed values.
    expect(readFileSync(path.join(target, 'encryption-keys'), 'utf8').trim()).toBe(sourceKeys);
  }, 120_000);

  it.skipIf(isPostgres())(
    'backs the restored folder up again into the same files, and refuses it while it is open',
    async () => {
      const again = path.join(root, 'again.tar.gz.sealed');
      const backup = cli('backup', [again]);
      expect(backup.status, backup.stderr + backup.stdout).toBe(0);
      expect(backup.stdout).toContain('a restore needs the encryption keys, kept apart from it');
      const folder = mkdtempSync(path.join(root, 'again-'));
      await unpackArchive(again, folder);
      const second = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
      for (const table of ['orders', 'remarks', 'process_logs', 'upload_docs', 'mails', 'team_members']) {
        const file = manifest.database.tables.find((entry) => entry.name === table)!.file;
        expect(second.checksums[file], table).toBe(manifest.checksums[file]);
      }
      expect(second.documents.files).toEqual(manifest.documents.files);

      const open = await openDatabase({ dataDir: target });
      try {
        const refused = cli('backup', [path.join(root, 'never.tar.gz')]);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('is open: stop the server first');
      } finally {
        await open.close();
      }
    },
    120_000,
  );

  it('the restored folder holds the same orders, document and sign-in, and a second restore into it is refused', async () => {
    const database = await openDatabase({ dataDir: target });
    try {
      await checkRestored(database, target);
    } finally {
      await database.close();
    }
    await expect(
      restoreBackup({ config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' }), archive, keyFile }),
    ).rejects.toThrow(/is not empty: a restore goes into an empty \(or new\) data folder only/);
  }, 120_000);

  it('refuses a sealed archive altered or cut short, and a wrong key file, before touching anything', async () => {
    const target = path.join(root, 'never-written-sealed');
    const config = loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' });
    const bytes = readFileSync(archive);
    const altered = Buffer.from(bytes);
    altered[Math.floor(altered.length / 2)]! ^= 1;
    writeFileSync(path.join(root, 'altered.sealed'), altered);
    writeFileSync(path.join(root, 'cut.sealed'), bytes.subarray(0, bytes.length - 100));
    for (const name of ['altered.sealed', 'cut.sealed'])
      await expect(restoreBackup({ config, archive: path.join(root, name), keyFile }), name).rejects.toThrow(
        /^The archive is damaged or cut short \(its part \d+ does not authenticate\)\. Nothing was restored\.$/,
      );
    const otherKeys = path.join(root, 'other-keys');
    writeFileSync(otherKeys, `${generateKeyEntry('kother')}\n`);
    await expect(restoreBackup({ config, archive, keyFile: otherKeys })).rejects.toThrow(
      'The keys given hold no key ktest, which sealed this archive',
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a damaged archive of an earlier version (not sealed) before touching anything', async () => {
    const folder = mkdtempSync(path.join(root, 'damaged-'));
    await unpackArchive(archive, folder);
    const ordersFile = manifest.database.tables.find((table) => table.name === 'orders')!.file;
    writeFileSync(
      path.join(folder, ordersFile),
      readFileSync(path.join(folder, ordersFile), 'utf8').replace('BACKUP', 'BACKUQ'),
    );
    const damaged = path.join(root, 'damaged.tar.gz');
    await createTar({ gzip: true, file: damaged, cwd: folder }, ['manifest.json', 'database', 'documents', 'secrets']);
    const target = path.join(root, 'never-written');
    await expect(
      restoreBackup({ config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' }), archive: damaged }),
    ).rejects.toThrow(`Checksum mismatch for ${ordersFile}: the archive is damaged. Nothing was restored.`);
    expect(() => readFileSync(path.join(target, 'jwt-secret'))).toThrow(/ENOENT/);
  });

  it.skipIf(!isPostgres())(
    'brings it back into an empty PostgreSQL database, and refuses one that is not empty',
    async () => {
      const empty = await createPostgresDatabase();
      const url = (empty.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const dataDir = path.join(root, 'restored-postgres');
      try {
        await restoreBackup({
          config: loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_ORDERS: '0', ENCRYPTION_KEYS: sourceKeys }),
          archive,
        });
        await checkRestored(empty, dataDir, { ENCRYPTION_KEYS: sourceKeys });
        await expect(
          restoreBackup({
            config: loadConfig({
              DATABASE_URL: url,
              DATA_DIR: path.join(root, 'other'),
              DEMO_ORDERS: '0',
              ENCRYPTION_KEYS: sourceKeys,
            }),
            archive,
          }),
        ).rejects.toThrow(/The database at DATABASE_URL is not empty/);
      } finally {
        await empty.close();
      }
    },
    120_000,
  );
});

describe('documents in an S3 bucket', () => {
  it.skipIf(isPostgres())(
    'are copied into the archive (the manifest names the bucket) and restore into a local data folder',
    async () => {
      const s3 = await startLocalS3(root);
      const bucketApp = await buildTestApp({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'arrival-docs',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'live',
        DATA_DIR: path.join(root, 's3-source'),
        JWT_SECRET: JWT_SECRET,
      });
      try {
        const member = await bucketApp.loginAs('Team', { email: 'bucket.team@staff.example' });
        const orderId = await insertOrder(bucketApp.database.db);
        const bytes = pdfBytes(7000);
        const body = multipart({ orderId, email: 'sam@mail.example', mailServiceProvider: 'smtp' }, [
          { field: 'uploadVisaDoc', filename: 'c.pdf', contentType: 'application/pdf', data: bytes },
        ]);
        const upload = await bucketApp.app.inject({
          method: 'POST',
          url: '/api/admin/upload-visa-document',
          payload: body.payload,
          headers: { ...member.headers, ...body.headers },
        });
        expect(upload.statusCode).toBe(200);
        const bucketArchive = path.join(root, 'bucket.tar.gz.sealed');
        const bucketManifest = await createBackup({
          config: bucketApp.config,
          archive: bucketArchive,
          database: bucketApp.database,
        });
        expect(bucketManifest.documents).toMatchObject({
          driver: 's3',
          bucket: 'arrival-docs',
          prefix: 'live',
          missing: [],
        });
        expect(bucketManifest.secrets.jwtSecret).toMatch(/^JWT_SECRET is set in the environment: not in this archive/);

        const target = path.join(root, 's3-restored');
        await restoreBackup({
          config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' }),
          archive: bucketArchive,
          keyFile,
        });
        const database = await openDatabase({ dataDir: target });
        const restoredConfig = loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0', LOG_LEVEL: 'silent' });
        const app = await buildApp({
          config: restoredConfig,
          database,
          jwtSecret: JWT_SECRET,
          keyRing: keyRingFor(restoredConfig),
        });
        try {
          const signIn = await app.inject({
            method: 'POST',
            url: '/api/admin/admin-login',
            payload: { email: 'bucket.team@staff.example', password: TEST_PASSWORD },
          });
          expect(signIn.statusCode).toBe(200);
          const download = await app.inject({
            url: `/api/admin/download-document/${upload.json().data.uploadDoc.id as number}`,
            headers: { authorization: `Bearer ${signIn.json().jwtToken as string}` },
          });
          expect(download.statusCode).toBe(200);
          expect(sha256(download.rawPayload)).toBe(sha256(bytes));
        } finally {
          await app.close();
          await database.close();
        }
      } finally {
        await bucketApp.close();
        await s3.close();
      }
    },
    120_000,
  );
});
