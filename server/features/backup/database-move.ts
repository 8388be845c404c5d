/**
 * `npm run db:move`: copies the database of one place into another that is empty: the embedded database of a data
 * folder into a PostgreSQL server (a growing office moves), or a PostgreSQL database into a new data folder (a
 * development copy). It speaks the backup's terms (database-dump.ts) without an archive in between: the target is
 * migrated to the source's level, every table is copied with COPY, parents before children, from one snapshot of
 * the source into one transaction of the target, the sequences are set, and each table's row count and checksum
 * (every stored column) must be equal on both sides before that transaction commits. Migrations newer than the
 * source's level are left to the server's start, as after any upgrade.
 *
 * Only the database moves. Documents (DATA_DIR/uploads or the bucket) and the generated JWT secret
 * (DATA_DIR/jwt-secret) stay where they are, so the server keeps its DATA_DIR after a move to PostgreSQL.
 *
 * Nothing it prints or throws holds a row's values: tables are named with counts and checksums, and a database
 * error met while copying is reported by its SQLSTATE (its text can quote the row that failed).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { openDatabase, type Database } from '../../db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate';
import { sqlStateOf } from '../../db/connection-errors';
import { assertEmbeddedDatabaseClosed, inSnapshot } from './backup';
import { inTransaction, migrationsUpTo } from './restore';
import {
  CANONICAL_TEXT_SETTINGS,
  copyInStatement,
  copyOutStatement,
  countRelations,
  DERIVED_TABLES,
  restoreSequences,
  sequencePositions,
  tableChecksum,
  tablesInOrder,
  type DumpConnection,
  type TableChecksum,
} from './database-dump';

/** A database's place: a PostgreSQL URL, or a data folder whose `pgdata` holds the embedded database. */
export type Place = { kind: 'postgres'; url: string } | { kind: 'folder'; dir: string };

export const placeOf = (text: string): Place =>
  /^postgres(ql)?:\/\//.test(text) ? { kind: 'postgres', url: text } : { kind: 'folder', dir: path.resolve(text) };

/** A URL as it may be shown: its password replaced. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL given';
  }
}

const described = (place: Place) =>
  place.kind === 'postgres' ? `the database at ${shownUrl(place.url)}` : `the embedded database in ${place.dir}`;

/** Refused before anything was written. */
export class MoveRefused extends Error {}
/** Failed after the target was migrated: no row was committed (the message says what is left of the target). */
export class MoveFailed extends Error {}

export interface MovedTable extends TableChecksum {
  name: string;
}

export interface MoveResult {
  from: Place;
  to: Place;
  /** Every copied table, with the row count and checksum found equal on both sides. */
  tables: MovedTable[];
  /** Tables not copied, each with what fills it (the triggers, from the copied rows; or the running service). */
  notCopied: Record<string, string>;
  /** Migrations of this code newer than the source's level: the server applies them when it starts on the target. */
  newerMigrations: number;
}

export interface MoveOptions {
  from: string;
  to: string;
  log?: (line: string) => void;
}

async function withDatabase<T>(place: Place, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    place.kind === 'postgres' ? { databaseUrl: place.url, poolSize: 2 } : { dataDir: place.dir },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const pgdataOf = (dir: string) => path.join(dir, 'pgdata');

async function assertSource(place: Place): Promise<void> {
  if (place.kind === 'postgres') return;
  if (!existsSync(path.join(pgdataOf(place.dir), 'PG_VERSION')))
    throw new MoveRefused(`There is no embedded database in ${place.dir} (no pgdata folder in it): nothing to move.`);
  try {
    assertEmbeddedDatabaseClosed(place.dir, 'A copy');
  } catch (error) {
    throw new MoveRefused((error as Error).message);
  }
}

async function assertEmptyTarget(place: Place): Promise<void> {
  if (place.kind === 'folder') {
    const pgdata = pgdataOf(place.dir);
    if (existsSync(pgdata) && (await readdir(pgdata)).length > 0)
      throw new MoveRefused(
        `${place.dir} already holds an embedded database: db:move copies into an empty place only (a new folder, or ` +
          'one without pgdata). Nothing was changed.',
      );
    return;
  }
  const relations = await withDatabase(place, async (database) => {
    const pool = database.raw.pool!;
    return countRelations({ rows: async <T>(text: string) => (await pool.query(text)).rows as T[] });
  });
  if (relations > 0)
    throw new MoveRefused(
      `The database at ${shownUrl(place.url)} is not empty (it holds ${relations} ${relations === 1 ? 'table, view or sequence' : 'tables, views or sequences'}): db:move copies ` +
        'into an empty database only (create one: createdb). Nothing was changed.',
    );
}

/** The source's migration level (the newest applied migration's time), checked against this code's. */
async function migrationLevel(conn: DumpConnection): Promise<number> {
  const [journal] = await conn.rows<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!journal!.present)
    throw new MoveRefused('The source has no database of this product (no migration journal): nothing to move.');
  const [last] = await conn.rows<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const level = Number(last?.created_at ?? 0);
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (level !== 0 && !known.some((m) => m.folderMillis === level))
    throw new MoveRefused(
      level > (known.at(-1)?.folderMillis ?? 0)
        ? 'The source was migrated by a newer version of the product: move it with that version. Nothing was changed.'
        : "The source's migration level is not one of this code's migrations: move it with the version that made it. Nothing was changed.",
    );
  return level;
}

/** A database error while rows are copied, said by its SQLSTATE: its text can quote the row's values. */
function copyFailure(step: string, error: unknown): MoveFailed {
  if (error instanceof MoveFailed) return error;
  const code = sqlStateOf(error);
  return new MoveFailed(`${step} failed (${code ? `SQLSTATE ${code}` : (error as Error).name}).`);
}

export async function moveDatabase(options: MoveOptions): Promise<MoveResult> {
  const log = options.log ?? (() => {});
  const from = placeOf(options.from);
  const to = placeOf(options.to);
  if (JSON.stringify(from) === JSON.stringify(to))
    throw new MoveRefused('The source and the target are the same place.');
  await assertSource(from);
  await assertEmptyTarget(to);

  const work = await mkdtemp(path.join(tmpdir(), 'arrival-card-move-'));
  let targetWritten = false;
  try {
    return await withDatabase(from, async (source) => {
      const level = await inSnapshot(source, migrationLevel);
      const atLevel = await migrationsUpTo(level, work);
      log(`copying ${described(from)} into ${described(to)}`);
      return withDatabase(to, async (target) => {
        targetWritten = true;
        await runMigrations(target, atLevel);
        const tables: MovedTable[] = [];
        try {
          // The source in one snapshot (a PostgreSQL source keeps serving), the target in one transaction: the
          // checks below run before it commits, so a target that differs keeps none of the rows.
          await inSnapshot(source, async (src) => {
            await src.exec(CANONICAL_TEXT_SETTINGS);
            await inTransaction(target, async (dst) => {
              await dst.exec(CANONICAL_TEXT_SETTINGS);
              const inOrder = await tablesInOrder(src);
              for (const [index, table] of inOrder.entries()) {
                // A COPY text file per table, in a private temporary folder, removed at once: it holds personal data.
                const file = path.join(work, `${index}.copy`);
                try {
                  await src.copyOut(copyOutStatement(table), file);
                  await dst.copyIn(copyInStatement(table), file);
                } catch (error) {
                  throw copyFailure(`Copying table ${table.name}`, error);
                } finally {
                  await rm(file, { force: true });
                }
              }
              await restoreSequences(dst, await sequencePositions(src));
              for (const table of inOrder) {
                const [before, after] = [await tableChecksum(src, table), await tableChecksum(dst, table)];
                if (before.rows !== after.rows || before.checksum !== after.checksum)
                  throw new MoveFailed(
                    `Table ${table.name} differs after the copy (${before.rows} rows, checksum ${before.checksum} in the ` +
                      `source; ${after.rows} rows, checksum ${after.checksum} in the target).`,
                  );
                tables.push({ name: table.name, ...after });
                log(`  ${table.name}: ${after.rows} rows, checksum ${after.checksum} on both sides`);
              }
            });
          });
        } catch (error) {
          throw copyFailure('The copy', error);
        }
        // Statistics for the planner now rather than at autovacuum's next pass; the rows are in whether it runs or not.
        await target.db.execute(sql`analyze`).catch(() => undefined);
        const newerMigrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).filter(
          (m) => m.folderMillis > level,
        ).length;
        return { from, to, tables, notCopied: { ...DERIVED_TABLES }, newerMigrations };
      });
    });
  } catch (error) {
    if (!targetWritten || error instanceof MoveRefused) throw error;
    // The target was empty before: a new folder's database can go; a server's database keeps the schema.
    if (to.kind === 'folder') await rm(pgdataOf(to.dir), { recursive: true, force: true });
    const undo =
      to.kind === 'folder'
        ? `the new database in ${to.dir} was removed`
        : `no row was committed, but ${shownUrl(to.url)} now holds the schema: drop it and create it again ` +
          '(dropdb, createdb) before the next try';
    throw new MoveFailed(`${(error as Error).message} Nothing was moved: ${undo}.`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
