/**
 * A queue sorted by arrival date (docs/decisions/0016): nearest arrival first, then the oldest order,
 * the order in which Work next takes them (except that Work next leaves passed arrivals for last). Offered in the
 * queues with Work next, whose indexes (migration 0025) hold exactly that order: a page is an index walk however
 * deep, as the newest-first pages are. A search sorts its matches (up to SEARCH_CANDIDATES) the same way.
 */
import { orderListRowSchema } from '../../../shared/schemas/order-list';
import { PAGE_SIZE_OPTIONS } from '../../../shared/schemas/order-list-texts';
import { WORK_NEXT_FOLDERS } from '../../../shared/schemas/work-next-texts';
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import type { Staff } from '../../lib/auth';
import { BadRequestError } from '../../lib/errors';
import { currentCounterTotals } from './counts-snapshot';
import { folderTotal } from './folder-counts';
import { utcToday } from './folders';
import {
  ARRIVAL_FIRST,
  assertMayReadFolder,
  folderWhere,
  orderedSearchPage,
  pageStatement,
  searchCondition,
  type OrderPage,
  type PageRequest,
} from './page-statements';
import { currentTrigramStats } from './search-terms';

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
  const search = request.search
    ? searchCondition(request.search, currentTrigramStats(db), request.passportIndexes)
    : null;
  if (search) return orderedSearchPage(db, where, search, request, today, ARRIVAL_FIRST, false);
  // At a standard page size a prepared statement, as the newest-first pages: its generic plan walks the arrival
  // index for any offset (bench/work-next.ts checks it), where a custom plan for a deep offset chose to sort.
  const prepared = (PAGE_SIZE_OPTIONS as readonly number[]).includes(request.limit);
  const [rows, counters] = await Promise.all([
    (prepared ? selectPrepared : selectRows)(db, orderListRowSchema, pageStatement(where, request, ARRIVAL_FIRST)),
    currentCounterTotals(db),
  ]);
  return {
    rows,
    totalRecords: folderTotal(counters, request.folder, staff.id, today, request.processMonth),
    totalCapped: false,
    totalEstimated: false,
  };
}
