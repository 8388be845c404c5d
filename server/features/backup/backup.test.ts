/**
 * Backup and restore round trip (issue 28): a seeded instance (demo orders with remarks and process logs, a remark
 * and a document added through the API, a member with a known password) is backed up, restored into a fresh
 * place, and compared: orders (count and a hash of every row in order), folder counts (rebuilt by the triggers),
 * the document (SHA-256 of the download) and a staff sign-in through the API of an app built on the restored data.
 * Runs on PGlite and on PostgreSQL; on PostgreSQL the archive is also restored into an embedded data folder.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import S3rver from 's3rver';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, selectRows, type Database, type Executor } from '../../db/client';
import { resolveJwtSecret } from '../../lib/secrets';
import { buildTestApp, createPostgresDatabase, isPostgres, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { createBackup, type BackupManifest } from './backup';
import { restoreBackup } from './restore';

const JWT_SECRET = 'test-secret-'.padEnd(40, 'x'); // the one buildTestApp signs with
const MANAGER_EMAIL = 'restore.manager@staff.example';
const root = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
const sourceDir = path.join(root, 'source');
const archive = path.join(root, 'backups', 'instance.tar.gz');
const documentBytes = pdfBytes(5000);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let t: TestContext;
let manifest: BackupManifest;
let documentId: number;
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
  const orderId = await insertOrder(t.database.db, { givenName: 'BEATRIX', surname: 'BACKUP' });
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

/** Opens the restored database and builds the app on it with the restored secret; checks it like a user would. */
async function checkRestored(database: Database, dataDir: string) {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, DEMO_ORDERS: '0', LOG_LEVEL: 'silent' }),
    database,
    jwtSecret: resolveJwtSecret(undefined, dataDir),
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
      formatVersion: 1,
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
    expect(manifest.documents.files.map((d) => d.bytes)).toContain(documentBytes.length);
    expect(Object.keys(manifest.checksums)).toEqual(
      expect.arrayContaining([orders!.file, 'secrets/jwt-secret', ...manifest.documents.files.map((d) => d.file)]),
    );
  });
});

describe('npm run restore', () => {
  it('brings it back into an empty data folder (embedded database): same orders, document and sign-in', async () => {
    const target = path.join(root, 'restored-pglite');
    const cliEnv = { ...process.env, DATA_DIR: target, DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'silent' };
    const restore = spawnSync(process.execPath, ['--import', 'tsx', 'server/features/backup/restore.cli.ts', archive], {
      env: cliEnv,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(restore.status, restore.stderr + restore.stdout).toBe(0);
    expect(restore.stdout).toContain('checksums verified');
    expect(restore.stdout).toContain('restored. Start the server as usual.');

    // The CLI backs the restored (closed) folder up again: the same rows give the same files.
    const again = path.join(root, 'again.tar.gz');
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/features/backup/backup.cli.ts', again], {
      env: cliEnv,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(cli.status, cli.stderr + cli.stdout).toBe(0);
    expect(cli.stdout).toContain('store it encrypted');
    const folder = mkdtempSync(path.join(root, 'again-'));
    await extractTar({ file: again, cwd: folder });
    const second = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
    for (const table of ['orders', 'remarks', 'process_logs', 'upload_docs', 'mails', 'team_members']) {
      const file = manifest.database.tables.find((entry) => entry.name === table)!.file;
      expect(second.checksums[file], table).toBe(manifest.checksums[file]);
    }
    expect(second.documents.files).toEqual(manifest.documents.files);

    const database = await openDatabase({ dataDir: target });
    try {
      await checkRestored(database, target);
    } finally {
      await database.close();
    }
    // A non-empty target is refused, with nothing changed; so is a backup of an embedded database that is open.
    await expect(
      restoreBackup({ config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' }), archive }),
    ).rejects.toThrow(/is not empty: a restore goes into an empty \(or new\) data folder only/);
    const open = await openDatabase({ dataDir: target });
    try {
      const refused = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'server/features/backup/backup.cli.ts', path.join(root, 'never.tar.gz')],
        { env: cliEnv, encoding: 'utf8', timeout: 120_000 },
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('is open: stop the server first');
    } finally {
      await open.close();
    }
  }, 120_000);

  it('refuses a damaged archive before touching anything', async () => {
    const folder = mkdtempSync(path.join(root, 'damaged-'));
    await extractTar({ file: archive, cwd: folder });
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
          config: loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_ORDERS: '0' }),
          archive,
        });
        await checkRestored(empty, dataDir);
        await expect(
          restoreBackup({
            config: loadConfig({ DATABASE_URL: url, DATA_DIR: path.join(root, 'other'), DEMO_ORDERS: '0' }),
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
  it('are copied into the archive (the manifest names the bucket) and restore into a local data folder', async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(root, 's3'),
      configureBuckets: [{ name: 'arrival-docs', configs: [] }],
    });
    const { port } = await s3.run();
    const bucketApp = await buildTestApp({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'arrival-docs',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
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
      const bucketArchive = path.join(root, 'bucket.tar.gz');
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
      await restoreBackup({ config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0' }), archive: bucketArchive });
      const database = await openDatabase({ dataDir: target });
      const app = await buildApp({
        config: loadConfig({ DATA_DIR: target, DEMO_ORDERS: '0', LOG_LEVEL: 'silent' }),
        database,
        jwtSecret: JWT_SECRET,
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
  }, 120_000);
});
