/**
 * Folder counts read from the counters that the orders triggers keep (migration
 * 0003): a few hundred small rows instead of a pass over every order.
 * The buckets (order_count_buckets in SQL) mirror the folder predicates of
 * folders.ts; folder-counts.test.ts checks both agree after every action.
 * Future orders are counted per processing date, so an order whose date arrives
 * moves from Future to New at midnight UTC without any row changing.
 *
 * The counter rows are read whole (summed over shards) and totalled here, so one
 * read serves every count, the Future month tiles and each queue page's total;
 * counts-snapshot.ts keeps those totals per process for a moment.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MONTHS, STATUS_FOLDERS, type Folder, type FolderCounts } from '../../../shared/orders';
import { selectRows, type Executor } from '../../db/client';
import { utcToday } from './folders';

/** One bucket's count on one day ('-infinity' for the buckets that have no day; null for a future order without a date). */
const counterRowSchema = z.object({ bucket: z.string(), day: z.string().nullable(), n: z.number() });
export type CounterRow = z.infer<typeof counterRowSchema>;

/** Every counter row summed over its shards (the plan check proves it reads no orders). */
export const counterRowsQuery = sql`
    select bucket, day::text as day, sum(n)::int as n
    from order_folder_counts group by bucket, day having sum(n) <> 0`;

export async function readCounterRows(db: Executor): Promise<CounterRow[]> {
  return selectRows(db, counterRowSchema, counterRowsQuery);
}

/**
 * The counter rows summed once per bucket, so each count is a lookup: the
 * day-less buckets by name, and the Future buckets ('fu' unassigned, 'fa'
 * assigned) per processing day, in day order.
 */
export interface CounterTotals {
  buckets: ReadonlyMap<string, number>;
  futureDays: readonly { day: string; unassigned: number; assigned: number }[];
}

export function totalCounters(rows: CounterRow[]): CounterTotals {
  const buckets = new Map<string, number>();
  const days = new Map<string, { day: string; unassigned: number; assigned: number }>();
  for (const r of rows) {
    if (r.bucket === 'fu' || r.bucket === 'fa') {
      // A future order without a processing date is in neither New nor Future (as in folders.ts).
      if (r.day === null) continue;
      let entry = days.get(r.day);
      if (!entry) days.set(r.day, (entry = { day: r.day, unassigned: 0, assigned: 0 }));
      if (r.bucket === 'fu') entry.unassigned += r.n;
      else entry.assigned += r.n;
      continue;
    }
    buckets.set(r.bucket, (buckets.get(r.bucket) ?? 0) + r.n);
  }
  const futureDays = [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { buckets, futureDays };
}

/** '-infinity' sorts before every ISO date; a real day is compared as text (YYYY-MM-DD). */
const onOrBefore = (day: string, today: string) => day === '-infinity' || day <= today;
const monthOf = (day: string) => Number(day.slice(5, 7));

/**
 * The one bucket that holds a folder, for the folders that are not split by processing date (New and
 * Future are), mirroring order_count_buckets in SQL.
 */
function folderBucket(folder: Exclude<Folder, 'newOrder' | 'futureOrder'>, staffId: number): string {
  switch (folder) {
    case 'priorityOrder':
      return 'u:priority';
    case 'myOrder':
      return `m:${staffId}`;
    case 'orderHistory':
      return 'h';
    default:
      return `s:${STATUS_FOLDERS[folder]}`;
  }
}

/** A queue's total (no search). */
export function folderTotal(
  totals: CounterTotals,
  folder: Folder,
  staffId: number,
  today = utcToday(),
  processMonth?: number,
): number {
  const bucket = (name: string) => totals.buckets.get(name) ?? 0;
  switch (folder) {
    case 'newOrder': {
      let due = 0;
      for (const d of totals.futureDays) {
        if (!onOrBefore(d.day, today)) break;
        due += d.unassigned;
      }
      return bucket('u:standard') + due;
    }
    case 'futureOrder': {
      let future = 0;
      for (const d of totals.futureDays) {
        if (onOrBefore(d.day, today) || (processMonth && monthOf(d.day) !== processMonth)) continue;
        future += d.unassigned + d.assigned;
      }
      return future;
    }
    default:
      return bucket(folderBucket(folder, staffId));
  }
}

/**
 * The buckets whose `changes` (summed over shards) are a folder's version: the sum moves whenever the
 * folder gains or loses an order, and never goes back (migration 0013). New and Future read the
 * day-less 'v:' twins of their dated buckets, which also move when a future order's date does.
 */
export function folderVersionBuckets(folder: Folder, staffId: number): string[] {
  switch (folder) {
    case 'newOrder':
      return ['u:standard', 'v:fu'];
    case 'futureOrder':
      return ['v:fu', 'v:fa'];
    default:
      return [folderBucket(folder, staffId)];
  }
}

/** A one-row query of the folder's version (text, as bigint sums can pass 2^53): for statements and tests alike. */
export const folderVersionQuery = (folder: Folder, staffId: number) => sql`
  select coalesce(sum(c.changes), 0)::text as version from order_folder_counts c
  where c.bucket in (${sql.join(
    folderVersionBuckets(folder, staffId).map((b) => sql`${b}`),
    sql`, `,
  )})`;

const versionSchema = z.object({ version: z.string() });

export async function readFolderVersion(db: Executor, folder: Folder, staffId: number): Promise<bigint> {
  const [row] = await selectRows(db, versionSchema, folderVersionQuery(folder, staffId));
  return BigInt(row!.version);
}

export function foldFolderCounts(totals: CounterTotals, staffId: number, today = utcToday()): FolderCounts {
  const total = (folder: Folder) => folderTotal(totals, folder, staffId, today);
  return {
    myOrdersCount: total('myOrder'),
    newOrdersCount: total('newOrder'),
    priorityOrdersCount: total('priorityOrder'),
    pendingOrdersCount: total('pendingOrder'),
    completedOrdersCount: total('completedOrder'),
    awaitingOrdersCount: total('awaitingOrder'),
    processedOrdersCount: totals.buckets.get('p') ?? 0,
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
export function foldFutureMonthCounts(totals: CounterTotals, today = utcToday()): FutureMonthCounts {
  const counts = Object.fromEntries(MONTHS.map((m) => [m, 0])) as FutureMonthCounts;
  for (const d of totals.futureDays) {
    if (!onOrBefore(d.day, today)) counts[MONTHS[monthOf(d.day) - 1]!] += d.unassigned + d.assigned;
  }
  return counts;
}

/** The counts straight from the database (tests and the benchmark's check compare them with the predicates). */
export async function readFolderCounts(db: Executor, staffId: number, today?: string): Promise<FolderCounts> {
  return foldFolderCounts(totalCounters(await readCounterRows(db)), staffId, today);
}

export async function readFutureMonthCounts(db: Executor, today?: string): Promise<FutureMonthCounts> {
  return foldFutureMonthCounts(totalCounters(await readCounterRows(db)), today);
}

/**
 * Recomputes every counter from the orders (repair tool and the benchmark's reset
 * after it measured with the triggers off). Locks orders against writes meanwhile.
 * Folds the shards into shard 0. Folder versions only rise: every row that was there
 * keeps its `changes` plus one (a row is never dropped, which would lower a sum), and a
 * new row starts at its count.
 */
export async function rebuildFolderCounts(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders in share mode`);
    await tx.execute(sql`
      insert into order_folder_counts (bucket, day, shard, n, changes)
      select bucket, day, 0, 0, sum(changes) + 1 from order_folder_counts group by bucket, day
      on conflict (bucket, day, shard) do update set n = 0, changes = excluded.changes`);
    await tx.execute(sql`delete from order_folder_counts where shard <> 0`);
    await tx.execute(sql`
      insert into order_folder_counts (bucket, day, shard, n, changes)
      select b.bucket, b.day, 0, count(*), count(*)
      from orders r
      cross join lateral order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
      group by b.bucket, b.day
      on conflict (bucket, day, shard) do update set n = excluded.n`);
  });
}
