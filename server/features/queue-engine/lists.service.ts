/**
 * Queue pages newest first, without filters (product: folders.md#predicates, folders.md#search): one page of a
 * folder plus its total. Totals without a search come from the folder counters (a full count of Order History would
 * read most of the orders on every page); with a search they are counted, up to SEARCH_COUNT_CAP. The statements
 * are page-statements.ts's.
 */
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import { orderListRowSchema, type OrderListRow } from '../../../shared/schemas/order-list';
import { PAGE_SIZE_OPTIONS } from '../../../shared/schemas/order-list-texts';
import type { Staff } from '../../lib/auth';
import { currentCounterTotals } from './counts-snapshot';
import { folderTotal } from './folder-counts';
import { utcToday } from './folders';
import { ANCHORED_FROM, anchorKey, nearestAnchor, rememberAnchor } from './page-anchors';
import {
  anchoredPageStatement,
  anchoredRowSchema,
  assertMayReadFolder,
  folderWhere,
  NEWEST_FIRST,
  orderedSearchPage,
  pageStatement,
  searchCondition,
  type OrderPage,
  type PageRequest,
} from './page-statements';
import { currentTrigramStats } from './search-terms';

/**
 * A page of a folder at a standard page size, at any depth, is a prepared statement (one per folder
 * and size, so at most a few dozen per connection): planning it against the partial indexes cost
 * more than running it.
 */
const preparedPage = (request: PageRequest) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(request.limit);

async function anchoredPage(db: Executor, staff: Staff, request: PageRequest, today: string): Promise<OrderListRow[]> {
  const key = anchorKey(request.folder, staff.id, today, request.processMonth);
  const found = await selectPrepared(
    db,
    anchoredRowSchema,
    anchoredPageStatement(staff, request, today, nearestAnchor(db, key, request.offset) ?? undefined),
  );
  const rows = found.filter((r) => r.order_id !== null).map(({ version: _v, exact_created_at: _c, ...row }) => row);
  const first = found[0];
  if (first && first.order_id !== null) {
    rememberAnchor(db, key, first.version, {
      position: request.offset,
      createdAt: first.exact_created_at,
      orderId: first.order_id,
    });
  }
  return rows;
}

export async function listOrders(db: Executor, staff: Staff, request: PageRequest): Promise<OrderPage> {
  assertMayReadFolder(staff, request.folder);
  const today = utcToday(); // one date for the page and its total, even across midnight
  const where = folderWhere(staff, request, today);
  const search = request.search
    ? searchCondition(request.search, currentTrigramStats(db), request.passportIndexes)
    : null;
  if (search) return orderedSearchPage(db, where, search, request, today, NEWEST_FIRST, true);
  const [rows, counters] = await Promise.all([
    !preparedPage(request)
      ? selectRows(db, orderListRowSchema, pageStatement(where, request, NEWEST_FIRST))
      : request.offset >= ANCHORED_FROM
        ? anchoredPage(db, staff, request, today)
        : selectPrepared(db, orderListRowSchema, pageStatement(where, request, NEWEST_FIRST)),
    currentCounterTotals(db),
  ]);
  const totalRecords = folderTotal(counters, request.folder, staff.id, today, request.processMonth);
  return { rows, totalRecords, totalCapped: false, totalEstimated: false };
}
