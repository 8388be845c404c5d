/**
 * The reports' counters rebuilt from their sources: order_report_counts from the orders (through
 * order_report_buckets, the function the orders triggers use, so a rebuild counts as they do) and order_log_days /
 * order_log_day_counts from the process logs. A repair tool: the triggers keep the counters exact (migration 0006),
 * and reports.service.ts reads them. It locks orders and process logs against writes for its transaction, so that
 * no change slips between the counts and the rows they count.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Recomputes every report counter in one transaction; the counters read the same as the triggers' after it. */
export async function rebuildReportCounts(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders, process_logs in share mode`);
    await tx.execute(sql`delete from order_report_counts`);
    await tx.execute(sql`
      insert into order_report_counts (report, grain, day, label, n_standard, n_priority, n_future)
      select b.report, b.grain, b.day, b.label,
        count(*) filter (where b.mode = 'standard'), count(*) filter (where b.mode = 'priority'), count(*) filter (where b.mode = 'future')
      from orders r
      cross join lateral order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
      group by 1, 2, 3, 4`);
    await tx.execute(sql`delete from order_log_days`);
    await tx.execute(sql`delete from order_log_day_counts`);
    await tx.execute(sql`
      insert into order_log_days (order_id, day, next_day, last_at, steps)
      select s.order_id, s.day, coalesce(lead(s.day) over (partition by s.order_id order by s.day), 'infinity'::date), s.last_at, s.steps
      from (select order_id, (update_time at time zone 'UTC')::date as day, max(update_time) as last_at, count(*)::int as steps
            from process_logs group by 1, 2) s`);
    await tx.execute(
      sql`insert into order_log_day_counts (day, next_day, shard, n) select day, next_day, 0, count(*) from order_log_days group by 1, 2`,
    );
  });
}
