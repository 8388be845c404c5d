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

/** How long a request waits for a database connection (a new one, or a free one of the pool). */
export const CONNECT_TIMEOUT_MS = 10_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the server is away a request fails (503) instead of waiting for ever for a connection;
      // keep-alive notices a peer that vanished without closing the socket.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Applies to named statements only (selectPrepared); every other query is planned per call as usual.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // A connection the server ends (restart, failover, pg_terminate_backend) makes its client emit 'error'.
    // The pool listens on idle clients only; a client checked out for a transaction has no listener, and an
    // unheard 'error' event kills the process. The query using it fails with the same error (answered 503,
    // see connection-errors.ts).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    pool.on('error', () => {
      /* idle client errors: the pool drops the client and connects anew when needed */
    });
    const connect = pool.connect.bind(pool);
    // Only the promise form: pg-pool's own query() passes a callback and already releases on 'error'.
    pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
      callback ? connect(callback) : connect().then(releasedWhenDead)) as typeof pool.connect;
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

/**
 * A checked-out client goes back to the pool, to be discarded, the moment its connection dies, and a later
 * release is a no-op. Drizzle's transaction sends BEGIN before its try/finally: when BEGIN meets a dead
 * connection, the client is never released, and each database drop would cost the pool a connection for good
 * (after a few, every request would wait for one that never comes back).
 */
function releasedWhenDead(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onError = (error: Error) => {
    if (released) return;
    released = true;
    release(error);
  };
  client.once('error', onError);
  client.release = (error?: Error | boolean) => {
    client.removeListener('error', onError);
    if (released) return;
    released = true;
    release(error);
  };
  return client;
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
