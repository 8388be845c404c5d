/**
 * Bulk-loads generated orders (with their remarks and process-log lines) using
 * COPY in CSV form: PGlite reads it from a blob, PostgreSQL from a stream.
 * This is what lets `npm run seed -- --orders 1000000` finish in minutes.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client';
import { createOrderGenerator, ORDER_COLUMNS, type GeneratedOrder, type StaffRef } from './demo-orders';
import { folderCountsChanged } from '../features/orders/counts-snapshot';

const CHUNK = 5000;

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return `"${value.replace(/"/g, '""')}"`;
}
const csvLine = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',') + '\n';

const REMARK_COLUMNS = ['order_id', 'remark', 'remark_name', 'staff_id', 'whatsapp', 'telephone', 'status_refund', 'voided', 'chargeback', 'report_error', 'created_at'];
const LOG_COLUMNS = ['order_id', 'step_name', 'staff_id', 'staff_name', 'update_time'];

function toCsv(orders: GeneratedOrder[]) {
  let orderCsv = '';
  let remarkCsv = '';
  let logCsv = '';
  for (const order of orders) {
    const id = order.values.order_id;
    orderCsv += csvLine(ORDER_COLUMNS.map((c) => order.values[c]));
    for (const r of order.remarks) {
      const flag = (f: string) => (r.flags.includes(f) ? 'Y' : null);
      remarkCsv += csvLine([id, r.remark, r.remarkName, r.staffId, flag('whatsapp'), flag('telephone'), flag('status_refund'), flag('voided'), flag('chargeback'), null, r.createdAt.toISOString()]);
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
}

export async function loadDemoOrders(database: Database, options: LoadOptions): Promise<number> {
  const { db } = database;
  if (options.count <= 0) return 0;
  const sites = await selectRows<{ id: number }>(db, sql`select id from landing_sites order by id`);
  const staff = await selectRows<StaffRef>(db, sql`select id, name from team_members where type <> 'Admin' order by id`);
  const staffRefs = staff.length ? staff : await selectRows<StaffRef>(db, sql`select id, name from team_members order by id`);
  if (!sites.length || !staffRefs.length) throw new Error('Seed the landing sites and team members before orders.');
  const [maxRow] = await selectRows<{ max: number }>(db, sql`select coalesce(max(order_id), 100000)::bigint as max from orders`);
  const next = createOrderGenerator({
    firstOrderId: Number(maxRow!.max) + 1,
    landingSiteIds: sites.map((s) => s.id),
    staff: staffRefs,
    count: options.count,
    seed: options.seed ?? Number(maxRow!.max),
    ...(options.now ? { now: options.now } : {}),
    ...(options.spanDays ? { spanDays: options.spanDays } : {}),
  });
  let done = 0;
  while (done < options.count) {
    const size = Math.min(CHUNK, options.count - done);
    const batch = Array.from({ length: size }, next);
    const { orderCsv, remarkCsv, logCsv } = toCsv(batch);
    await copyCsv(database, 'orders', ORDER_COLUMNS, orderCsv);
    await copyCsv(database, 'remarks', REMARK_COLUMNS, remarkCsv);
    await copyCsv(database, 'process_logs', LOG_COLUMNS, logCsv);
    done += size;
    options.onProgress?.(done);
  }
  // Explicit ids were used: move the identity past them so intake continues after the demo orders.
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'order_id'), (select max(order_id) from orders))`);
  await db.execute(sql`analyze orders`);
  folderCountsChanged(db);
  return done;
}
