/**
 * Reports: Country Order List, Order Processed, Order Processing Logs and one order's
 * process logs. The two summary reports read order_report_counts and the logs list reads
 * order_log_days / order_log_day_counts, all kept exact by triggers (migration 0006), so a report
 * is a sum over a few hundred small rows whatever the number of orders (docs/performance.md). Their rebuild from
 * the orders and process logs: report-counters.ts.
 *
 * What is counted (product: orders.md#reports, docs/decisions/0006-reports-and-gateway.md):
 * - Country Order List: orders that are not Deleted (the orders of Order History), by the UTC day
 *   they were placed, per nationality and processing mode.
 * - Order Processed: orders processed (moved to Completed or given their document) and not Deleted,
 *   by the UTC day they were processed, per processed_by_name: the dashboard's processed figure.
 * - Order Processing Logs: orders with at least one process-log line in the range, latest first.
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '../../../shared/schemas/order-list-texts';
import {
  countryRowSchema,
  processedByRowSchema,
  type CountryRow,
  type ProcessedByRow,
  type ProcessingLogRow,
  type ProcessLog,
} from '../../../shared/schemas/reports';
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import { orderExists } from '../../db/order-lookups';
import { totalRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';

/** UTC days, YYYY-MM-DD, both included; either end may be open. */
export interface ReportRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const DAY_MS = 86_400_000;
const toDay = (d: Date) => d.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => toDay(new Date(parseDay(day).getTime() + DAY_MS));
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
function firstOfNextMonth(day: string): string {
  const d = parseDay(firstOfMonth(day));
  return toDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/**
 * Which order_report_counts rows make up [from, to]: the whole months inside it from the 'm' rows,
 * the days at its ends (before the first whole month, after the last) from the 'd' rows, each as a
 * tight key range. No dates: every month.
 */
export function rangeRows({ fromDate: from, toDate: to }: ReportRange): SQL {
  if (!from && !to) return sql`grain = 'm'`;
  // Whole months lie in [fullStart, fullEnd); an open end is null.
  const fullStart = from ? (from.endsWith('-01') ? from : firstOfNextMonth(from)) : null;
  const fullEnd = to ? firstOfMonth(nextDay(to)) : null;
  const parts: SQL[] = [];
  const days = (lo: string | undefined, hiExclusive: string | null, hiInclusive?: string) => {
    const c = [sql`grain = 'd'`];
    if (lo) c.push(sql`day >= ${lo}::date`);
    if (hiExclusive) c.push(sql`day < ${hiExclusive}::date`);
    if (hiInclusive) c.push(sql`day <= ${hiInclusive}::date`);
    parts.push(sql`(${sql.join(c, sql` and `)})`);
  };
  if (fullStart && fullEnd && fullStart >= fullEnd) {
    days(from, null, to); // no whole month inside: days only
  } else {
    const m = [sql`grain = 'm'`];
    if (fullStart) m.push(sql`day >= ${fullStart}::date`);
    if (fullEnd) m.push(sql`day < ${fullEnd}::date`);
    parts.push(sql`(${sql.join(m, sql` and `)})`);
    if (from && fullStart && from < fullStart) days(from, fullStart);
    if (to && fullEnd && fullEnd <= to) days(fullEnd, null, to);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Orders per nationality with their processing modes, most orders first. Every staff role may read it. */
export async function countryOrderCounts(db: Executor, staff: Staff, range: ReportRange): Promise<CountryRow[]> {
  requirePermission(staff, 'orders:work');
  // Prepared: the range takes one of a few SQL shapes (rangeRows), the dates are parameters. A row's counts
  // fit an int, so the sums are bigint, not numeric.
  return selectPrepared(
    db,
    countryRowSchema,
    sql`
    select label as nationality, sum((n_standard + n_priority + n_future)::int)::int as count,
      sum(n_standard::int)::int as standard_count, sum(n_priority::int)::int as priority_count, sum(n_future::int)::int as future_count
    from order_report_counts
    where report = 'country' and ${rangeRows(range)}
    group by label having sum((n_standard + n_priority + n_future)::int) > 0
    order by count desc, label`,
  );
}

/** Orders processed per staff member (Admin and Manager only). */
export async function processedByCounts(db: Executor, staff: Staff, range: ReportRange): Promise<ProcessedByRow[]> {
  requirePermission(staff, 'reports:processed');
  return selectPrepared(
    db,
    processedByRowSchema,
    sql`
    select label as processed_by, sum((n_standard + n_priority + n_future)::int)::int as count
    from order_report_counts
    where report = 'processed' and ${rangeRows(range)}
    group by label having sum((n_standard + n_priority + n_future)::int) > 0
    order by count desc, label`,
  );
}

const MAX_ID_DIGITS = 15;
/** Order id prefix as ranges on the key: "1234" -> 1234, 12340..12349, 123400..123499, ... */
function idPrefix(column: SQL, digits: string): SQL {
  const ranges: SQL[] = [];
  for (let width = digits.length; width <= MAX_ID_DIGITS; width++) {
    const scale = 10 ** (width - digits.length);
    const high = (Number(digits) + 1) * scale - 1;
    if (!Number.isSafeInteger(high)) break;
    ranges.push(sql`${column} between ${Number(digits) * scale} and ${high}`);
  }
  return sql`(${sql.join(ranges, sql` or `)})`;
}

export interface ProcessingLogsPage {
  rows: ProcessingLogRow[];
  totalRecords: number;
  /** With a search, matches are counted up to SEARCH_COUNT_CAP (as the queues do). */
  totalCapped: boolean;
}

export interface ProcessingLogsInput {
  page: number;
  limit: number;
  search: string;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const logDayRowSchema = z.object({ order_id: z.number(), last_at: z.string() });

/**
 * A page of the orders with process-log lines in [fromDate, toDate] (every order with lines when
 * there are no dates), the latest activity first. search: order id prefix.
 */
export async function processingLogsPage(
  db: Executor,
  staff: Staff,
  input: ProcessingLogsInput,
): Promise<ProcessingLogsPage> {
  requirePermission(staff, 'reports:processed');
  const { fromDate: from, toDate: to } = input;
  const inRange =
    from && to
      ? sql`d.day between ${from}::date and ${to}::date and d.next_day > ${to}::date
        and d.last_at >= ${`${from}T00:00:00Z`}::timestamptz and d.last_at < ${`${nextDay(to)}T00:00:00Z`}::timestamptz`
      : sql`d.next_day = 'infinity'`;
  const term = input.search.trim().toLowerCase().replace(/^#/, '');
  if (term && !/^[1-9]\d{0,14}$/.test(term)) return { rows: [], totalRecords: 0, totalCapped: false };
  const where = term ? sql`${inRange} and ${idPrefix(sql`d.order_id`, term)}` : inRange;
  const offset = (input.page - 1) * input.limit;
  // "nulls last" as in order_log_days_last_idx, so the page is a walk down that index.
  const rows = await selectRows(
    db,
    logDayRowSchema,
    sql`
    select d.order_id, d.last_at from order_log_days d where ${where}
    order by d.last_at desc nulls last, d.order_id desc nulls last limit ${input.limit} offset ${offset}`,
  );
  const page = rows.map((r) => ({ order_id: Number(r.order_id), last_update_time: new Date(r.last_at).toISOString() }));
  if (!term) {
    const countWhere =
      from && to
        ? sql`day between ${from}::date and ${to}::date and next_day > ${to}::date`
        : sql`next_day = 'infinity'`;
    const [total] = await selectRows(
      db,
      totalRow,
      sql`select coalesce(sum(n), 0)::int as total from order_log_day_counts where ${countWhere}`,
    );
    return { rows: page, totalRecords: total!.total, totalCapped: false };
  }
  const [counted] = await selectRows(
    db,
    totalRow,
    sql`
    select count(*)::int as total from (select 1 from order_log_days d where ${where} limit ${SEARCH_COUNT_CAP + 1}) m`,
  );
  return {
    rows: page,
    totalRecords: Math.min(counted!.total, SEARCH_COUNT_CAP),
    totalCapped: counted!.total > SEARCH_COUNT_CAP,
  };
}

const processLogRowSchema = z.object({
  order_id: z.number(),
  step_name: z.string(),
  staff_name: z.string().nullable(),
  update_time: z.string(),
});

/** Every process-log line of one order, oldest first (Process Logs Details). */
export async function processLogsForOrder(db: Executor, staff: Staff, orderId: number): Promise<ProcessLog[]> {
  requirePermission(staff, 'reports:processed');
  if (!(await orderExists(db, orderId))) throw new NotFoundError(ORDER_NOT_FOUND);
  const rows = await selectRows(
    db,
    processLogRowSchema,
    sql`
    select order_id, step_name, staff_name, update_time from process_logs where order_id = ${orderId} order by update_time, id`,
  );
  return rows.map((r) => ({
    order_id: Number(r.order_id),
    step_name: r.step_name,
    staff_name: r.staff_name,
    update_time: new Date(r.update_time).toISOString(),
  }));
}
