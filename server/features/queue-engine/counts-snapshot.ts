/**
 * The counter totals, kept per process for at most COUNTS_CACHE_MS: the sidebar
 * counts are asked for on every page change by every staff member, and every
 * queue page needs its folder's total, so reading them from memory takes a query
 * off each of those requests (docs/performance.md).
 *
 * Freshness: a write made through this process calls folderCountsChanged after
 * its transaction commits, and the next read waits for a new snapshot, so this
 * process's own actions show at once. Writes by another process show within
 * COUNTS_CACHE_MS (docs/decisions/0003-product-choices.md). A read that started
 * before a change is never kept as current after it (the generation check).
 */
import type { Executor, Tx } from '../../db/client';
import { readCounterRows, totalCounters, type CounterTotals } from './folder-counts';
import { perObject } from '../../lib/per-object';

export const COUNTS_CACHE_MS = 250;

/** `read`: the read's place in order of starting; a read never replaces one that started after it. */
interface Snapshot {
  totals: CounterTotals;
  generation: number;
  at: number;
  read: number;
}
interface Cache {
  generation: number;
  reads: number;
  current?: Snapshot;
  reading?: { generation: number; totals: Promise<CounterTotals> };
}

const cacheFor = perObject<Executor, Cache>(() => ({ generation: 0, reads: 0 }));

/** Call with the app's `db` after a transaction that changed orders has committed. */
export function folderCountsChanged(db: Executor): void {
  cacheFor(db).generation++;
}

/** The counter totals as of at most COUNTS_CACHE_MS ago, and after every change this process made. Pass the app's `db`. */
export function currentCounterTotals(db: Executor): Promise<CounterTotals> {
  const cache = cacheFor(db);
  const { current, generation } = cache;
  if (current && current.generation === generation && Date.now() - current.at < COUNTS_CACHE_MS)
    return Promise.resolve(current.totals);
  // Readers that arrive while a read for this generation is under way share it.
  if (cache.reading?.generation === generation) return cache.reading.totals;
  const at = Date.now();
  const read = ++cache.reads;
  const totals = readCounterRows(db).then(totalCounters);
  cache.reading = { generation, totals };
  totals.then(
    (result) => {
      if (cache.reading?.totals === totals) cache.reading = undefined;
      if (!cache.current || cache.current.read < read) cache.current = { totals: result, generation, at, read };
    },
    () => {
      if (cache.reading?.totals === totals) cache.reading = undefined;
    },
  );
  return totals;
}

/**
 * `db.transaction(work)` for a change that can move orders between folders: the
 * counts are renewed once it has committed (or rolled back, which is harmless).
 * Inside an outer transaction (`db` is a `tx`) it is a savepoint and the outer
 * call renews them.
 */
export async function changingOrders<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } finally {
    folderCountsChanged(db);
  }
}
