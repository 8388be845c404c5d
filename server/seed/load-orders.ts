/**
 * Bulk-loads generated orders (with their remarks and process-log lines) using
 * COPY in CSV form: PGlite reads it from a blob, PostgreSQL from a stream.
 * This is what lets `npm run seed -- --orders 1000000` finish in minutes.
 */
import { z } from 'zod';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client';
import { idRow } from '../db/row-schemas';
import { CLEAR_BLANKS, isSealedColumn, sealTravel } from '../db/sealed-travel';
import type { KeyRing } from '../lib/encryption/key-ring';
import { createOrderGenerator, ORDER_COLUMNS, type GeneratedOrder } from './demo-orders';
import { folderCountsChanged } from '../features/queue-engine';

/** Orders per COPY: small enough that a chunk takes a few seconds even on PGlite (progress is said per chunk). */
const CHUNK = 2000;

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return `"${value.replace(/"/g, '""')}"`;
}
const csvLine = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',') + '\n';

const REMARK_COLUMNS = [
  'order_id',
  'remark',
  'remark_name',
  'staff_id',
  'whatsapp',
  'telephone',
  'status_refund',
  'voided',
  'chargeback',
  'report_error',
  'created_at',
];
const LOG_COLUMNS = ['order_id', 'step_name', 'staff_id', 'staff_name', 'update_time'];

/** The sealed columns the loader adds after ORDER_COLUMNS when it seals (server/db/sealed-travel.ts). */
const SEALED_COLUMNS = ['travel_sealed', 'passport_number_index'] as const;

function toCsv(orders: GeneratedOrder[], orderColumns: readonly (typeof ORDER_COLUMNS)[number][], ring?: KeyRing) {
  let orderCsv = '';
  let remarkCsv = '';
  let logCsv = '';
  for (const order of orders) {
    const id = order.values.order_id;
    if (ring) {
      // Sealed here, in JavaScript, a chunk at a time: a few microseconds an order, the COPY stays the cost.
      const sealed = sealTravel(ring, order.values);
      const clear = orderColumns.map((c) => (isSealedColumn(c) ? CLEAR_BLANKS[c] : order.values[c]));
      orderCsv += csvLine([...clear, sealed.travel_sealed, sealed.passport_number_index]);
    } else {
      orderCsv += csvLine(orderColumns.map((c) => order.values[c]));
    }
    for (const r of order.remarks) {
      const flag = (f: string) => (r.flags.includes(f) ? 'Y' : null);
      remarkCsv += csvLine([
        id,
        r.remark,
        r.remarkName,
        r.staffId,
        flag('whatsapp'),
        flag('telephone'),
        flag('status_refund'),
        flag('voided'),
        flag('chargeback'),
        null,
        r.createdAt.toISOString(),
      ]);
    }
    for (const l of order.logs) logCsv += csvLine([id, l.stepName, l.staffId, l.staffName, l.at.toISOString()]);
  }
  return { orderCsv, remarkCsv, logCsv };
}

async function copyCsv(database: Database, table: string, columns: readonly string[], csv: string) {
  if (!csv) return;
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  if (database.raw.pglite) {
    await database.raw.pglite.query(statement.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([csv]) });
    return;
  }
  const client = await database.raw.pool!.connect();
  try {
    await pipeline(Readable.from([csv]), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

/** A span of open work: most orders under two days old, so New or in progress (demo-orders.ts), for tests of queues. */
export const RECENT_SPAN_DAYS = 4;

export interface LoadOptions {
  count: number;
  seed?: number;
  now?: Date;
  /** Days the orders are spread over (the generator's default: 120). A few days make a database of open work. */
  spanDays?: number;
  onProgress?: (done: number) => void;
  /** Said when work after the last chunk starts (statistics), which takes seconds on a big table. */
  onPhase?: (what: string) => void;
  /**
   * Load only the order columns the database has: for a database migrated to an earlier release (the migration
   * lock test, server/db/migration-locks.test.ts), where a later migration adds a column the generator fills.
   */
  existingColumnsOnly?: boolean;
  /**
   * Seal the orders' travel answers with this ring, as intake does (server/db/sealed-travel.ts). Without it they are
   * stored in clear, as before sealing existed (the sealing job's and the migration tests' data).
   */
  ring?: KeyRing;
  /** Orders only, without their remarks and process-log lines (the plan check's data: plans read orders). */
  ordersOnly?: boolean;
  /**
   * A new database only: drop the orders' indexes that back no constraint before loading and create them again
   * after (building an index over the loaded rows is several times faster than keeping two dozen, trigram ones
   * among them, up to date row by row), then vacuum as well as analyze, as a table that has been up a while.
   */
  indexesAfterLoad?: boolean;
}

const indexRowSchema = z.object({ name: z.string(), definition: z.string() });
const staffRefSchema = z.object({ id: z.number(), name: z.string() });
const maxIdSchema = z.object({ max: z.number() });
const nameRowSchema = z.object({ name: z.string() });

/** The orders' indexes that back no constraint (primary key, unique), with their definitions. */
async function plainOrderIndexes(database: Database): Promise<{ name: string; definition: string }[]> {
  return selectRows(
    database.db,
    indexRowSchema,
    sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = 'orders'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = 'orders'::regclass)
    order by i.indexname`,
  );
}

export async function loadDemoOrders(database: Database, options: LoadOptions): Promise<number> {
  const { db } = database;
  if (options.count <= 0) return 0;
  const sites = await selectRows(db, idRow, sql`select id from landing_sites order by id`);
  const staff = await selectRows(
    db,
    staffRefSchema,
    sql`select id, name from team_members where type <> 'Admin' order by id`,
  );
  const staffRefs = staff.length
    ? staff
    : await selectRows(db, staffRefSchema, sql`select id, name from team_members order by id`);
  if (!sites.length || !staffRefs.length) throw new Error('Seed the landing sites and team members before orders.');
  const [maxRow] = await selectRows(
    db,
    maxIdSchema,
    sql`select coalesce(max(order_id), 100000)::bigint as max from orders`,
  );
  const next = await createOrderGenerator({
    firstOrderId: Number(maxRow!.max) + 1,
    landingSiteIds: sites.map((s) => s.id),
    staff: staffRefs,
    count: options.count,
    seed: options.seed ?? Number(maxRow!.max),
    ...(options.now ? { now: options.now } : {}),
    ...(options.spanDays ? { spanDays: options.spanDays } : {}),
  });
  let orderColumns: readonly (typeof ORDER_COLUMNS)[number][] = ORDER_COLUMNS;
  if (options.existingColumnsOnly) {
    const existing = new Set(
      (
        await selectRows(
          db,
          nameRowSchema,
          sql`
      select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'orders'`,
        )
      ).map((c) => c.name),
    );
    orderColumns = ORDER_COLUMNS.filter((c) => existing.has(c));
  }
  const dropped = options.indexesAfterLoad ? await plainOrderIndexes(database) : [];
  for (const index of dropped) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  let done = 0;
  while (done < options.count) {
    const size = Math.min(CHUNK, options.count - done);
    const batch = Array.from({ length: size }, next);
    const { orderCsv, remarkCsv, logCsv } = toCsv(batch, orderColumns, options.ring);
    await copyCsv(database, 'orders', options.ring ? [...orderColumns, ...SEALED_COLUMNS] : orderColumns, orderCsv);
    if (!options.ordersOnly) {
      await copyCsv(database, 'remarks', REMARK_COLUMNS, remarkCsv);
      await copyCsv(database, 'process_logs', LOG_COLUMNS, logCsv);
    }
    done += size;
    options.onProgress?.(done);
  }
  if (dropped.length) options.onPhase?.('building the indexes');
  for (const index of dropped) await db.execute(sql.raw(index.definition));
  options.onPhase?.('updating statistics');
  // Explicit ids were used: move the identity past them so intake continues after the demo orders.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'order_id'), (select max(order_id) from orders))`,
  );
  await db.execute(options.indexesAfterLoad ? sql`vacuum analyze orders` : sql`analyze orders`);
  folderCountsChanged(db);
  return done;
}
