/**
 * Queue pages with filters or a sort other than the two with their own statements (docs/decisions/0023).
 * The unfiltered newest-first pages (lists.service.ts: prepared statements, page anchors, folder counters) and the
 * unfiltered arrival pages of New, Priority and My Orders (arrival-sort.ts) keep their own paths; everything else
 * comes here: folder predicate AND search AND filters, ordered by queueOrderBy. The page and a counted total are one
 * statement (so one snapshot, one transaction, one round trip): they always agree.
 *
 * - No search, no filter (only a sort): the rows by an index walk of the sort (migration 0026 indexes arrival,
 *   migration 0037 name; the order id has the primary key), the total from the folder counters, as the unfiltered
 *   pages; in Order History a prepared statement (SORTED_PAGES_PREPARED).
 * - Filters, no search: the total is counted when the planner prices the count as cheap, or when asked
 *   (`exactTotal`), else it is the planner's estimate, flagged (filtered-totals.ts, docs/decisions/0055); the rows by
 *   the planner's choice of the folder's or the filter's index. The values are written into these statements, so
 *   the plans are made for them; a page read again runs prepared (forTheirValues).
 * - A search: as lists.service.ts, the matches first from the search indexes (at most SEARCH_CANDIDATES), then
 *   folder, filters, order and window over them; a term matching more walks the folder in order. Totals stay
 *   capped at SEARCH_COUNT_CAP (totalCapped), as every search's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  hasActiveFilters,
  DEFAULT_ORDER_SORT,
  type OrderSort,
  type QueueFilters,
} from '../../../shared/schemas/queue-filters';
import type { Folder } from '../../../shared/orders';
import { orderListRowSchema, type OrderListRow } from '../../../shared/schemas/order-list';
import { selectPrepared, selectPreparedWhenRepeated, selectRows, type Executor, type RowSchema } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import type { Staff } from '../../lib/auth';
import { currentCounterTotals } from './counts-snapshot';
import { folderTotal } from './folder-counts';
import { utcToday } from './folders';
import {
  assertMayReadFolder,
  cappedCountStatement,
  cappedTotal,
  folderWhere,
  matchingOrders,
  NO_ROW,
  pageWindow,
  rowsOf,
  rowsWithoutCounts,
  SEARCH_CANDIDATES,
  searchCondition,
  searchPageRowSchema,
  type OrderPage,
  type PageRequest,
} from './page-statements';
import { assertKnownLandingSites, queueFilterConditions, queueOrderBy } from './queue-filters';
import { currentTrigramStats } from './search-terms';
import { estimatedTotal, FILTERED_COUNT_CAP, FILTERED_COUNT_MAX_COST, planEstimate } from './filtered-totals';

/**
 * The page's ids in the sort's order with their position (`from` is the orders, or the matches, as `o`), then their
 * rows. row_number() over the same order as the walk is computed as the rows stream, so the limit still stops the
 * walk early. The position orders the rows again outside the lateral join (a join does not keep an inner order).
 */
const pageRows = (from: SQL, sort: OrderSort, request: PageRequest) =>
  rowsOf(
    sql`select o.order_id, row_number() over (order by ${queueOrderBy(sort)}) as pos from ${from} order by ${queueOrderBy(sort)} ${pageWindow(request)}`,
    sql`, ids.pos`,
    sql`ids.pos`,
  );

/** A page of a folder in a sort other than newest first, without filters or a search. */
export const sortedPageStatement = (staff: Staff, request: PageRequest, sort: OrderSort, today = utcToday()) =>
  pageRows(sql`orders o where ${folderWhere(staff, request, today)}`, sort, request);

/**
 * The folder whose sorted pages are prepared statements with a generic plan (selectPrepared), planned once per
 * connection: Order History holds nearly every order, so the best walk for a sort is that sort's index whatever the
 * page, and the plan check holds each sort's generic plan to it (plan-check.ts). In the other folders the best plan
 * depends on the folder's size and the page (walk the sort's index past other folders' orders, or sort the folder),
 * which only a plan made for the values knows (docs/decisions/0059).
 */
export const SORTED_PAGES_PREPARED: Folder = 'orderHistory';

/** A page with its total on every row (ids.pos, which orders them, is dropped by the decoding). */
const countedRowSchema = z.union([
  orderListRowSchema.extend({ total: z.number() }),
  z.object({ ...NO_ROW, total: z.number() }),
]);
const rowsOnly = (found: z.infer<typeof countedRowSchema>[]): OrderListRow[] =>
  found.filter((r) => r.order_id !== null).map(({ total: _t, ...row }) => row);

/** The full WHERE of "exactly the filtered orders" (without the search), for a folder and a member. */
export function filteredWhere(staff: Staff, request: PageRequest, today = utcToday()): SQL {
  const conditions = [
    folderWhere(staff, request, today),
    ...queueFilterConditions(request.filters ?? {}, request.folder),
  ];
  return sql.join(conditions, sql` and `);
}

/** A queue as a member sees it (the request body's form): folder, month tile, search and filters. */
export interface QueueView extends QueueFilters {
  folderName: Folder;
  searchVal: string;
  processMonth?: number | undefined;
}

/**
 * The WHERE of every order a queue view shows, search included: what an export writes and what "all N matching"
 * of a bulk action changes, so both are exactly the orders the list counted. 400 for an unknown landing site or a
 * status filter outside Order History.
 */
export async function queueViewWhere(
  db: Executor,
  staff: Staff,
  view: QueueView & Pick<PageRequest, 'passportIndexes'>,
  today = utcToday(),
): Promise<SQL> {
  const { folderName, searchVal, processMonth, passportIndexes, ...filters } = view;
  await assertKnownLandingSites(db, filters);
  const where = filteredWhere(
    staff,
    { folder: folderName, offset: 0, limit: 1, filters, ...(processMonth ? { processMonth } : {}) },
    today,
  );
  const search = searchVal ? searchCondition(searchVal, currentTrigramStats(db), passportIndexes) : null;
  return search ? sql`${where} and ${search.condition}` : where;
}

/**
 * The ids of up to `limit` orders of a queue view (a bulk action's "all N matching"). No ORDER BY: any `limit` rows
 * tell "too many", so the plan may walk the folder's or the search's index.
 */
export async function queueViewOrderIds(
  db: Executor,
  staff: Staff,
  view: QueueView & Pick<PageRequest, 'passportIndexes'>,
  limit: number,
  today = utcToday(),
): Promise<number[]> {
  const where = await queueViewWhere(db, staff, view, today);
  const rows = await selectRows(
    db,
    orderIdRow,
    sql`
    select o.order_id::int as order_id from orders o where ${where}
    limit ${limit}`,
  );
  return rows.map((r) => r.order_id);
}

/**
 * The rows of a statement without a search, its values (the offset too) written into its text: planned for them,
 * whatever the connection's plan_cache_mode (the pool forces generic plans, which a parameterized statement gets too,
 * and a generic plan can tell neither a rare value of a filter from a common one nor page 1 from page 500). A page read
 * again (a live refresh, another member on the same view) runs prepared, without planning
 * (selectPreparedWhenRepeated, docs/decisions/0059). Such a statement holds no free text: filter values are checked
 * against their lists, dates and numbers by the schema.
 */
const forTheirValues = <S extends RowSchema>(db: Executor, schema: S, statement: SQL) =>
  selectPreparedWhenRepeated(db, schema, sql`${statement}`.inlineParams());

/** A page and its count in one statement: exact, or up to one past `cap` (null: no cap). */
async function countedPage(db: Executor, where: SQL, page: SQL, cap: number | null): Promise<OrderPage> {
  const counted =
    cap === null
      ? sql`select 1 from orders o where ${where}`
      : sql`select 1 from orders o where ${where} limit ${cap + 1}`;
  const found = await forTheirValues(
    db,
    countedRowSchema,
    sql`
      select c.total, r.* from (select count(*)::int as total from (${counted}) m) c
      left join lateral (${page}) r on true
      order by r.pos`,
  );
  return { rows: rowsOnly(found), totalRecords: found[0]?.total ?? 0, totalCapped: false, totalEstimated: false };
}

export async function listFilteredOrders(db: Executor, staff: Staff, request: PageRequest): Promise<OrderPage> {
  assertMayReadFolder(staff, request.folder);
  const filters = request.filters ?? {};
  const today = utcToday();
  const where = filteredWhere(staff, request, today); // 400 for a status filter outside Order History
  await assertKnownLandingSites(db, filters);
  const sort = request.sort ?? DEFAULT_ORDER_SORT;
  const search = request.search
    ? searchCondition(request.search, currentTrigramStats(db), request.passportIndexes)
    : null;
  const filtered = hasActiveFilters(filters);
  const counters = !filtered && !search ? await currentCounterTotals(db) : null;

  // A page and its counted total are one statement: one snapshot, one round trip (an estimate is no count).
  if (!search) {
    if (counters) {
      const statement = sortedPageStatement(staff, request, sort, today);
      const rows =
        request.folder === SORTED_PAGES_PREPARED
          ? await selectPrepared(db, orderListRowSchema, statement)
          : await forTheirValues(db, orderListRowSchema, statement);
      const totalRecords = folderTotal(counters, request.folder, staff.id, today, request.processMonth);
      return { rows, totalRecords, totalCapped: false, totalEstimated: false };
    }
    const page = pageRows(sql`orders o where ${where}`, sort, request);
    if (request.exactTotal) return countedPage(db, where, page, null);
    const plan = await planEstimate(db, where);
    if (plan.cost <= (request.countMaxCost ?? FILTERED_COUNT_MAX_COST)) {
      const counted = await countedPage(db, where, page, FILTERED_COUNT_CAP);
      if (counted.totalRecords <= FILTERED_COUNT_CAP) return counted;
    }
    // One row past the page tells whether the page ends the list (estimatedTotal).
    const found = await forTheirValues(
      db,
      orderListRowSchema,
      pageRows(sql`orders o where ${where}`, sort, { ...request, limit: request.limit + 1 }),
    );
    return {
      rows: found.slice(0, request.limit),
      totalCapped: false,
      ...estimatedTotal(plan.rows, request.offset, request.limit, found.length),
    };
  }
  if (search.indexable) {
    // The matches (from the folder's parts of the search index), then folder and filters on their orders rows.
    const found = await selectRows(
      db,
      searchPageRowSchema,
      sql`
      with s as materialized (${matchingOrders(search, request.folder, today)}),
      f as materialized (select o.order_id, o.created_at, o.year_of_arrival_in_japan, o.month_of_arrival_in_japan,
        o.date_of_arrival_in_japan, o.surname, o.given_name from orders o where o.order_id in (select s.order_id from s) and ${where})
      select c.candidates, c.total, r.*
      from (select (select count(*) from s)::int as candidates, (select count(*) from f)::int as total) c
      left join lateral (${pageRows(sql`f o`, sort, request)}) r on true
      order by r.pos`,
    );
    const counts = found[0];
    if (counts && counts.candidates <= SEARCH_CANDIDATES) {
      return { rows: rowsWithoutCounts(found), ...cappedTotal(counts.total) };
    }
  }
  // A short or very common term: walk the folder in the sort's order, filtering; count up to the cap.
  const matching = sql`${where} and ${search.condition}`;
  const found = await selectRows(
    db,
    countedRowSchema,
    sql`
    select c.total, r.* from (${cappedCountStatement(matching)}) c
    left join lateral (${pageRows(sql`orders o where ${matching}`, sort, request)}) r on true
    order by r.pos`,
  );
  return { rows: rowsOnly(found), ...cappedTotal(found[0]?.total ?? 0) };
}
