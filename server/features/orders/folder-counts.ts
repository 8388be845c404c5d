/**
 * Folder counts read from the counters that the orders triggers keep (migration
 * 0003): a few hundred small rows instead of a pass over every order.
 * The buckets (order_count_buckets in SQL) mirror the folder predicates of
 * folders.ts; folder-counts.test.ts checks both agree after every action.
 * Future orders are counted per processing date, so an order whose date arrives
 * moves from Future to New at midnight UTC without any row changing.
 *
 * The counter rows are read whole (summed over shards) and folded here, so one
 * read serves every count, the Future month tiles and each queue page's total;
 * counts-snapshot.ts keeps that read per process for a moment.
 */
import { sql } from 'drizzle-orm';
import { MONTHS, STATUS_FOLDERS, type Folder, type FolderCounts } from '../../../shared/orders';
import { selectRows, type Executor } from '../../db/client';

/** One bucket's count on one day ('-infinity' for the buckets that have no day). */
export interface CounterRow { bucket: string; day: string; n: number }

export async function readCounterRows(db: Executor): Promise<CounterRow[]> {
  return selectRows<CounterRow>(db, sql`
    select bucket, day::text as day, sum(n)::int as n
    from order_folder_counts group by bucket, day having sum(n) <> 0`);
}

/** Today's UTC date as YYYY-MM-DD: the day the Future/New split compares with. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** '-infinity' sorts before every ISO date; a real day is compared as text (YYYY-MM-DD). */
const onOrBefore = (day: string, today: string) => day === '-infinity' || day <= today;

/** Which counter rows make up a folder (the SQL buckets of order_count_buckets, mirrored). */
function folderHolds(folder: Folder, staffId: number, today: string, processMonth?: number): (row: CounterRow) => boolean {
  switch (folder) {
    case 'newOrder': return (r) => r.bucket === 'u:standard' || (r.bucket === 'fu' && onOrBefore(r.day, today));
    case 'priorityOrder': return (r) => r.bucket === 'u:priority';
    case 'futureOrder':
      return (r) => (r.bucket === 'fu' || r.bucket === 'fa') && !onOrBefore(r.day, today)
        && (!processMonth || Number(r.day.slice(5, 7)) === processMonth);
    case 'myOrder': { const mine = `m:${staffId}`; return (r) => r.bucket === mine; }
    case 'orderHistory': return (r) => r.bucket.startsWith('s:') && r.bucket !== 's:Deleted';
    default: { const status = `s:${STATUS_FOLDERS[folder]}`; return (r) => r.bucket === status; }
  }
}

const sum = (rows: CounterRow[], holds: (row: CounterRow) => boolean) => rows.reduce((total, r) => (holds(r) ? total + r.n : total), 0);

/** A queue's total (no search) from the counter rows. */
export function folderTotal(rows: CounterRow[], folder: Folder, staffId: number, today = utcToday(), processMonth?: number): number {
  return sum(rows, folderHolds(folder, staffId, today, processMonth));
}

export function foldFolderCounts(rows: CounterRow[], staffId: number, today = utcToday()): FolderCounts {
  const total = (folder: Folder) => folderTotal(rows, folder, staffId, today);
  return {
    myOrdersCount: total('myOrder'),
    newOrdersCount: total('newOrder'),
    priorityOrdersCount: total('priorityOrder'),
    pendingOrdersCount: total('pendingOrder'),
    completedOrdersCount: total('completedOrder'),
    awaitingOrdersCount: total('awaitingOrder'),
    processedOrdersCount: sum(rows, (r) => r.bucket === 'p'),
    awaitingGovtCount: total('awaitingGovt'),
    contactCustomerOrdersCount: total('contactCustomer'),
    customerCalledCount: total('customerCalled'),
    allOrdersCount: total('orderHistory'),
    deletedOrdersCount: total('deletedOrder'),
    refundOrdersCount: total('refundOrder'),
    chargeBackCount: total('ChargeBack'),
  };
}

export type FutureMonthCounts = Record<(typeof MONTHS)[number], number>;

/** Future Order tiles: orders in the Future folder per processing month (Jan..Dec). */
export function foldFutureMonthCounts(rows: CounterRow[], today = utcToday()): FutureMonthCounts {
  const counts = Object.fromEntries(MONTHS.map((m) => [m, 0])) as FutureMonthCounts;
  const future = folderHolds('futureOrder', 0, today);
  for (const r of rows) if (future(r)) counts[MONTHS[Number(r.day.slice(5, 7)) - 1]!] += r.n;
  return counts;
}

/** The counts straight from the database (tests and the benchmark's check compare them with the predicates). */
export async function readFolderCounts(db: Executor, staffId: number, today?: string): Promise<FolderCounts> {
  return foldFolderCounts(await readCounterRows(db), staffId, today);
}

export async function readFutureMonthCounts(db: Executor, today?: string): Promise<FutureMonthCounts> {
  return foldFutureMonthCounts(await readCounterRows(db), today);
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
