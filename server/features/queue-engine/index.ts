/**
 * The queue engine's one door (README.md beside this file: what must stay true, and how to change it safely).
 * It answers which orders each queue folder holds, a page of a folder, a search, and the folder counts, fast at a
 * million orders. Code outside this folder imports from here only; the other files are its internals.
 *
 * A page read, from the top (readQueuePage):
 *   1. assertMayReadFolder: the role may read the folder (403 otherwise).
 *   2. One of three paths, by sort and filters, each built from page-statements.ts (the statement builder: the
 *      folder's WHERE over folderPredicate of folders.ts, the search condition, the index walk, the rows):
 *      - newest first, no filter: listOrders (lists.service.ts). Without a search: the ids by a walk of the folder's
 *        partial index, as a prepared statement; from offset 200 the walk starts at a page anchor (page-anchors.ts)
 *        when the folder's version (folder-counts.ts) is the anchor's. The total: the counter snapshot
 *        (counts-snapshot.ts) folded by folderTotal (folder-counts.ts). With a search: orderedSearchPage, the
 *        matches from the folder's parts of the search index (the term's cheapest pieces, search-terms.ts), then
 *        the folder, count and window over them in one statement; a short or common term walks the folder.
 *      - by arrival in New, Priority and My Orders, no filter: listOrdersByArrival (arrival-sort.ts), the same
 *        statements in the arrival order (ARRIVAL_FIRST over the arrival indexes, ARRIVAL_KEY in arrival.ts).
 *      - any filter or other sort: listFilteredOrders (filtered-lists.ts): folder AND filters (queue-filters.ts)
 *        AND search, page and total in one statement; a filtered total without a search is counted when cheap,
 *        else estimated and flagged (filtered-totals.ts).
 *
 * The plan check (plan-check.ts, run by plan-check.test.ts in CI and by the bench at a million orders) proves each
 * statement's plan walks an index, never the whole orders table.
 */
import type { FolderCounts } from '../../../shared/orders';
import { hasActiveFilters } from '../../../shared/schemas/queue-filters';
import { WORK_NEXT_FOLDERS } from '../../../shared/schemas/work-next-texts';
import type { Executor } from '../../db/client';
import type { Staff } from '../../lib/auth';
import { listOrdersByArrival } from './arrival-sort';
import { currentCounterTotals } from './counts-snapshot';
import { listFilteredOrders } from './filtered-lists';
import { foldFolderCounts, foldFutureMonthCounts, type FutureMonthCounts } from './folder-counts';
import { listOrders } from './lists.service';
import type { OrderPage, PageRequest } from './page-statements';

export type { OrderPage, PageRequest } from './page-statements';
export type { FutureMonthCounts } from './folder-counts';

// ---- Reading a queue ----------------------------------------------------------------------------------------

/**
 * One page of a queue and its total: the list route and the search route both come here. Newest first and (in
 * New, Priority and My Orders) by arrival keep their own statements (prepared, index walks, folder counters);
 * filters or any other sort go through filtered-lists.ts.
 */
export function readQueuePage(db: Executor, staff: Staff, request: PageRequest): Promise<OrderPage> {
  const filtered = !!request.filters && hasActiveFilters(request.filters);
  if (!filtered && (!request.sort || request.sort === 'newest')) return listOrders(db, staff, request);
  if (!filtered && request.sort === 'arrival' && (WORK_NEXT_FOLDERS as readonly string[]).includes(request.folder)) {
    return listOrdersByArrival(db, staff, request);
  }
  return listFilteredOrders(db, staff, request);
}

/** 403 unless the member may read the folder (Order History needs `orders:history`). */
export { assertMayReadFolder } from './page-statements';

/**
 * The WHERE of every order a queue view shows (folder, month, filters, search): what an export writes and what a
 * bulk action's "all N matching" changes, so both are exactly the orders the list counted.
 */
export { queueViewWhere, type QueueView } from './filtered-lists';
/** The ids of up to `limit` orders of a queue view: what a bulk action's "all N matching" changes. */
export { queueViewOrderIds } from './filtered-lists';

// ---- Counting ---------------------------------------------------------------------------------------------

/** Every folder count of the sidebar and dashboard, from this process's counter snapshot (at most 250 ms old). */
export async function currentFolderCounts(db: Executor, staffId: number): Promise<FolderCounts> {
  return foldFolderCounts(await currentCounterTotals(db), staffId);
}

/** The Future Order tiles: orders in the Future folder per processing month, from the same snapshot. */
export async function currentFutureMonthCounts(db: Executor): Promise<FutureMonthCounts> {
  return foldFutureMonthCounts(await currentCounterTotals(db));
}

/** The urgent counts of the New and Priority tiles, renewed with the counter snapshot. */
export { currentUrgentCounts, type UrgentCounts } from './arrival';

// ---- Writing orders: keeping the counts fresh -------------------------------------------------------------

/**
 * `changingOrders(db, work)`: db.transaction(work) for a change that can move orders between folders; this
 * process's counter snapshot is renewed after it commits. `folderCountsChanged(db)`: the same renewal, for a
 * writer that does not go through changingOrders (bulk loads, the live hub).
 */
export { changingOrders, folderCountsChanged } from './counts-snapshot';

// ---- The definitions other features build on ----------------------------------------------------------------

/** THE definition of which orders a folder holds (product: folders.md#predicates), over `orders o`. */
export { folderPredicate, utcToday } from './folders';
/** Queue filters and sorts as SQL over `orders o` (exports reuse the ORDER BY). */
export { queueFilterConditions, queueOrderBy } from './queue-filters';
/** The arrival date as yyyymmdd, written as the arrival indexes' expression, and the Work next order. */
export { ARRIVAL_KEY, BY_ARRIVAL } from './arrival';
/** Work next's probe of one queue (lock the first unassigned order by arrival), and its statement for the bench. */
export { lockWorkNextOrder, workNextProbe, type WorkNextStep } from './arrival';

// ---- Reference, repair, statistics (tests, bench, tools) ----------------------------------------------------

/** Every count straight from the predicates, one pass over the orders: the reference the counters are tested against. */
export { countFolders } from './folders';
/** The counts straight from the counter rows (no snapshot), a folder's version, and the counters' rebuild. */
export { readFolderCounts, readFolderVersion, readFutureMonthCounts, rebuildFolderCounts } from './folder-counts';
/** The search index's parts by status (migrations 0016, 0017). */
export { SEARCH_PARTS, searchPartIndex, type SearchPart } from './folders';
/** The search's trigram sample and piece choice (the bench measures them). */
export { cheapestPieces, digitWindows, renewTrigramStats, sampleTrigramStats, type TrigramStats } from './search-terms';

// ---- The plan check ---------------------------------------------------------------------------------------

/** Problems of the generic plans of every folder's pages, searches and counts (plan-check.ts). */
export { checkQueuePlans, type PlanSession } from './plan-check';
/** Statements the bench explains beside the plan check (bench/work-next.ts). */
export { arrivalPageStatement, folderWhere } from './page-statements';
