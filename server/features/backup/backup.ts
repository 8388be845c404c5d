/**
 * `npm run backup` (docs/operations.md, decisions 0018 and 0053): ONE archive, a gzipped tar sealed whole under the
 * key ring's current key (sealed-archive.ts), holding
 *   manifest.json      versions, migration level, database kind, counts, SHA-256 of every other file
 *   database/*.copy    every table (database-dump.ts), read in one snapshot
 *   documents/<key>    every stored file the database names (upload_docs, mail attachments), local or S3, as stored:
 *                      sealed under their own keys
 *   secrets/jwt-secret the generated JWT secret of DATA_DIR (when JWT_SECRET is not set in the environment)
 * The keys are never in it: without them the archive reveals nothing, and a restore needs them (ENCRYPTION_KEYS, or
 * a copy of DATA_DIR/encryption-keys kept apart from the backups). It is written 0600 under a temporary name, renamed
 * once complete.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { keyRingFor } from '../../lib/encryption/key-source';
import { storedBytesFor, type Storage } from '../../lib/storage';
import { projectPath } from '../../lib/project-root';
import {
  copyOutStatement,
  countLines,
  pgliteConnection,
  postgresConnection,
  sequencePositions,
  tablesInOrder,
  type DumpConnection,
  type SequencePosition,
} from './database-dump';
import { sealingStream } from './sealed-archive';

export const BACKUP_FORMAT = 'arrival-card-backup';
/** 2: the archive is sealed (sealed-archive.ts); a restore still reads a version 1 archive, a plain gzipped tar. */
export const BACKUP_FORMAT_VERSION = 2;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  app: { name: string; version: string };
  node: string;
  database: {
    kind: Database['kind'];
    serverVersion: string;
    /** The applied migration journal: how many, and the newest (its `when`, the runner's key, and hash). */
    migrations: { applied: number; lastCreatedAt: number; lastHash: string };
    tables: { name: string; file: string; columns: string[]; rows: number }[];
    sequences: SequencePosition[];
  };
  documents: {
    driver: Storage['kind'];
    /** For s3: where the originals live (the archive holds copies). */
    bucket?: string;
    prefix?: string;
    files: { key: string; file: string; bytes: number; contentType?: string }[];
    /** Keys the database names whose file was not found (erased meanwhile, or lost before this backup). */
    missing: string[];
  };
  /** Where each secret is (the encryption keys never in the archive: their id, and where the restore takes them). */
  secrets: { jwtSecret: string; twoFactorKey: string; encryptionKeys?: string };
  /** SHA-256 (hex) of every file in the archive but this manifest. */
  checksums: Record<string, string>;
}

export interface BackupOptions {
  config: Config;
  /** Where to write the archive (sealed: `.tar.gz.sealed` by default). */
  archive: string;
  /** An open database to read (tests; a live PostgreSQL pool). Otherwise opened from the config and closed after. */
  database?: Database;
  log?: (line: string) => void;
}

const PACKAGE_JSON = projectPath('package.json');

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The embedded database must not be open in another process while its folder is read. */
export function assertEmbeddedDatabaseClosed(dataDir: string, reading = 'A backup'): void {
  if (existsSync(path.resolve(dataDir, 'pgdata', 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${path.resolve(dataDir)} is open: stop the server first (or, if it crashed, start and stop it once). ` +
        `${reading} of an open embedded database could be inconsistent.`,
    );
  }
}

/** Inside one read-only snapshot: a PostgreSQL server keeps serving while it is read. */
export async function inSnapshot<T>(database: Database, work: (conn: DumpConnection) => Promise<T>): Promise<T> {
  if (database.raw.pglite) {
    const conn = pgliteConnection(database.raw.pglite);
    await conn.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      return await work(conn);
    } finally {
      await conn.exec('COMMIT');
    }
  }
  const client = await database.raw.pool!.connect();
  const conn = postgresConnection(client);
  try {
    await conn.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await work(conn);
    await conn.exec('COMMIT');
    return result;
  } catch (error) {
    await conn.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const fileName = (index: number, table: string) => `database/${String(index + 1).padStart(3, '0')}-${table}.copy`;

export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { config } = options;
  const log = options.log ?? (() => {});
  if (!options.database && !config.DATABASE_URL) assertEmbeddedDatabaseClosed(config.DATA_DIR);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 }));
  const staging = await mkdtemp(path.join(tmpdir(), 'arrival-card-backup-'));
  await chmod(staging, 0o700);
  try {
    await mkdir(path.join(staging, 'database'));
    const storage = storedBytesFor(config);
    const ring = keyRingFor(config);
    const { name, version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { name: string; version: string };

    const { dumped, migrations, serverVersion, sequences, keys } = await inSnapshot(database, async (conn) => {
      const [server] = await conn.rows<{ server_version: string }>('show server_version');
      const journal = await conn.rows<{ hash: string; created_at: string | number }>(
        'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
      );
      const tables = await tablesInOrder(conn);
      const dumpedTables: BackupManifest['database']['tables'] = [];
      for (const [index, table] of tables.entries()) {
        const file = fileName(index, table.name);
        await conn.copyOut(copyOutStatement(table), path.join(staging, file));
        const rows = await countLines(path.join(staging, file));
        dumpedTables.push({ name: table.name, file, columns: table.columns, rows });
        log(`  ${table.name}: ${rows} rows`);
      }
      // Every stored file the database names: the current and earlier documents, and mail attachments.
      const named = await conn.rows<{ key: string }>(`
        select storage_key as key from upload_docs where storage_key <> ''
        union select a->>'storageKey' from mails, jsonb_array_elements(attachments) a where coalesce(a->>'storageKey', '') <> ''
        order by 1`);
      const last = journal.at(-1);
      return {
        dumped: dumpedTables,
        serverVersion: server!.server_version,
        sequences: await sequencePositions(conn),
        keys: named.map((k) => k.key),
        migrations: {
          applied: journal.length,
          lastCreatedAt: Number(last?.created_at ?? 0),
          lastHash: last?.hash ?? '',
        },
      };
    });

    // Files are read after the snapshot: one a retention run erased meanwhile is listed as missing.
    const documents: BackupManifest['documents'] = {
      driver: storage.kind,
      files: [],
      missing: [],
      ...(storage.kind === 's3' ? { bucket: config.S3_BUCKET, prefix: config.S3_PREFIX } : {}),
    };
    for (const key of keys) {
      const object = await storage.get(key);
      if (!object) {
        documents.missing.push(key);
        continue;
      }
      const file = `documents/${key}`;
      await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
      await writeFile(path.join(staging, file), object.body, { mode: 0o600 });
      documents.files.push({
        key,
        file,
        bytes: object.body.length,
        ...(object.contentType ? { contentType: object.contentType } : {}),
      });
    }
    log(
      `  documents: ${documents.files.length} copied${documents.missing.length ? `, ${documents.missing.length} named but not found` : ''}`,
    );

    let jwtSecret =
      'JWT_SECRET is set in the environment: not in this archive; keep it with the archive (a restore needs the same value)';
    const secretFile = path.resolve(config.DATA_DIR, 'jwt-secret');
    if (!config.JWT_SECRET) {
      if (!existsSync(secretFile))
        throw new Error(`No JWT_SECRET and no ${secretFile}: this is not the data folder of the instance to back up.`);
      await mkdir(path.join(staging, 'secrets'));
      await writeFile(path.join(staging, 'secrets/jwt-secret'), await readFile(secretFile), { mode: 0o600 });
      jwtSecret = 'secrets/jwt-secret (generated, from DATA_DIR)';
    }
    const encryptionKeys =
      `the archive is sealed with the key ${ring.currentId} of ` +
      (config.ENCRYPTION_KEYS ? 'ENCRYPTION_KEYS' : 'DATA_DIR/encryption-keys') +
      ', which is not in it; a restore needs that key, and the documents and sealed values in it need the same keys';
    const twoFactorKey = config.TWO_FACTOR_KEY
      ? 'TWO_FACTOR_KEY is set in the environment: not in this archive; the two-factor secrets in the database need the same value'
      : 'TWO_FACTOR_KEY is not set: the two-factor secrets are encrypted with the JWT secret';

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: { name, version },
      node: process.version,
      database: { kind: database.kind, serverVersion, migrations, tables: dumped, sequences },
      documents,
      secrets: { jwtSecret, twoFactorKey, encryptionKeys },
      checksums: {},
    };
    const files = [
      ...dumped.map((t) => t.file),
      ...documents.files.map((d) => d.file),
      ...(config.JWT_SECRET ? [] : ['secrets/jwt-secret']),
    ];
    for (const file of files) manifest.checksums[file] = await sha256File(path.join(staging, file));
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

    await mkdir(path.dirname(path.resolve(options.archive)), { recursive: true });
    const partial = `${options.archive}.partial`;
    try {
      await pipeline(
        createTar({ gzip: true, cwd: staging, portable: true }, ['manifest.json', ...files]),
        sealingStream(ring),
        createWriteStream(partial, { mode: 0o600 }),
      );
      await chmod(partial, 0o600);
      await rename(partial, options.archive);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    log(
      `wrote ${options.archive} (${(await stat(options.archive)).size} bytes), sealed with the key ${ring.currentId}`,
    );
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (!options.database) await database.close();
  }
}
