/**
 * A queue sorted by arrival date (docs/decisions/0016): nearest arrival first, then the oldest order,
 * the order in which Work next takes them (except that Work next leaves passed arrivals for last). Offered in the
 * queues with Work next, whose indexes (migration 0025) hold exactly that order: a page is an index walk however
 * deep, as the newest-first pages are. A search sorts its matches (up to SEARCH_CANDIDATES) the same way.
 */
import { sql, type SQL } from 'drizzle-orm';
import { orderListRowSchema } from '../../../shared/schemas/order-list';
import { PAGE_SIZE_OPTIONS, SEARCH_COUNT_CAP } from '../../../shared/schemas/order-list-texts';
import { WORK_NEXT_FOLDERS } from '../../../shared/schemas/work-next-texts';
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import { totalRow } from '../../db/row-schemas';
import type { Staff } from '../../lib/auth';
import { BadRequestError } from '../../lib/errors';
import { ARRIVAL_KEY, BY_ARRIVAL } from './arrival';
import { currentCounterTotals } from './counts-snapshot';
import { folderTotal } from './folder-counts';
import { utcToday } from './folders';
import {
  assertMayReadFolder,
  folderWhere,
  indexable,
  matchingOrders,
  rowsOf,
  SEARCH_CANDIDATES,
  searchCondition,
  searchPageRowSchema,
  type OrderPage,
  type PageRequest,
  type OrderSearch,
} from './lists.service';
import { currentTrigramStats } from './search-terms';

/** rowsOf's order over its rows (aliased p). */
const ROWS_BY_ARRIVAL = sql`(p.year_of_arrival_in_japan * 10000 + p.month_of_arrival_in_japan * 100 + p.date_of_arrival_in_japan), p.created_at, p.order_id`;
const EXACT_CREATED_AT = sql`, p.created_at::text as exact_created_at`;
/** The same order over rowsOf's output, for a statement that wraps it (a join does not keep an inner order). */
const OUTER_BY_ARRIVAL = sql`order by (r.year_of_arrival_in_japan * 10000 + r.month_of_arrival_in_japan * 100 + r.date_of_arrival_in_japan),
  r.exact_created_at::timestamptz, r.order_id`;

const limitOffset = (request: PageRequest) =>
  sql`limit ${sql.raw(String(Math.trunc(request.limit)))} offset ${Math.trunc(request.offset)}`;

/** One page of a folder by arrival (the bench checks its plan walks the folder's arrival index). */
export const arrivalPageStatement = (where: SQL, request: PageRequest) =>
  rowsOf(
    sql`select o.order_id from orders o where ${where} order by ${BY_ARRIVAL} ${limitOffset(request)}`,
    sql``,
    ROWS_BY_ARRIVAL,
  );

/** A selective search by arrival: the matches from the search indexes, then the folder, the order and the window. */
const searchMatchesByArrival = (where: SQL, search: OrderSearch, request: PageRequest, today: string) => sql`
  with s as materialized (${matchingOrders(search, request.folder, today)}),
  f as (select o.order_id, o.created_at, ${ARRIVAL_KEY} as arrival_key from s o where ${where})
  select c.candidates, c.total, r.*
  from (select (select count(*) from s)::int as candidates, (select count(*) from f)::int as total) c
  left join lateral (${rowsOf(
    sql`
    select order_id from f order by arrival_key, created_at, order_id ${limitOffset(request)}`,
    EXACT_CREATED_AT,
    ROWS_BY_ARRIVAL,
  )}) r on true
  ${OUTER_BY_ARRIVAL}`;

export function assertArrivalSortable(folder: PageRequest['folder']) {
  if (!(WORK_NEXT_FOLDERS as readonly string[]).includes(folder)) {
    throw new BadRequestError('Sorting by arrival date is available in New Orders, Priority Orders and My Orders.', {
      sort: 'Sorting by arrival date is available in New Orders, Priority Orders and My Orders.',
    });
  }
}

export async function listOrdersByArrival(db: Executor, staff: Staff, request: PageRequest): Promise<OrderPage> {
  assertMayReadFolder(staff, request.folder);
  assertArrivalSortable(request.folder);
  const today = utcToday();
  const where = folderWhere(staff, request, today);
  const search = request.search ? searchCondition(request.search, currentTrigramStats(db)) : null;
  if (!search) {
    // At a standard page size a prepared statement, as the newest-first pages: its generic plan walks the arrival
    // index for any offset (bench/work-next.ts checks it), where a custom plan for a deep offset chose to sort.
    const prepared = (PAGE_SIZE_OPTIONS as readonly number[]).includes(request.limit);
    const [rows, counters] = await Promise.all([
      (prepared ? selectPrepared : selectRows)(db, orderListRowSchema, arrivalPageStatement(where, request)),
      currentCounterTotals(db),
    ]);
    return {
      rows,
      totalRecords: folderTotal(counters, request.folder, staff.id, today, request.processMonth),
      totalCapped: false,
    };
  }
  if (indexable(request.search!)) {
    const found = await selectRows(db, searchPageRowSchema, searchMatchesByArrival(where, search, request, today));
    const counts = found[0];
    if (counts && counts.candidates <= SEARCH_CANDIDATES) {
      const rows = found.filter((r) => r.order_id !== null).map(({ candidates: _c, total: _t, ...row }) => row);
      return {
        rows,
        totalRecords: Math.min(counts.total, SEARCH_COUNT_CAP),
        totalCapped: counts.total > SEARCH_COUNT_CAP,
      };
    }
  }
  // A short or very common term: walk the folder by arrival, filtering; count up to the cap.
  const matching = sql`${where} and ${search.condition}`;
  const [rows, counted] = await Promise.all([
    selectRows(db, orderListRowSchema, arrivalPageStatement(matching, request)),
    selectRows(
      db,
      totalRow,
      sql`select count(*)::int as total from (select 1 from orders o where ${matching} limit ${SEARCH_COUNT_CAP + 1}) m`,
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return { rows, totalRecords: Math.min(total, SEARCH_COUNT_CAP), totalCapped: total > SEARCH_COUNT_CAP };
}
