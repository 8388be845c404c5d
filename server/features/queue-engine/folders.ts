/**
 * Folder predicates (product: folders.md#predicates): the one definition of which orders a
 * folder holds. The list, search and count queries all build on these.
 * "Today" is the server's UTC date, the same clock the folder counts use, so a
 * list and its count never disagree about whether a future order is due.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_STATUSES, STATUS_FOLDERS, type Folder, type FolderCounts } from '../../../shared/orders';
import { COUNTED_FOLDERS } from '../../../shared/folders';
import { folderCountsSchema } from '../../../shared/schemas/order-list';
import { selectRows, type Executor } from '../../db/client';

/** "Today" for the time-dependent folders (New and Future Order): the UTC date, as YYYY-MM-DD. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
/**
 * Written into the SQL text, not passed as parameters: a prepared statement's generic plan can use
 * My Order's partial index (orders_queue_mine_idx, whose predicate names these statuses) only if it
 * can prove the query's condition implies that predicate, which it cannot with parameters.
 */
const closedList = sql.raw(CLOSED_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A future order whose processing date has come, which New Orders shows: in its predicate and as the key New
 * Orders asks the future part of the search index for (folderSearchParts), so the two cannot drift apart.
 */
const futureOrderDue = (today: string) => sql`o.processing_date <= ${today}::date`;

/** `today` is a parameter, not now(): a constant for the plan, where now() would be converted for every row walked. */
export function folderPredicate(folder: Folder, staffId: number, today = utcToday()): SQL {
  const day = sql`${today}::date`;
  switch (folder) {
    case 'newOrder':
      return sql`(o.process_status = 'New' and o.assigned_to_id is null and (o.processing_mode = 'standard' or (o.processing_mode = 'future' and ${futureOrderDue(today)})))`;
    case 'priorityOrder':
      return sql`(o.process_status = 'New' and o.assigned_to_id is null and o.processing_mode = 'priority')`;
    case 'futureOrder':
      return sql`(o.process_status = 'New' and o.processing_mode = 'future' and o.processing_date > ${day})`;
    case 'myOrder':
      return sql`(o.assigned_to_id = ${staffId} and o.process_status not in (${closedList}))`;
    case 'orderHistory':
      return sql`(o.process_status <> 'Deleted')`;
    default:
      return sql`(o.process_status = ${STATUS_FOLDERS[folder]})`;
  }
}

/**
 * The trigram index of the search text is split into partial indexes by status (migration 0016), so that a
 * search in a working queue never reads the archive's matches: a common surname held by 2,500 orders costs one
 * heap visit per match, and most of them are completed orders. New orders are split again by mode (migration
 * 0017): most New orders are future orders waiting for their date, which New Orders and Priority never show.
 * Each order is in exactly one part, so a status move writes to one trigram index, as before the split. The
 * predicates are the indexes' own, written into the SQL text so that a generic plan can prove it may use them.
 */
export const SEARCH_PARTS = {
  new: sql`o.process_status = 'New' and o.processing_mode <> 'future'`,
  future: sql`o.process_status = 'New' and o.processing_mode = 'future'`,
  open: sql`o.process_status <> 'New' and o.process_status not in (${closedList})`,
  closed: sql`o.process_status in (${closedList})`,
} as const;
export type SearchPart = keyof typeof SEARCH_PARTS;
/** The partial index of a part (migrations 0016 and 0017). */
export const searchPartIndex = (part: SearchPart) => `orders_search_${part}_trgm_idx`;

/** A part of the search index a folder asks, and what it asks beyond the term (an index key), if anything. */
export interface FolderSearchPart {
  part: SearchPart;
  narrowed?: SQL;
}

/**
 * The parts of the search index that hold every order the folder can show. New Orders shows only the future
 * orders that are due: the future part indexes processing_date too, so it is asked for those alone and the
 * index leaves out the waiting ones' matches (which would each cost a heap visit).
 */
export function folderSearchParts(folder: Folder, today = utcToday()): FolderSearchPart[] {
  switch (folder) {
    case 'newOrder':
      return [{ part: 'new' }, { part: 'future', narrowed: futureOrderDue(today) }];
    case 'priorityOrder':
      return [{ part: 'new' }];
    case 'futureOrder':
      return [{ part: 'future' }];
    case 'myOrder':
      return [{ part: 'new' }, { part: 'future' }, { part: 'open' }];
    case 'orderHistory':
      return [{ part: 'new' }, { part: 'future' }, { part: 'open' }, { part: 'closed' }];
    default:
      return [{ part: (CLOSED_STATUSES as readonly string[]).includes(STATUS_FOLDERS[folder]) ? 'closed' : 'open' }];
  }
}

/** Orders processed (completed or document uploaded) and not deleted: the Order Processed figure. */
const processedPredicate = sql`(o.processed_at is not null and o.process_status <> 'Deleted')`;

/** The counts answer's fields and what each counts: the folders' own (shared/folders.ts) and the processed figure. */
const COUNT_FOLDERS: [keyof FolderCounts, Folder | 'processed'][] = [
  ...COUNTED_FOLDERS.map(({ folder, count }) => [count, folder] as [keyof FolderCounts, Folder]),
  ['processedOrdersCount', 'processed'],
];

/**
 * Every folder count in one pass over the orders, straight from the predicates. This
 * is the reference the incremental counts (folder-counts.ts) are tested against; it
 * reads every order, so the count endpoint reads the counters instead.
 */
export async function countFolders(db: Executor, staffId: number, today = utcToday()): Promise<FolderCounts> {
  const columns = sql.join(
    COUNT_FOLDERS.map(([field, folder]) => {
      const predicate = folder === 'processed' ? processedPredicate : folderPredicate(folder, staffId, today);
      return sql`count(*) filter (where ${predicate})::int as ${sql.identifier(field)}`;
    }),
    sql`, `,
  );
  const [counts] = await selectRows(db, folderCountsSchema, sql`select ${columns} from orders o`);
  return counts!;
}
