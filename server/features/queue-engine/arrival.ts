/**
 * The arrival date in SQL (docs/decisions/0016): yyyymmdd as one integer, the expression of the arrival
 * indexes (migration 0025; also orders_travel_due_idx), and the urgent counts of the New and Priority tiles.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { urgencyWindow, type UrgencyThresholds } from '../../../shared/arrival-urgency';
import { selectRows, type Executor } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import { perObject } from '../../lib/per-object';
import { currentCounterTotals } from './counts-snapshot';
import type { CounterTotals } from './folder-counts';
import { folderPredicate, utcToday } from './folders';

/** Written exactly as the indexes' expression, so the planner matches it. */
export const ARRIVAL_KEY = sql`(o.year_of_arrival_in_japan * 10000 + o.month_of_arrival_in_japan * 100 + o.date_of_arrival_in_japan)`;

/** Nearest arrival first, then the oldest order: the order of Work next and of a queue sorted by arrival. */
export const BY_ARRIVAL = sql`${ARRIVAL_KEY}, o.created_at, o.order_id`;

/** A step of Work next: a queue, and the arrivals on one side of today (JST), not passed or passed. */
export interface WorkNextStep {
  source: 'newOrder' | 'priorityOrder';
  passed: boolean;
}

/**
 * Work next's probe: the first unassigned order of the step's queue in the arrival order, locked (SKIP LOCKED, so
 * members pressing at once each lock a different order), or none. One range of the queue's arrival index.
 */
export const workNextProbe = (step: WorkNextStep, today: string, todayKey: number) => sql`
  select o.order_id::int as order_id from orders o
  where ${folderPredicate(step.source, 0, today)} and ${ARRIVAL_KEY} ${step.passed ? sql`<` : sql`>=`} ${todayKey}
  order by ${BY_ARRIVAL}
  limit 1 for update of o skip locked`;

/** The order Work next takes in the step's queue, assigned to no one yet and now locked by `tx`, or null. */
export async function lockWorkNextOrder(
  tx: Executor,
  step: WorkNextStep,
  today: string,
  todayKey: number,
): Promise<number | null> {
  const [found] = await selectRows(tx, orderIdRow, workNextProbe(step, today, todayKey));
  return found?.order_id ?? null;
}

/**
 * Unassigned New and Priority orders whose arrival has not passed and is within the urgent threshold: a range of
 * orders_work_next_new_idx / orders_work_next_priority_idx each (index-only), a few thousand entries at most.
 */
export interface UrgentCounts {
  newOrder: number;
  priorityOrder: number;
}

/** The one statement of both urgent counts (the plan check explains it). */
export function urgentCountsStatement(thresholds: UrgencyThresholds, now = new Date(), today = utcToday()): SQL {
  const { todayKey, urgentUntilKey } = urgencyWindow(now, thresholds);
  const urgentIn = (folder: 'newOrder' | 'priorityOrder') => sql`(select count(*) from orders o
    where ${folderPredicate(folder, 0, today)} and ${ARRIVAL_KEY} between ${todayKey} and ${urgentUntilKey})::int`;
  return sql`select ${urgentIn('newOrder')} as "newOrder", ${urgentIn('priorityOrder')} as "priorityOrder"`;
}

const urgentCountsSchema = z.object({ newOrder: z.number(), priorityOrder: z.number() });

export async function urgentCounts(
  db: Executor,
  thresholds: UrgencyThresholds,
  now = new Date(),
): Promise<UrgentCounts> {
  const [row] = await selectRows(db, urgentCountsSchema, urgentCountsStatement(thresholds, now));
  return row!;
}

interface UrgentCache {
  totals?: CounterTotals;
  window?: string;
  counts?: Promise<UrgentCounts>;
}
const urgentCacheFor = perObject<Executor, UrgentCache>(() => ({}));

/**
 * The urgent counts, as fresh as the folder counts: counted again whenever the process's counter snapshot is
 * renewed (counts-snapshot.ts: at most every 250 ms, and at once after this process's own changes) or the day in
 * Japan turns; between those, every tile reads the same answer. Pass the app's `db`.
 */
export async function currentUrgentCounts(
  db: Executor,
  thresholds: UrgencyThresholds,
  now = new Date(),
): Promise<UrgentCounts> {
  const totals = await currentCounterTotals(db);
  const { todayKey, urgentUntilKey } = urgencyWindow(now, thresholds);
  const window = `${todayKey}-${urgentUntilKey}-${utcToday()}`;
  const cache = urgentCacheFor(db);
  if (cache.counts && cache.totals === totals && cache.window === window) return cache.counts;
  const counts = urgentCounts(db, thresholds, now);
  Object.assign(cache, { totals, window, counts });
  counts.catch(() => {
    if (cache.counts === counts) cache.counts = undefined;
  });
  return counts;
}
