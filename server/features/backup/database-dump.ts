/**
 * The database part of a backup, in one format for both kinds (docs/decisions/0018): every table of the `public`
 * schema as a COPY text file (its stored columns, in primary-key order), parents before children, plus the
 * sequences' positions. PGlite and PostgreSQL read and write the same files, so an archive of one restores into
 * the other. The schema itself is not dumped: a restore runs the product's own migrations up to the archive's
 * level, loads the rows, then runs any newer migrations.
 *
 * Tables the triggers fill (counters derived from orders and process_logs) are left out: loading orders and
 * process_logs with their triggers on rebuilds them, as the demo-order loader does.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** Filled by triggers on orders and process_logs; rebuilt when those are loaded. */
export const DERIVED_TABLES: Record<string, string> = {
  order_folder_counts: 'folder counters kept by triggers on orders',
  order_report_counts: 'report counters kept by triggers on orders',
  order_log_days: 'days with process-log lines, kept by triggers on process_logs',
  order_log_day_counts: 'counts of those days, kept by triggers on process_logs',
  live_events:
    'the last hour of live events, written by triggers on orders and process_logs (a restored service starts a new stream)',
  order_presence: 'who has an order open right now, renewed every few seconds by open tabs',
};

/** One connection, inside the backup's or the restore's transaction. */
export interface DumpConnection {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  /** Runs `COPY ... TO STDOUT` into a file. */
  copyOut(statement: string, file: string): Promise<void>;
  /** Runs `COPY ... FROM STDIN` from a file. */
  copyIn(statement: string, file: string): Promise<void>;
}

export function pgliteConnection(pglite: PGlite): DumpConnection {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    exec: async (text) => {
      await pglite.exec(text);
    },
    copyOut: async (statement, file) => {
      const result = await pglite.query(statement.replace(/TO STDOUT$/, "TO '/dev/blob'"));
      await writeFile(file, Buffer.from(await (result.blob ?? new Blob([])).arrayBuffer()));
    },
    copyIn: async (statement, file) => {
      await pglite.query(statement.replace(/FROM STDIN$/, "FROM '/dev/blob'"), [], {
        blob: new Blob([await readFile(file)]),
      });
    },
  };
}

export function postgresConnection(client: pg.PoolClient | pg.Client): DumpConnection {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    copyOut: async (statement, file) => {
      await pipeline(client.query(copyTo(statement)), createWriteStream(file));
    },
    copyIn: async (statement, file) => {
      await pipeline(createReadStream(file), client.query(copyFrom(statement)));
    },
  };
}

export interface TableInfo {
  name: string;
  /** Stored columns (generated ones are computed again on load). */
  columns: string[];
  /** Primary-key columns: the dump's row order, so the same data gives the same file. */
  key: string[];
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables to dump, parents before children (foreign keys), ties by name. */
export async function tablesInOrder(conn: DumpConnection): Promise<TableInfo[]> {
  const tables = (
    await conn.rows<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition order by c.relname`)
  )
    .map((t) => t.name)
    .filter((name) => !(name in DERIVED_TABLES));
  const edges = await conn.rows<{ child: string; parent: string }>(`
    select ch.relname as child, pa.relname as parent from pg_constraint k
    join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    join pg_namespace n on n.oid = ch.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`);
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter((t) => !edges.some((e) => e.child === t && left.has(e.parent) && e.parent !== t));
    if (!ready.length) throw new Error(`Foreign keys form a cycle among: ${[...left].join(', ')}`);
    for (const t of ready.sort()) {
      ordered.push(t);
      left.delete(t);
    }
  }
  const result: TableInfo[] = [];
  for (const name of ordered) {
    const columns = await conn.rows<{ name: string }>(
      `
      select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [`public.${quote(name)}`],
    );
    const key = await conn.rows<{ name: string }>(
      `
      select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
      [`public.${quote(name)}`],
    );
    result.push({ name, columns: columns.map((c) => c.name), key: key.map((k) => k.name) });
  }
  return result;
}

export const copyOutStatement = (table: TableInfo) => {
  const order = table.key.length ? ` order by ${table.key.map(quote).join(', ')}` : '';
  return `COPY (select ${table.columns.map(quote).join(', ')} from public.${quote(table.name)}${order}) TO STDOUT`;
};

export const copyInStatement = (table: Pick<TableInfo, 'name' | 'columns'>) =>
  `COPY public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`;

export interface SequencePosition {
  name: string;
  lastValue: number | null;
}

export async function sequencePositions(conn: DumpConnection): Promise<SequencePosition[]> {
  const rows = await conn.rows<{ name: string; last_value: string | number | null }>(`
    select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by sequencename`);
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value === null ? null : Number(r.last_value) }));
}

/**
 * Sets each sequence to the archive's position, or leaves it further on when the load itself moved it (triggers
 * write live events while the orders are copied in): a sequence never goes back below ids already used.
 */
export async function restoreSequences(conn: DumpConnection, positions: SequencePosition[]): Promise<void> {
  for (const { name, lastValue } of positions) {
    if (lastValue === null) continue;
    await conn.rows(
      `select setval($1::regclass, greatest($2::bigint, coalesce((
      select last_value from pg_sequences where schemaname = 'public' and sequencename = $3), 0)), true)`,
      [`public.${quote(name)}`, lastValue, name],
    );
  }
}

/** Rows of a COPY text file: one line each (a newline inside a value is written as \n). */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of Readable.from(createReadStream(file))) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  }
  return lines;
}

/** Relations (tables, views, sequences) outside PostgreSQL's own schemas: an empty database has none. */
export async function countRelations(conn: Pick<DumpConnection, 'rows'>): Promise<number> {
  const [row] = await conn.rows<{ n: number }>(`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`);
  return row!.n;
}

/**
 * Session settings under which a row's text is the same on PGlite and on a PostgreSQL server, whatever their
 * configuration: times in UTC, ISO dates, floats in their shortest exact form, bytea in hex. For the current
 * transaction only (SET LOCAL).
 */
export const CANONICAL_TEXT_SETTINGS = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
].join('; ');

export interface TableChecksum {
  rows: number;
  /** Of every stored column of every row, whatever the rows' order: equal rows give an equal checksum. */
  checksum: string;
}

/**
 * A table's row count and checksum, read inside the caller's transaction (under CANONICAL_TEXT_SETTINGS). Each
 * row's text is hashed (md5) and the hashes summed as two 64-bit halves: the database streams the table once and
 * keeps two numbers, so a table of any size fits, and the sum does not depend on the order rows are read in.
 */
export async function tableChecksum(
  conn: DumpConnection,
  table: Pick<TableInfo, 'name' | 'columns'>,
): Promise<TableChecksum> {
  const [row] = await conn.rows<{ rows: string | number; high: string; low: string }>(`
    select count(*) as rows,
      coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint), 0)::text as high,
      coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint), 0)::text as low
    from (select md5(row(${table.columns.map(quote).join(', ')})::text) as h from public.${quote(table.name)}) hashed`);
  const sum = createHash('sha256').update(`${row!.high}:${row!.low}`).digest('hex');
  return { rows: Number(row!.rows), checksum: sum.slice(0, 16) };
}
