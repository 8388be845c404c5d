/**
 * Issue 6's part of `npm run bench`: the report endpoints at a million orders.
 *  - setUpReportBench (bench/server.ts): a Manager to sign report requests, and bare twins of the
 *    report routes (same service functions, no validation/auth/serializer/logging).
 *  - reportScenarios (bench/run.ts): Country Order List and Order Processed for a calendar month, a
 *    range across months, and all time; the Order Processing Logs list for a month and all time, and
 *    one order's logs. Goals from the issue: p99 <= 50 ms for a month, <= 200 ms for all time.
 *  - checkReportCounts (bench/run.ts, after the write benchmark): the answers equal a direct count
 *    over the orders and process logs, exactly.
 */
import type { FastifyInstance } from 'fastify';
import type autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Database } from '../server/db/client';
import { orderIdRow } from '../server/db/row-schemas';
import { countryRowSchema, processedByRowSchema } from '../shared/schemas/reports';
import { teamMembers } from '../server/db/schema';
import { sessionToken } from '../server/features/auth/sessions.service';
import { hashPassword } from '../server/features/auth/auth.service';
import {
  countryOrderCounts,
  processedByCounts,
  processingLogsPage,
  processLogsForOrder,
} from '../server/features/reports/reports.service';
import type { Staff } from '../server/lib/auth';

const MANAGER_EMAIL = 'bench.manager@arrivalcard.example';

/** In bench/server.ts: a Manager for the report routes and the bare twins; returns the Manager's token. */
export async function setUpReportBench(
  app: FastifyInstance,
  bare: FastifyInstance,
  database: Database,
): Promise<{ managerToken: string }> {
  let [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.email, MANAGER_EMAIL));
  if (!member) {
    [member] = await database.db
      .insert(teamMembers)
      .values({
        name: 'Bench Manager',
        email: MANAGER_EMAIL,
        type: 'Manager',
        passwordHash: await hashPassword('bench-only-password'),
      })
      .returning();
  }
  const manager: Staff = { id: member!.id, name: member!.name, email: member!.email, type: 'Manager' };
  type Range = { Body: { fromDate?: string; toDate?: string } };
  bare.post<Range>('/bare/get-country-order-count', async (request) => ({
    status: 1,
    message: 'Success',
    data: await countryOrderCounts(database.db, manager, request.body ?? {}),
  }));
  bare.post<Range>('/bare/get-processed-by-count', async (request) => ({
    status: 1,
    message: 'Success',
    data: await processedByCounts(database.db, manager, request.body ?? {}),
  }));
  bare.post<{ Body: { page: number; limit: number; fromDate?: string; toDate?: string } }>(
    '/bare/get-processed-by-info',
    async (request) => {
      const result = await processingLogsPage(database.db, manager, { search: '', ...request.body });
      return { status: 1, message: 'Success', data: result.rows, totalRecords: result.totalRecords };
    },
  );
  bare.get<{ Params: { orderId: string } }>('/bare/get-processlogs-by-orderid/:orderId', async (request) => ({
    status: 1,
    message: 'Success',
    data: await processLogsForOrder(database.db, manager, Number(request.params.orderId)),
  }));
  return { managerToken: await sessionToken(database.db, app.jwt, member!, { seconds: 24 * 3600, ip: '127.0.0.1' }) };
}

interface Scenario {
  name: string;
  goal: string;
  real: autocannon.Options;
  bare: autocannon.Options;
}

const toDay = (d: Date) => d.toISOString().slice(0, 10);
const newestRow = z.object({ newest: z.string() });
const logOrderRow = z.object({ order_id: z.number(), n: z.number() });

/** The ranges measured, from the data itself: the last whole calendar month before the newest order, and 45 days across months. */
export async function reportRanges(database: Database) {
  const [row] = await selectRows(database.db, newestRow, sql`select max(created_at) as newest from orders`);
  const newest = new Date(row!.newest);
  const monthStart = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth(), 0));
  const across = {
    fromDate: toDay(new Date(newest.getTime() - 60 * 86_400_000)),
    toDate: toDay(new Date(newest.getTime() - 15 * 86_400_000)),
  };
  return {
    month: { fromDate: toDay(monthStart), toDate: toDay(monthEnd) },
    across,
    all: {} as { fromDate?: string; toDate?: string },
  };
}

export async function reportScenarios(
  database: Database,
  real: string,
  bare: string,
  managerToken: string,
): Promise<Scenario[]> {
  const auth = { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' };
  const json = { 'content-type': 'application/json' };
  // A freshly loaded database has not been auto-analyzed yet; the planner needs the counters' statistics.
  await database.db.execute(sql`vacuum analyze order_report_counts, order_log_days, order_log_day_counts`);
  const { month, across, all } = await reportRanges(database);
  const [busy] = await selectRows(
    database.db,
    orderIdRow,
    sql`select order_id from order_log_days order by steps desc, order_id limit 1`,
  );
  const post = (name: string, path: string, body: object, goal: string): Scenario => ({
    name,
    goal,
    real: { url: `${real}/${path}`, method: 'POST', headers: auth, body: JSON.stringify(body) },
    bare: { url: `${bare}/${path}`, method: 'POST', headers: json, body: JSON.stringify(body) },
  });
  const label = (r: { fromDate?: string; toDate?: string }) => (r.fromDate ? `${r.fromDate}..${r.toDate}` : 'all time');
  return [
    post(`country list, month ${label(month)}`, 'get-country-order-count', month, 'p99 <= 50 ms'),
    post(`country list, ${label(across)}`, 'get-country-order-count', across, 'p99 <= 50 ms'),
    post('country list, all time', 'get-country-order-count', all, 'p99 <= 200 ms'),
    post(`processed by, month ${label(month)}`, 'get-processed-by-count', month, 'p99 <= 50 ms'),
    post('processed by, all time', 'get-processed-by-count', all, 'p99 <= 200 ms'),
    post(
      `processing logs page 1, month ${label(month)}`,
      'get-processed-by-info',
      { page: 1, limit: 10, ...month },
      'p99 <= 50 ms',
    ),
    post(
      `processing logs page 100, month ${label(month)}`,
      'get-processed-by-info',
      { page: 100, limit: 10, ...month },
      'p99 <= 50 ms',
    ),
    post('processing logs page 1, all time', 'get-processed-by-info', { page: 1, limit: 10 }, 'p99 <= 200 ms'),
    {
      name: `process logs of order ${busy!.order_id}`,
      goal: 'p99 <= 50 ms',
      real: { url: `${real}/get-processlogs-by-orderid/${busy!.order_id}`, headers: auth },
      bare: { url: `${bare}/get-processlogs-by-orderid/${busy!.order_id}` },
    },
  ];
}

/**
 * After the run (status moves included): every report answer equals a direct count over the orders
 * and process logs. Returns what differs (empty when all agree) and how long the direct counts took.
 */
export async function checkReportCounts(database: Database): Promise<{ mismatches: string[]; directMs: number }> {
  const { db } = database;
  const manager: Staff = { id: 0, name: 'check', email: 'check@bench.example', type: 'Admin' };
  const ranges = await reportRanges(database);
  const mismatches: string[] = [];
  let directMs = 0;
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    directMs = Math.max(directMs, Date.now() - started);
    return result;
  };
  for (const [name, r] of Object.entries(ranges)) {
    const within = (column: string) =>
      sql`${r.fromDate ? sql`(${sql.raw(column)} at time zone 'UTC')::date between ${r.fromDate}::date and ${r.toDate}::date` : sql`true`}`;
    const country = await countryOrderCounts(db, manager, r);
    const direct = await timed(() =>
      selectRows(
        db,
        countryRowSchema,
        sql`
      select nationality, count(*)::int as count,
        (count(*) filter (where processing_mode = 'standard'))::int as standard_count,
        (count(*) filter (where processing_mode = 'priority'))::int as priority_count,
        (count(*) filter (where processing_mode = 'future'))::int as future_count
      from orders where process_status <> 'Deleted' and ${within('created_at')}
      group by nationality order by count desc, nationality`,
      ),
    );
    if (JSON.stringify(country) !== JSON.stringify(direct)) mismatches.push(`country ${name}`);
    const processed = await processedByCounts(db, manager, r);
    const directProcessed = await timed(() =>
      selectRows(
        db,
        processedByRowSchema,
        sql`
      select processed_by_name as processed_by, count(*)::int as count from orders
      where processed_at is not null and process_status <> 'Deleted' and ${within('processed_at')}
      group by 1 order by 2 desc, 1`,
      ),
    );
    if (JSON.stringify(processed) !== JSON.stringify(directProcessed)) mismatches.push(`processed ${name}`);
    const logs = await processingLogsPage(db, manager, { page: 1, limit: 100, search: '', ...r });
    const directLogs = await timed(() =>
      selectRows(
        db,
        logOrderRow,
        sql`
      select order_id, count(*) over ()::int as n from process_logs where ${within('update_time')}
      group by order_id order by max(update_time) desc, order_id desc limit 100`,
      ),
    );
    if (
      logs.totalRecords !== (directLogs[0]?.n ?? 0) ||
      JSON.stringify(logs.rows.map((x) => x.order_id)) !== JSON.stringify(directLogs.map((x) => Number(x.order_id)))
    ) {
      mismatches.push(`processing logs ${name}`);
    }
  }
  return { mismatches, directMs };
}
