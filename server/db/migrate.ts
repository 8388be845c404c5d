/**
 * Applies the committed SQL migrations at start. On PostgreSQL an advisory
 * lock makes several processes starting together apply them once.
 *
 * Drizzle's own migrator runs every pending migration inside one transaction, where
 * `CREATE INDEX CONCURRENTLY` is refused. This runner reads the same files and keeps the same
 * bookkeeping table (`drizzle.__drizzle_migrations`: hash, created_at = the journal's `when`), so
 * databases migrated before keep working, and applies each migration in a transaction of its own,
 * except one whose first line is `-- migrate:no-transaction`: its statements run one by one, each
 * committing by itself (write such a migration so that running it again after a crash half-way
 * is harmless, e.g. `DROP INDEX CONCURRENTLY IF EXISTS` before `CREATE INDEX CONCURRENTLY`).
 */
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { Database } from './client';
import { projectPath } from '../lib/project-root';

export const MIGRATIONS_FOLDER = projectPath('server', 'db', 'migrations');
const MIGRATION_LOCK = 727_001;
/** How a migration asks to run outside a transaction (its first line). */
export const NO_TRANSACTION_MARK = '-- migrate:no-transaction';

/** The little a migration needs from a connection: run SQL text, read rows. */
interface Runner {
  exec(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function runsOutsideTransaction(migration: Pick<MigrationMeta, 'sql'>): boolean {
  return (migration.sql[0] ?? '').trimStart().startsWith(NO_TRANSACTION_MARK);
}

async function applyPending(runner: Runner, migrations: MigrationMeta[]): Promise<void> {
  await runner.exec('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const [last] = await runner.rows<{ created_at: string | number }>(
    'select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1',
  );
  const record = (migration: MigrationMeta) =>
    runner.rows('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  for (const migration of migrations) {
    if (last && Number(last.created_at) >= migration.folderMillis) continue;
    if (runsOutsideTransaction(migration)) {
      for (const statement of migration.sql) if (statement.trim()) await runner.exec(statement);
      await record(migration);
      continue;
    }
    await runner.exec('BEGIN');
    try {
      for (const statement of migration.sql) if (statement.trim()) await runner.exec(statement);
      await record(migration);
      await runner.exec('COMMIT');
    } catch (error) {
      await runner.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}

/** `migrationsFolder`: another folder only in tests (an upgrade from an earlier migration). */
export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const { pglite, pool } = database.raw;
  if (pglite) {
    await applyPending(
      {
        exec: async (text) => {
          await pglite.exec(text);
        },
        rows: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
      },
      migrations,
    );
    return;
  }
  const client = await pool!.connect();
  try {
    // Polled, not waited for: a process blocked inside pg_advisory_lock holds a snapshot, and CREATE INDEX
    // CONCURRENTLY in the process that has the lock would wait for that snapshot to end (a deadlock).
    while (
      !(await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK])).rows[0]!.ok
    ) {
      await sleep(200);
    }
    await applyPending(
      {
        exec: async (text) => {
          await client.query(text);
        },
        rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      },
      migrations,
    );
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
