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
import type { z } from 'zod';
import * as schema from './schema';
import { markedAtConnect } from './connection-errors';
import { RepeatedStatements } from './repeated-statements';

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
/**
 * How long a pool connection lives before the pool replaces it (when it is next released): the prepared statements a
 * connection keeps include filtered pages read again (selectPreparedWhenRepeated), and they go with it. A new
 * connection costs a few milliseconds and plans each hot statement once more.
 */
export const CONNECTION_LIFETIME_S = 600;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the server is away a request fails (503) instead of waiting for ever for a connection;
      // keep-alive notices a peer that vanished without closing the socket.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Generic plans: every statement sent with parameters (named or not) is planned once for any values, so a
      // hot page costs no planning. No JIT: it compiles whenever a plan's estimated cost passes jit_above_cost, and a
      // generic plan's estimate (an unknown offset taken as a tenth of the table) passes it on a big table, so a page
      // read in a millisecond would pay tens of milliseconds of compiling on every call (decision 0054).
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
      maxLifetimeSeconds: CONNECTION_LIFETIME_S,
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
    // Released when dead: only the promise form, as pg-pool's own query() passes a callback and already releases on
    // 'error'. Both forms mark a failure to connect as such: some refusals are unavailability only at connect time.
    pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
      callback
        ? connect((error, client, done) => callback(error && markedAtConnect(error), client, done))
        : connect().then(releasedWhenDead, (error: unknown) => {
            throw markedAtConnect(error);
          })) as typeof pool.connect;
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

/**
 * The shape of one row of a raw statement, as a zod schema. Defined once at module level beside its statement, so
 * zod compiles its parser once; every row read with raw SQL passes through one (decodeRows), so a column renamed or
 * retyped in the SQL fails at this edge instead of travelling on as a wrong type. Keep row schemas free of
 * transforms on hot paths: a page's rows are decoded on every read (docs/decisions/0044).
 */
export type RowSchema = z.ZodType<object>;

/** A row that does not match its statement's schema: a defect in the statement or the schema, answered 500. */
export class RowShapeError extends Error {
  constructor(error: z.ZodError) {
    // Paths and expectations only: a row's values can be personal data, and this message reaches the log.
    const problems = error.issues.map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.code}`).join(', ');
    super(`A database row does not match its schema (${problems}).`);
    this.name = 'RowShapeError';
  }
}

/** Each row through the statement's schema (unknown columns are dropped, as zod's objects strip them). */
export function decodeRows<S extends RowSchema>(schema: S, rows: readonly unknown[]): z.output<S>[] {
  const decoded = new Array<z.output<S>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const result = schema.safeParse(rows[i]);
    if (!result.success) throw new RowShapeError(result.error);
    decoded[i] = result.data;
  }
  return decoded;
}

interface SelectRows {
  /** Runs raw SQL and returns its rows decoded by `schema`. */
  <S extends RowSchema>(db: Executor, schema: S, statement: SQL): Promise<z.output<S>[]>;
  /**
   * The rows unchecked, typed as the caller says: for tests, which read tables to observe them. The lint refuses
   * this form in the server, the scripts and the bench.
   */
  <T>(db: Executor, statement: SQL): Promise<T[]>;
}

export const selectRows = (async (db: Executor, ...args: [RowSchema, SQL] | [SQL]) => {
  const statement = args.length === 2 ? args[1] : args[0];
  const result = (await db.execute(statement)) as unknown as { rows: unknown[] };
  return args.length === 2 ? decodeRows(args[0], result.rows) : result.rows;
}) as SelectRows;

const dialect = new PgDialect();
/** Statement names by SQL text; forgotten all at once past STATEMENT_NAMES_KEPT texts (a name is only a hash). */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 5_000;

/** A statement's SQL text and parameters, as the drivers receive them. */
export const toQuery = (statement: SQL) => dialect.sqlToQuery(statement);

/**
 * selectRows as a named prepared statement: on PostgreSQL each connection parses
 * and plans it once and then reuses that generic plan (the pool's connections set
 * plan_cache_mode=force_generic_plan, which only named statements feel). For the
 * hottest reads, and only those whose generic plan has been checked with EXPLAIN
 * EXECUTE to be the custom one: planning a queue page against the folders'
 * partial indexes costs four times its execution (docs/performance.md). A
 * statement with its values written into its text has no other plan than the one
 * for them (selectPreparedWhenRepeated). The name comes from the SQL text, so
 * one text never meets two names; a connection keeps its statements until the
 * pool retires it (CONNECTION_LIFETIME_S). PGlite runs it as a plain query.
 */
export const selectPrepared = <S extends RowSchema>(db: Executor, schema: S, statement: SQL): Promise<z.output<S>[]> =>
  preparedRows(db, schema, toQuery(statement));

async function preparedRows<S extends RowSchema>(
  db: Executor,
  schema: S,
  query: ReturnType<typeof toQuery>,
): Promise<z.output<S>[]> {
  let name = statementNames.get(query.sql);
  if (!name) {
    name = `p_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(query.sql, name);
  }
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: unknown[] };
  return decodeRows(schema, result.rows);
}

/** Texts with their values written in that run prepared, at most, per connection lifetime (repeated-statements.ts). */
const PREPARED_TEXTS_PER_LIFETIME = 100;
const repeatedStatements = new RepeatedStatements(PREPARED_TEXTS_PER_LIFETIME, CONNECTION_LIFETIME_S * 1000);

/**
 * A statement whose values are written into its text (so planned for them): read prepared (selectPrepared) from its
 * second read on, within the bounds of repeated-statements.ts, otherwise planned afresh (selectRows).
 */
export function selectPreparedWhenRepeated<S extends RowSchema>(
  db: Executor,
  schema: S,
  statement: SQL,
): Promise<z.output<S>[]> {
  const query = toQuery(statement);
  return repeatedStatements.shouldPrepare(query.sql)
    ? preparedRows(db, schema, query)
    : selectRows(db, schema, statement);
}
