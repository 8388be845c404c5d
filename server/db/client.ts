/**
 * One database handle for the whole server: embedded PGlite by default (one
 * connection; PGlite queues every query behind an open transaction, so code
 * inside `db.transaction` must use its `tx`, never `db`), or a PostgreSQL pool
 * when DATABASE_URL is set. Both speak the same SQL (PostgreSQL 15 level).
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** A raw handle for migrations and bulk loading. */
  raw: { pglite?: PGlite; pool?: pg.Pool };
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's data; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

// Timestamps come back as ISO strings in UTC from both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl, max: options.poolSize ?? 10,
      // Applies to named statements only (selectPrepared); every other query is planned per call as usual.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    pool.on('error', () => { /* idle client errors are retried by the pool */ });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', raw: { pool }, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? './data';
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = path.resolve(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const pglite = await PGlite.create(location, {
    extensions: { pg_trgm, btree_gin },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', raw: { pglite }, close: () => pglite.close() };
}

/** Runs raw SQL and returns its rows (both drivers answer `{rows}`). */
export async function selectRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/** A statement's SQL text and parameters, as the drivers receive them. */
export const toQuery = (statement: SQL) => dialect.sqlToQuery(statement);

/**
 * selectRows as a named prepared statement: on PostgreSQL each connection parses
 * and plans it once and then reuses that generic plan (the pool's connections set
 * plan_cache_mode=force_generic_plan, which only named statements feel). For the
 * hottest reads, and only those whose generic plan has been checked with EXPLAIN
 * EXECUTE to be the custom one: planning a queue page against the folders'
 * partial indexes costs four times its execution (docs/performance.md). The name
 * comes from the SQL text, so one text never meets two names. PGlite runs it as a
 * plain query.
 */
export async function selectPrepared<T>(db: Executor, statement: SQL): Promise<T[]> {
  const query = toQuery(statement);
  let name = statementNames.get(query.sql);
  if (!name) {
    name = `p_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    statementNames.set(query.sql, name);
  }
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
