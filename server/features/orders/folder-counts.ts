/**
 * Folder counts read from the counters that the orders triggers keep (migration
 * 0003): a sum over a few hundred small rows instead of a pass over every order.
 * The buckets (order_count_buckets in SQL) mirror the folder predicates of
 * folders.ts; folder-counts.test.ts checks both agree after every action.
 * Future orders are counted per processing date, so an order whose date arrives
 * moves from Future to New at midnight UTC without any row changing.
 */
import { sql } from 'drizzle-orm';
import { MONTHS, type FolderCounts } from '../../../shared/orders';
import { selectRows, type Executor } from '../../db/client';
import { todaySql } from './folders';

const n = (where: ReturnType<typeof sql>) => sql`coalesce(sum(n) filter (where ${where}), 0)::int`;

export async function readFolderCounts(db: Executor, staffId: number, today?: string): Promise<FolderCounts> {
  const day = todaySql(today);
  const status = (s: string) => n(sql`bucket = ${`s:${s}`}`);
  const [row] = await selectRows<FolderCounts>(db, sql`
    select
      ${n(sql`bucket = ${`m:${staffId}`}`)} as "myOrdersCount",
      ${n(sql`bucket = 'u:standard' or (bucket = 'fu' and day <= ${day})`)} as "newOrdersCount",
      ${n(sql`bucket = 'u:priority'`)} as "priorityOrdersCount",
      ${status('Pending')} as "pendingOrdersCount",
      ${status('Completed')} as "completedOrdersCount",
      ${status('Awaiting')} as "awaitingOrdersCount",
      ${n(sql`bucket = 'p'`)} as "processedOrdersCount",
      ${status('AwaitingGovt')} as "awaitingGovtCount",
      ${status('Contact Customer')} as "contactCustomerOrdersCount",
      ${status('Customer Called')} as "customerCalledCount",
      ${n(sql`bucket like 's:%' and bucket <> 's:Deleted'`)} as "allOrdersCount",
      ${status('Deleted')} as "deletedOrdersCount",
      ${status('Refunds')} as "refundOrdersCount",
      ${status('ChargeBack')} as "chargeBackCount"
    from order_folder_counts`);
  return row!;
}

export type FutureMonthCounts = Record<(typeof MONTHS)[number], number>;

/** Future Order tiles: orders in the Future folder per processing month (Jan..Dec). */
export async function readFutureMonthCounts(db: Executor, today?: string): Promise<FutureMonthCounts> {
  const rows = await selectRows<{ month: number; count: number }>(db, sql`
    select extract(month from day)::int as month, sum(n)::int as count
    from order_folder_counts where bucket in ('fu', 'fa') and day > ${todaySql(today)}
    group by 1`);
  const counts = Object.fromEntries(MONTHS.map((m) => [m, 0])) as FutureMonthCounts;
  for (const r of rows) counts[MONTHS[r.month - 1]!] = r.count;
  return counts;
}

/**
 * Recomputes every counter from the orders (repair tool and the benchmark's reset
 * after it measured with the triggers off). Locks orders against writes meanwhile.
 * Also drops the rows that sum to zero.
 */
export async function rebuildFolderCounts(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders in share mode`);
    await tx.execute(sql`delete from order_folder_counts`);
    await tx.execute(sql`
      insert into order_folder_counts (bucket, day, shard, n)
      select b.bucket, b.day, 0, count(*)
      from orders r
      cross join lateral order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
      group by b.bucket, b.day`);
  });
}
