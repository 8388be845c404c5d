/**
 * The bytes of an export's rows, counted in the same snapshot as the rows (docs/decisions/0051).
 *
 * PostgreSQL: a pool connection of its own, a READ ONLY REPEATABLE READ transaction, the count, then
 * `COPY (statement) TO STDOUT` through pg-copy-streams: the server formats and sends the rows, and the stream holds
 * the server back whenever the answer is not read (the socket is not read, so TCP stops it). COPY takes no bind
 * parameters, so the statement's parameters are written into it as literals (inlineParams). CSV records come with
 * LF ends and leave with CRLF; XML rows come one a line.
 *
 * The embedded database (PGlite: no COPY to a stream) reads the same statement through a cursor, a batch at a time
 * (export-cursor.ts), and writes the same bytes.
 *
 * Ending early (Cancel, a client that left): the query is cancelled on the server (pg_cancel_backend) and the
 * connection, left inside a COPY, is closed rather than returned to the pool.
 */
import { stringify } from 'csv-stringify/sync';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ExportFormat } from '../../../shared/schemas/order-export-texts';
import { decodeRows, toQuery, type Database } from '../../db/client';
import { countRow } from '../../db/row-schemas';
import { openExportCursor } from './export-cursor';
import { csvCells, csvRowSchema, xmlRowSchema } from './order-export-statements';

export interface ExportRows {
  /** Rows the statement answers, counted in the snapshot the rows come from. */
  total: number;
  /** The rows' bytes in order: CSV records ending in CRLF, or XML rows one a line. */
  chunks: AsyncIterable<Buffer | string>;
  /** Rows read so far. */
  readonly rows: number;
  /** Ends the rows (the query stopped on the server if it still runs) and frees the connection; safe to repeat. */
  close(): Promise<void>;
}

/** A SQL literal of a bind parameter's value (standard_conforming_strings on: a quote is the only special). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a parameter is not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a parameter holds a NUL character');
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`a parameter of type ${typeof value} cannot be written as a literal`);
}

/**
 * The statement with its `$n` parameters written as literals, for COPY. A `$n` inside a quoted literal or
 * identifier is text, not a parameter, and stays.
 */
export function inlineParams(statement: SQL): string {
  const { sql: text, params } = toQuery(statement);
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n: string | undefined) =>
    n === undefined ? match : literalOf(params[Number(n) - 1]),
  );
}

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * Rewrites PostgreSQL's CSV record ends (LF) as CRLF and counts the records. A LF inside a quoted cell is data and
 * stays; a doubled quote inside a cell toggles twice, so it cancels out. The state carries across chunks.
 */
export function csvRecordEnds() {
  let quoted = false;
  let records = 0;
  return {
    get records() {
      return records;
    },
    push(chunk: Buffer): Buffer {
      const ends: number[] = [];
      let at = 0;
      let nextQuote = chunk.indexOf(QUOTE, 0);
      while (at < chunk.length) {
        if (quoted) {
          if (nextQuote === -1) break;
          quoted = false;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        const end = chunk.indexOf(LF, at);
        if (nextQuote !== -1 && (end === -1 || nextQuote < end)) {
          quoted = true;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        if (end === -1) break;
        ends.push(end);
        at = end + 1;
      }
      records += ends.length;
      if (!ends.length) return chunk;
      const out = Buffer.allocUnsafe(chunk.length + ends.length);
      let from = 0;
      let to = 0;
      for (const end of ends) {
        to += chunk.copy(out, to, from, end);
        to += CRLF.copy(out, to);
        from = end + 1;
      }
      chunk.copy(out, to, from);
      return out;
    },
  };
}

/** Counts the lines of XML rows (their text holds no LF of its own). */
function lineCount(chunk: Buffer): number {
  let n = 0;
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) n++;
  return n;
}

const pidRow = z.object({ pid: z.number() });

async function copyRows(
  pool: pg.Pool,
  format: ExportFormat,
  count: SQL,
  statement: SQL,
  check: (total: number) => void,
): Promise<ExportRows> {
  const client = await pool.connect();
  // An error of this connection while it is out of the pool (the export cancelled, the server gone) reaches the
  // export through its COPY stream; without a listener here it would end the process.
  const ignore = () => {};
  client.on('error', ignore);
  let finished = false;
  let closed = false;
  let copy: ReturnType<typeof copyTo> | undefined;
  let pid = 0;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (finished) {
      try {
        await client.query('commit');
        client.release();
      } catch (error) {
        client.release(error instanceof Error ? error : true);
      }
      return;
    }
    if (copy) await pool.query('select pg_cancel_backend($1)', [pid]).catch(ignore);
    copy?.destroy();
    client.release(true);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local standard_conforming_strings = on');
    pid = decodeRows(pidRow, (await client.query('select pg_backend_pid() as pid')).rows)[0]!.pid;
    const counted = toQuery(count);
    const total = decodeRows(countRow, (await client.query(counted.sql, counted.params as unknown[])).rows)[0]?.n ?? 0;
    check(total);
    const stream = client.query(
      copyTo(`copy (${inlineParams(statement)}) to stdout (format ${format === 'csv' ? 'csv' : 'text'})`),
    );
    copy = stream;
    stream.on('error', ignore); // read by the iteration below; this keeps an unread error from ending the process
    let rows = 0;
    const ends = csvRecordEnds();
    async function* chunks() {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (format === 'csv') {
          const out = ends.push(chunk);
          rows = ends.records;
          yield out;
        } else {
          rows += lineCount(chunk);
          yield chunk;
        }
      }
      finished = true;
    }
    return {
      total,
      chunks: chunks(),
      get rows() {
        return rows;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function cursorRows(
  database: Database,
  format: ExportFormat,
  count: SQL,
  statement: SQL,
  check: (total: number) => void,
): Promise<ExportRows> {
  const cursor =
    format === 'csv'
      ? await openExportCursor(database, csvRowSchema, count, statement, check)
      : await openExportCursor(database, xmlRowSchema, count, statement, check);
  let rows = 0;
  async function* chunks() {
    for (;;) {
      const batch = await cursor.next();
      if (!batch.length) return;
      rows += batch.length;
      yield format === 'csv'
        ? stringify((batch as z.output<typeof csvRowSchema>[]).map(csvCells), {
            record_delimiter: 'windows',
            quote_record_delimiter: true,
          })
        : (batch as z.output<typeof xmlRowSchema>[]).map((r) => `${r.xml}\n`).join('');
    }
  }
  return {
    total: cursor.total,
    chunks: chunks(),
    get rows() {
      return rows;
    },
    close: () => cursor.close(),
  };
}

/**
 * Counts `count` (one row `{n}`), lets `check` refuse by throwing (nothing is left open), and opens the rows of
 * `statement` (orderExportCsv's or orderExportXml's, as `format` says).
 */
export function openExportRows(
  database: Database,
  format: ExportFormat,
  count: SQL,
  statement: SQL,
  check: (total: number) => void,
): Promise<ExportRows> {
  return database.raw.pool
    ? copyRows(database.raw.pool, format, count, statement, check)
    : cursorRows(database, format, count, statement, check);
}
