/**
 * The request for information counted (product: information-requests.md#report): per UTC month, the requests sent,
 * those answered, how long answers took, and the orders that needed one. (The requests open now are a metric, read
 * by the metrics feature at scrape time.)
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import type { RequestReportRow } from '../../../shared/schemas/information-requests';

const sentSchema = z.object({ month: z.string(), sent: z.number(), orders: z.number() });
const answeredSchema = z.object({
  month: z.string(),
  answered: z.number(),
  median_hours: z.number().nullable(),
  average_hours: z.number().nullable(),
});

const MONTH = sql`'YYYY-MM'`;
const hours = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Months with requests sent or answered between the two UTC days (both included, either open), newest first; Admin and Manager. */
export async function monthlyRequestFigures(
  db: Executor,
  staff: Staff,
  range: { fromDate?: string | undefined; toDate?: string | undefined },
): Promise<RequestReportRow[]> {
  requirePermission(staff, 'reports:processed');
  const within = (column: string) => sql`
    ${range.fromDate ? sql`${sql.identifier(column)} >= ${range.fromDate}::date` : sql`true`}
    and ${range.toDate ? sql`${sql.identifier(column)} < ${range.toDate}::date + 1` : sql`true`}`;
  const [sent, answered] = await Promise.all([
    selectRows(
      db,
      sentSchema,
      sql`
      select to_char(created_at at time zone 'UTC', ${MONTH}) as month, count(*)::int as sent,
        count(distinct order_id)::int as orders
      from information_requests where ${within('created_at')} group by 1`,
    ),
    selectRows(
      db,
      answeredSchema,
      sql`
      select to_char(answered_at at time zone 'UTC', ${MONTH}) as month, count(*)::int as answered,
        (percentile_cont(0.5) within group (order by extract(epoch from answered_at - created_at)) / 3600)::float8 as median_hours,
        (avg(extract(epoch from answered_at - created_at)) / 3600)::float8 as average_hours
      from information_requests where answered_at is not null and ${within('answered_at')} group by 1`,
    ),
  ]);
  const months = [...new Set([...sent.map((r) => r.month), ...answered.map((r) => r.month)])].sort().reverse();
  return months.map((month) => {
    const s = sent.find((r) => r.month === month);
    const a = answered.find((r) => r.month === month);
    return {
      month,
      sent: s?.sent ?? 0,
      answered: a?.answered ?? 0,
      orders: s?.orders ?? 0,
      median_hours_to_answer: hours(a?.median_hours ?? null),
      average_hours_to_answer: hours(a?.average_hours ?? null),
    };
  });
}
