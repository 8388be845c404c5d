/**
 * Applies the committed SQL migrations at start. On PostgreSQL an advisory
 * lock makes several processes starting together apply them once.
 */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001;

/** `migrationsFolder`: another folder only in tests (an upgrade from an earlier migration). */
export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const { pglite, pool } = database.raw;
  if (pglite) {
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    return;
  }
  const client = await pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
