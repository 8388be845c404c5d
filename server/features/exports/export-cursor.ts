/**
 * Rows of one statement in batches, counted first in the same snapshot (docs/decisions/0024).
 *
 * PostgreSQL: a connection of its own (taken from the pool for the export's time), a READ ONLY REPEATABLE READ
 * transaction, `select count(*)`, then a cursor (`DECLARE ... NO SCROLL CURSOR`) read with `FETCH n`: the server
 * walks the plan as the rows are fetched, so a million rows never sit in memory, and the count and the rows see
 * the same orders whatever staff change meanwhile.
 *
 * PGlite (one connection; an open transaction would hold every other request until the download ends): the count
 * and a `WITH HOLD` cursor in one short transaction. At commit PostgreSQL runs the query to its end and keeps the
 * rows in a tuplestore (spilled to a temporary file past work_mem, not held in the JavaScript heap); each `FETCH`
 * then runs on its own, between other requests' queries, still from that one snapshot.
 */
import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type pg from 'pg';
import { decodeRows, toQuery, type Database, type RowSchema } from '../../db/client';
import { countRow } from '../../db/row-schemas';

/** Rows per FETCH: a few hundred kB of rows, a round trip per 2,000 rows. */
export const EXPORT_BATCH = 2_000;

export interface ExportCursor<T> {
  /** The statement's rows, counted in the cursor's snapshot. */
  total: number;
  /** The next batch; empty when every row was read. */
  next(): Promise<T[]>;
  /** Ends the cursor (and its transaction and connection); safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Counts `count` (a statement answering one row `{n}`), lets `check` refuse the export by throwing (nothing is
 * then left open), and opens a cursor over `rows`, whose every batch is decoded by `schema`. The drivers are used
 * directly here, without Drizzle's type parsers: `rows` answers text for its timestamps (to_char) so that both
 * give the same values.
 */
export async function openExportCursor<S extends RowSchema>(
  database: Database,
  schema: S,
  count: SQL,
  rows: SQL,
  check: (total: number) => void,
  batch = EXPORT_BATCH,
): Promise<ExportCursor<z.output<S>>> {
  const name = `export_${randomBytes(8).toString('hex')}`;
  const counted = toQuery(count);
  const selected = toQuery(rows);
  const fetch = `fetch ${Math.trunc(batch)} from ${name}`;

  if (database.raw.pool) {
    const client: pg.PoolClient = await database.raw.pool.connect();
    let open = true;
    const close = async (failed = false) => {
      if (!open) return;
      open = false;
      try {
        await client.query(failed ? 'rollback' : 'commit');
        client.release();
      } catch (error) {
        client.release(error instanceof Error ? error : true);
      }
    };
    try {
      await client.query('begin isolation level repeatable read read only');
      const found = await client.query(counted.sql, counted.params as unknown[]);
      const total = decodeRows(countRow, found.rows)[0]?.n ?? 0;
      check(total);
      await client.query(`declare ${name} no scroll cursor for ${selected.sql}`, selected.params as unknown[]);
      return {
        total,
        next: async () => (open ? decodeRows(schema, (await client.query(fetch)).rows) : []),
        close: () => close(),
      };
    } catch (error) {
      await close(true);
      throw error;
    }
  }

  const pglite = database.raw.pglite!;
  const total = await pglite.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const found = await tx.query(counted.sql, counted.params as unknown[]);
    const n = decodeRows(countRow, found.rows)[0]?.n ?? 0;
    check(n); // a throw rolls back: no cursor is left
    await tx.query(`declare ${name} no scroll cursor with hold for ${selected.sql}`, selected.params as unknown[]);
    return n;
  });
  let open = true;
  return {
    total,
    next: async () => (open ? decodeRows(schema, (await pglite.query(fetch)).rows) : []),
    close: async () => {
      if (!open) return;
      open = false;
      await pglite.query(`close ${name}`);
    },
  };
}
