/**
 * A cheap fingerprint of the whole database: per table, its row count and the md5 of its rows' text, in one
 * statement. Two equal fingerprints mean no row was added, removed or changed in between.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';

export type Fingerprint = Record<string, string>;
const printSchema = z.object({ name: z.string(), print: z.string() });
const xmaxSchema = z.object({ x: z.string() });

/** Builds the fingerprint query once for this database's tables (all of `public`, except those given). */
export async function fingerprinter(db: Db, except: string[] = []): Promise<() => Promise<Fingerprint>> {
  const tables = (
    await selectRows(
      db,
      z.object({ name: z.string() }),
      sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !except.includes(name) && !name.startsWith('__drizzle'));
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from "${name}" t`,
  );
  const statement = sql.raw(parts.join('\nunion all\n'));
  return async () => Object.fromEntries((await selectRows(db, printSchema, statement)).map((r) => [r.name, r.print]));
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/**
 * Watches the database for changed rows at the price of one tiny query when nothing was written: a transaction
 * that changes a row is given a transaction id, so while the next id to hand out stays the same no row can have
 * changed. Only when it moved is the whole fingerprint compared. (On a shared PostgreSQL server other databases'
 * writes move it too; that costs a comparison, never a wrong answer.)
 */
export async function changeWatcher(
  db: Db,
  except: string[] = [],
): Promise<() => Promise<{ wrote: boolean; tables: string[] }>> {
  const fingerprint = await fingerprinter(db, except);
  const nextId = async () =>
    (await selectRows(db, xmaxSchema, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x;
  let last = await fingerprint();
  let lastId = await nextId();
  /** What was written since the previous call: whether any transaction wrote, and the watched tables that changed. */
  return async () => {
    const id = await nextId();
    if (id === lastId) return { wrote: false, tables: [] };
    lastId = id;
    const now = await fingerprint();
    const tables = changedTables(last, now);
    last = now;
    return { wrote: true, tables };
  };
}
