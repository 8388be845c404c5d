/**
 * `npm run restore <archive>`: brings a backup (backup.ts) back into an EMPTY place: a data folder for the
 * embedded database, or an empty PostgreSQL database (DATABASE_URL) with its DATA_DIR. A sealed archive needs the
 * keys of the instance it came from (ENCRYPTION_KEYS, or a copy of its DATA_DIR/encryption-keys given as a key file):
 * without them, or with a wrong key, it is refused before anything is written. It opens and verifies every checksum
 * before touching anything, refuses a target that holds data, migrates the new database to the archive's level,
 * loads every table in one transaction (the triggers rebuild the derived counters), runs any newer migrations,
 * then puts the documents (sealed, as they were stored) into the configured storage, and the JWT secret and the key
 * file into DATA_DIR.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { extract as extractTar } from 'tar';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate';
import { KeyRingError, keyRing, parseEncryptionKeys, type KeyRing } from '../../lib/encryption/key-ring';
import { KEY_FILE } from '../../lib/encryption/key-source';
import { storedBytesFor } from '../../lib/storage';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, sha256File, type BackupManifest } from './backup';
import {
  copyInStatement,
  countRelations,
  pgliteConnection,
  postgresConnection,
  restoreSequences,
  type DumpConnection,
} from './database-dump';
import { archiveKey, archiveKind, openingStream } from './sealed-archive';

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  config: Config;
  archive: string;
  /**
   * A copy of the source's DATA_DIR/encryption-keys, for a sealed archive when ENCRYPTION_KEYS is not set. Restored
   * into an embedded target's DATA_DIR, so the restored instance opens what the archive holds sealed.
   */
  keyFile?: string;
  log?: (line: string) => void;
}

const NEEDS_KEY =
  'set ENCRYPTION_KEYS as the instance had it, or give the copy of its DATA_DIR/encryption-keys kept apart from the ' +
  'backups (npm run restore -- <archive> --key-file <file>)';

/** The keys a restore opens the archive with: ENCRYPTION_KEYS, else the key file given; null when neither is. */
async function restoreKeys(
  config: Config,
  keyFile: string | undefined,
): Promise<{ ring: KeyRing; file?: string } | null> {
  if (config.ENCRYPTION_KEYS) return { ring: keyRing(parseEncryptionKeys(config.ENCRYPTION_KEYS)) };
  if (!keyFile) return null;
  if (!existsSync(keyFile)) throw new RestoreRefused(`The key file ${keyFile} does not exist. Nothing was restored.`);
  const text = (await readFile(keyFile, 'utf8')).trim();
  try {
    return { ring: keyRing(parseEncryptionKeys(text)), file: text };
  } catch (error) {
    throw new RestoreRefused(
      `The key file ${keyFile}: ${(error as Error).message.replace(/^ENCRYPTION_KEYS: /, '')}. Nothing was restored.`,
    );
  }
}

/**
 * The archive's payload (a gzipped tar) unpacked into `work/archive`. A sealed archive is opened whole into
 * `work/payload.tar.gz` first, every part authenticated, so tar never reads a byte that did not (a damaged or cut
 * archive stops before anything is unpacked); a plain one (a backup from before sealing) is unpacked as it is.
 * Answers the key file's text when the keys came from one.
 */
async function unpack(options: RestoreOptions, work: string, log: (line: string) => void): Promise<string | undefined> {
  const folder = path.join(work, 'archive');
  await mkdir(folder);
  // tar refuses entries that would land outside the folder (absolute paths, ..).
  // Only plain files and folders: a link in an archive could point a later file outside.
  const extract = (file: string) =>
    extractTar({
      file,
      cwd: folder,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  const { kind, header } = await archiveKind(options.archive);
  if (kind === 'unknown') throw new RestoreRefused('Not a backup archive. Nothing was restored.');
  const keys = await restoreKeys(options.config, options.keyFile);
  if (kind === 'gzip') {
    log('  note: an archive of an earlier version, not sealed');
    await extract(options.archive);
    return keys?.file;
  }
  if (!keys)
    throw new RestoreRefused(
      `The archive is sealed with the key ${header!.keyId}: a restore needs it. ${NEEDS_KEY}. Nothing was restored.`,
    );
  let key: Buffer;
  try {
    key = archiveKey(keys.ring, header!);
  } catch (error) {
    throw new RestoreRefused(`${(error as Error).message}. ${NEEDS_KEY}. Nothing was restored.`);
  }
  const payload = path.join(work, 'payload.tar.gz');
  try {
    await pipeline(
      createReadStream(options.archive, { start: header!.bytes.length }),
      openingStream(key, header!),
      createWriteStream(payload, { mode: 0o600 }),
    );
  } catch (error) {
    if (error instanceof KeyRingError) throw new RestoreRefused(`${error.message}. Nothing was restored.`);
    throw error;
  }
  await extract(payload);
  await rm(payload);
  return keys.file;
}

async function listFiles(root: string, under = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else found.push(relative);
  }
  return found;
}

/** Every file listed with its checksum, none changed, none added: else nothing is restored. */
async function verifiedManifest(folder: string): Promise<BackupManifest> {
  if (!existsSync(path.join(folder, 'manifest.json')))
    throw new RestoreRefused('Not a backup archive: it has no manifest.json.');
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(
      `Not a backup this version can read (format ${manifest.format} ${manifest.formatVersion}).`,
    );
  }
  const present = (await listFiles(folder)).filter((f) => f !== 'manifest.json').sort();
  const listed = Object.keys(manifest.checksums).sort();
  const unlisted = present.filter((f) => !(f in manifest.checksums));
  const absent = listed.filter((f) => !present.includes(f));
  if (unlisted.length || absent.length) {
    throw new RestoreRefused(
      `The archive does not match its manifest (missing: ${absent.join(', ') || 'none'}; not listed: ${unlisted.join(', ') || 'none'}). Nothing was restored.`,
    );
  }
  for (const file of listed) {
    if ((await sha256File(path.join(folder, file))) !== manifest.checksums[file]) {
      throw new RestoreRefused(`Checksum mismatch for ${file}: the archive is damaged. Nothing was restored.`);
    }
  }
  return manifest;
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  return !existsSync(folder) || (await readdir(folder)).length === 0;
}

async function assertEmptyTarget(config: Config, manifest: BackupManifest): Promise<void> {
  if (!config.DATABASE_URL) {
    if (!(await isEmptyFolder(config.DATA_DIR))) {
      throw new RestoreRefused(
        `DATA_DIR ${path.resolve(config.DATA_DIR)} is not empty: a restore goes into an empty (or new) data folder only. Nothing was restored.`,
      );
    }
    return;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
  try {
    const pool = database.raw.pool!;
    if ((await countRelations({ rows: async <T>(text: string) => (await pool.query(text)).rows as T[] })) > 0) {
      throw new RestoreRefused(
        'The database at DATABASE_URL is not empty: a restore goes into an empty database only (create one: createdb). Nothing was restored.',
      );
    }
  } finally {
    await database.close();
  }
  if (manifest.secrets.jwtSecret.startsWith('secrets/') && existsSync(path.resolve(config.DATA_DIR, 'jwt-secret'))) {
    throw new RestoreRefused(
      `${path.resolve(config.DATA_DIR, 'jwt-secret')} exists: a restore writes the archive's secret into an empty DATA_DIR only. Nothing was restored.`,
    );
  }
  if (config.STORAGE_DRIVER === 'local' && !(await isEmptyFolder(path.resolve(config.DATA_DIR, 'uploads')))) {
    throw new RestoreRefused(
      `${path.resolve(config.DATA_DIR, 'uploads')} is not empty: documents are restored into an empty folder only. Nothing was restored.`,
    );
  }
}

/** A copy of the migrations folder whose journal stops at the archive's level. */
export async function migrationsUpTo(lastCreatedAt: number, work: string): Promise<string> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const level = files.findIndex((m) => m.folderMillis === lastCreatedAt);
  if (level < 0 && lastCreatedAt !== 0) {
    const newest = files.at(-1)?.folderMillis ?? 0;
    throw new RestoreRefused(
      lastCreatedAt > newest
        ? 'The archive was made by a newer version of the product (its database has migrations this code does not know): restore it with that version.'
        : "The archive's migration level is not one of this code's migrations: restore it with the version that made it.",
    );
  }
  const folder = path.join(work, 'migrations');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
  journal.entries = journal.entries.filter((e) => e.when <= lastCreatedAt);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

export async function inTransaction(database: Database, work: (conn: DumpConnection) => Promise<void>): Promise<void> {
  const pool = database.raw.pool;
  const client = pool ? await pool.connect() : null;
  const conn = client ? postgresConnection(client) : pgliteConnection(database.raw.pglite!);
  try {
    await conn.exec('BEGIN');
    await work(conn);
    await conn.exec('COMMIT');
  } catch (error) {
    await conn.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client?.release();
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const work = await mkdtemp(path.join(tmpdir(), 'arrival-card-restore-'));
  try {
    const keyFileText = await unpack(options, work, log);
    const folder = path.join(work, 'archive');
    const manifest = await verifiedManifest(folder);
    log(
      `archive of ${manifest.createdAt}: ${manifest.database.kind} ${manifest.database.serverVersion}, ${manifest.database.migrations.applied} migrations, ` +
        `app ${manifest.app.version}; checksums verified`,
    );
    await assertEmptyTarget(config, manifest);
    // The key file lands in an embedded target's DATA_DIR: assertEmptyTarget found that folder empty.
    const keyFileTarget = !config.DATABASE_URL && keyFileText ? path.resolve(config.DATA_DIR, KEY_FILE) : null;
    const archiveLevel = await migrationsUpTo(manifest.database.migrations.lastCreatedAt, work);

    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
    try {
      await runMigrations(database, archiveLevel);
      await inTransaction(database, async (conn) => {
        for (const table of manifest.database.tables) {
          await conn.copyIn(copyInStatement(table), path.join(folder, table.file));
          log(`  ${table.name}: ${table.rows} rows`);
        }
        await restoreSequences(conn, manifest.database.sequences);
      });
      await runMigrations(database); // anything newer than the archive
      await database.db.execute(sql`analyze`);
    } finally {
      await database.close();
    }

    const storage = storedBytesFor(config);
    for (const document of manifest.documents.files) {
      await storage.put(
        document.key,
        await readFile(path.join(folder, document.file)),
        document.contentType ?? 'application/octet-stream',
      );
    }
    log(
      `  documents: ${manifest.documents.files.length} restored into ${storage.kind === 's3' ? `bucket ${config.S3_BUCKET}` : path.resolve(config.DATA_DIR, 'uploads')}`,
    );

    if (manifest.checksums['secrets/jwt-secret']) {
      await mkdir(config.DATA_DIR, { recursive: true });
      await writeFile(
        path.resolve(config.DATA_DIR, 'jwt-secret'),
        await readFile(path.join(folder, 'secrets/jwt-secret')),
        { mode: 0o600 },
      );
      if (config.JWT_SECRET)
        log('  note: JWT_SECRET is set in this environment and wins over the restored DATA_DIR/jwt-secret');
    } else {
      log(`  note: ${manifest.secrets.jwtSecret}`);
    }
    log(`  note: ${manifest.secrets.twoFactorKey}`);
    if (keyFileTarget) {
      await writeFile(keyFileTarget, `${keyFileText}\n`, { mode: 0o600, flag: 'wx' });
      log(`  the key file given is now ${keyFileTarget}: in production copy its line into ENCRYPTION_KEYS instead`);
    } else if (keyFileText) {
      log('  note: a server database takes its keys from ENCRYPTION_KEYS: set it to the line of the key file given');
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
