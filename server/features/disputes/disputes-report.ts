/**
 * The Disputes report (product: disputes.md#report): by month the dispute was opened (UTC) and gateway, in each
 * currency, how many were received, how many had their evidence submitted before the due date, won, lost (accepted
 * ones count as lost), and the amount of those won. Admin and Manager, who send the evidence.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import {
  DISPUTE_GATEWAYS,
  DISPUTE_MESSAGES,
  DISPUTES_REPORT_PERMISSION,
  GATEWAY_LABELS,
  type DisputesReportRow,
} from '../../../shared/schemas/disputes';

const reportRow = z.object({
  month: z.string(),
  gateway: z.enum(DISPUTE_GATEWAYS),
  currency: z.string().nullable(),
  received: z.number(),
  submitted_in_time: z.number(),
  won: z.number(),
  lost: z.number(),
  amount_recovered: z.string(),
});

export async function disputesReport(
  db: Executor,
  staff: Staff,
  range: { from: string; to: string },
): Promise<DisputesReportRow[]> {
  requirePermission(staff, DISPUTES_REPORT_PERMISSION, DISPUTE_MESSAGES.reportForbidden);
  const start = `${range.from}-01T00:00:00Z`;
  const [y, m] = range.to.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m, 1)).toISOString();
  const rows = await selectRows(
    db,
    reportRow,
    sql`
    select to_char(opened_at at time zone 'UTC', 'YYYY-MM') as month, gateway, currency,
      count(*)::int as received,
      (count(*) filter (where submitted_at is not null
        and (evidence_due_at is null or submitted_at <= evidence_due_at)))::int as submitted_in_time,
      (count(*) filter (where state = 'won'))::int as won,
      (count(*) filter (where state in ('lost', 'accepted')))::int as lost,
      (coalesce(sum(amount) filter (where state = 'won'), 0))::numeric(14, 2)::text as amount_recovered
    from disputes
    where opened_at >= ${start} and opened_at < ${end}
    group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((r) => ({ ...r, gateway_label: GATEWAY_LABELS[r.gateway] }));
}
