/**
 * Queue pages and search (product: folders.md#predicates, folders.md#search): one page of a folder,
 * newest first, plus its total. Totals without a search come from the folder
 * counters (a full count of Order History would read most of the orders on
 * every page); with a search they are counted, up to SEARCH_COUNT_CAP.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Folder } from '../../../shared/orders';
import { folderDeclaration } from '../../../shared/folders';
import type { OrderSort, QueueFilters } from '../../../shared/schemas/queue-filters';
import { orderListRowSchema, type OrderListRow } from '../../../shared/schemas/order-list';
import { PAGE_SIZE_OPTIONS, SEARCH_COUNT_CAP } from '../../../shared/schemas/order-list-texts';
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import { totalRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { currentCounterTotals } from './counts-snapshot';
import { folderTotal, folderVersionQuery } from './folder-counts';
import { ANCHORED_FROM, anchorKey, nearestAnchor, rememberAnchor, type Anchor } from './page-anchors';
import { folderPredicate, folderSearchParts, SEARCH_PARTS, utcToday } from './folders';
import { cheapestPieces, currentTrigramStats, digitWindows, type TrigramStats } from './search-terms';

export interface PageRequest {
  folder: Folder;
  offset: number;
  limit: number;
  search?: string;
  /** Future Order: 1..12. */
  processMonth?: number;
  /** 'arrival': nearest arrival first (arrival-sort.ts); otherwise newest first. Other sorts: filtered-lists.ts. */
  sort?: OrderSort;
  /** Queue filters: a page with any goes through filtered-lists.ts. */
  filters?: QueueFilters;
}

export interface OrderPage {
  rows: OrderListRow[];
  totalRecords: number;
  /** True when a search matched more than SEARCH_COUNT_CAP orders (totalRecords is then the cap). */
  totalCapped: boolean;
}

export function assertMayReadFolder(staff: Staff, folder: Folder) {
  requirePermission(staff, 'orders:work');
  const { read } = folderDeclaration(folder);
  if (read) requirePermission(staff, read.permission, read.refusal);
}

/**
 * Order id prefix as a range on the id's text in byte order ("1234" <= id < "1235"), which
 * orders_id_text_idx serves: one SQL shape whatever the prefix, unlike a primary-key range per id length.
 */
const ID_PREFIX = /^#?([1-9]\d{0,19})$/;

function idPrefixCondition(term: string): SQL | null {
  const digits = ID_PREFIX.exec(term)?.[1];
  if (!digits) return null;
  const after = digits.slice(0, -1) + String.fromCharCode(digits.charCodeAt(digits.length - 1) + 1); // "1239" -> "123:"
  return sql`(o.order_id::text collate "C" >= ${digits} and o.order_id::text collate "C" < ${after})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search asks of the orders, and whether it asks the trigram index (split by status, SEARCH_PARTS). */
export interface OrderSearch {
  condition: SQL;
  trigram: boolean;
}

/**
 * searchVal: order id prefix, or name / e-mail / telephone contains, case-insensitive. Digits (a telephone)
 * ask the digit-window index; with trigram frequencies at hand, any other long term asks the trigram index
 * for its cheapest piece (or two); either way strpos checks the whole term.
 */
export function searchCondition(raw: string, stats: TrigramStats | null = null): OrderSearch | null {
  const term = raw.trim().replace(/\s+/g, ' ');
  if (!term) return null;
  const lower = term.toLowerCase();
  const windows = digitWindows(lower);
  const pieces = windows ? null : cheapestPieces(lower, stats);
  const contains = windows
    ? sql`(o.search_digit_grams @> ${`{${windows.join(',')}}`}::integer[] and strpos(o.search_text, ${lower}) > 0)`
    : pieces
      ? sql`(${sql.join(
          pieces.map((piece) => sql`o.search_text like ${`%${piece}%`}`),
          sql` and `,
        )} and strpos(o.search_text, ${lower}) > 0)`
      : sql`o.search_text like ${`%${escapeLike(lower)}%`}`;
  const ids = idPrefixCondition(term);
  return { condition: ids ? sql`(${ids} or ${contains})` : sql`(${contains})`, trigram: windows === null };
}

export function folderWhere(staff: Staff, request: PageRequest, today = utcToday()): SQL {
  const parts = [folderPredicate(request.folder, staff.id, today)];
  if (request.folder === 'futureOrder' && request.processMonth) {
    parts.push(sql`extract(month from o.processing_date) = ${request.processMonth}`);
  }
  return sql.join(parts, sql` and `);
}

/** A search term the trigram index can serve (3+ characters) or an id prefix (the id-text index). */
export const indexable = (term: string) => term.trim().length >= 3 || ID_PREFIX.test(term.trim());

/** Most matches a selective search collects before it falls back to walking the folder in order. */
export const SEARCH_CANDIDATES = 20_000;

const ISO = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ROW_COLUMNS = sql`
  p.order_id::int as order_id, p.process_status, p.processing_mode, p.given_name, p.surname, p.email,
  p.personal_phone_code, p.personal_telephone_number,
  ${ISO(sql`p.created_at`)} as created_at, ${ISO(sql`p.refund_date`)} as refund_date,
  p.processing_date::text as processing_date, to_char(p.processing_date, 'Mon') as process_month,
  p.assigned_to_id, tm.name as assign_to,
  p.date_of_arrival_in_japan::int as date_of_arrival_in_japan, p.month_of_arrival_in_japan::int as month_of_arrival_in_japan,
  p.year_of_arrival_in_japan::int as year_of_arrival_in_japan`;

/**
 * A statement that wraps rowsOf in a left join lateral answers a page's rows, each with the statement's own columns,
 * or, when the window holds no row, a single row of nulls that still carries them: its schema is a union of the two
 * (the page row first). Columns outside the schema (the ordering helpers) are dropped by the decoding.
 */
export const NO_ROW = { order_id: z.null() };

const NEWEST_FIRST = sql`p.created_at desc nulls last, p.order_id desc nulls last`;

/** The page's rows for a subquery answering `order_id`s, newest first (or in `order`, over the rows as `p`). */
export const rowsOf = (ids: SQL, extraColumns = sql``, order = NEWEST_FIRST) => sql`
  select ${ROW_COLUMNS}${extraColumns}
  from (${ids}) ids
  join orders p on p.order_id = ids.order_id
  left join team_members tm on tm.id = p.assigned_to_id
  order by ${order}`;

/**
 * Ids first (an index-only walk of the folder's partial index, however deep the page), then the rows.
 * The page size is written into the text (a validated integer) and the offset is a parameter: with
 * both as parameters a generic plan must guess the row count, and for Order History it guessed a
 * sort of the whole folder; with the size fixed it walks the index for any offset.
 */
const pageIds = (where: SQL, request: PageRequest, offset = request.offset) => sql`
  select o.order_id from orders o where ${where}
  order by o.created_at desc nulls last, o.order_id desc nulls last
  limit ${sql.raw(String(Math.trunc(request.limit)))} offset ${Math.trunc(offset)}`;

/**
 * A page of a folder at a standard page size, at any depth, is a prepared statement (one per folder
 * and size, so at most a few dozen per connection): planning it against the partial indexes cost
 * more than running it.
 */
const preparedPage = (request: PageRequest) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(request.limit);

/** The statement of one page of a folder without a search, as listOrders runs it (the bench checks its generic plan). */
export const folderPageStatement = (staff: Staff, request: PageRequest, today = utcToday()) =>
  rowsOf(pageIds(folderWhere(staff, request, today), request));

/**
 * For a statement that wraps rowsOf in an outer query: each row's exact created_at (the ISO column stops at
 * milliseconds), and the outer order by it, so two orders of the same millisecond keep the page's order.
 */
const EXACT_CREATED_AT = sql`, p.created_at::text as exact_created_at`;
const BY_EXACT_CREATED_AT = sql`order by r.exact_created_at::timestamptz desc nulls last, r.order_id desc nulls last`;

/** What anchoredPageStatement adds to each row: the folder's version and the row's exact created_at. */
const anchoredRowSchema = z.union([
  orderListRowSchema.extend({ version: z.string(), exact_created_at: z.string() }),
  z.object({ ...NO_ROW, version: z.string() }),
]);

/** No anchor yet: a version no folder has, so the statement walks from the top. */
const NO_ANCHOR = { anchor: { position: 0, createdAt: '-infinity', orderId: 0 }, version: '-1' };

/**
 * A deep page (page-anchors.ts): reads the folder's version and, in the same snapshot, walks from the
 * anchor if the version is the anchor's, else from the top. The two walks are gated by that comparison
 * (one-time filters), so only one runs. Every row carries the version; with no row in the window, a
 * single row of nulls still does.
 */
export const anchoredPageStatement = (
  staff: Staff,
  request: PageRequest,
  today: string,
  from: { anchor: Anchor; version: string } = NO_ANCHOR,
) => {
  const where = folderWhere(staff, request, today);
  const { anchor, version } = from;
  const afterAnchor = sql`${where} and v.version = ${version} and (o.created_at, o.order_id) <= (${anchor.createdAt}::timestamptz, ${anchor.orderId}::bigint)`;
  return sql`
    select v.version, r.*
    from (${folderVersionQuery(request.folder, staff.id)}) v
    left join lateral (${rowsOf(
      sql`(${pageIds(afterAnchor, request, request.offset - anchor.position)})
      union all (${pageIds(sql`${where} and v.version <> ${version}`, request)})`,
      EXACT_CREATED_AT,
    )}) r on true
    ${BY_EXACT_CREATED_AT}`; // found[0] must be the page's true first row: it becomes the next anchor
};

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

// The arrival date rides along for a search sorted by arrival (arrival-sort.ts): the heap row is read anyway.
const MATCH_COLUMNS = sql`o.order_id, o.created_at, o.process_status, o.assigned_to_id, o.processing_mode, o.processing_date,
  o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan`;

/**
 * The orders a search matches, up to one more than SEARCH_CANDIDATES. A term that asks the trigram index asks
 * only the parts of it that hold the folder's orders (folderSearchParts), one select per part: written as one
 * condition, PostgreSQL would factor the term out of the parts and could use none of them. A part asked for
 * less than all of its orders (New Orders' due future orders) gets that key in its select, where its index
 * applies it together with the term.
 */
export function matchingOrders(search: OrderSearch, folder: Folder, today: string): SQL {
  const limit = SEARCH_CANDIDATES + 1;
  if (!search.trigram) return sql`select ${MATCH_COLUMNS} from orders o where ${search.condition} limit ${limit}`;
  const parts = folderSearchParts(folder, today).map(
    ({ part, narrowed }) =>
      sql`(select ${MATCH_COLUMNS} from orders o where ${SEARCH_PARTS[part]}${narrowed ? sql` and ${narrowed}` : sql``} and ${search.condition} limit ${limit})`,
  );
  return sql`select * from (${sql.join(parts, sql` union all `)}) m limit ${limit}`;
}

/** The statement of a selective search, as searchByMatches runs it (the bench checks its generic plan). */
export const searchMatchesStatement = (
  where: SQL,
  search: OrderSearch,
  request: PageRequest,
  today = utcToday(),
) => sql`
    with s as materialized (${matchingOrders(search, request.folder, today)}),
    f as (select o.order_id, o.created_at from s o where ${where})
    select c.candidates, c.total, r.*
    from (select (select count(*) from s)::int as candidates, (select count(*) from f)::int as total) c
    left join lateral (${rowsOf(
      sql`
      select order_id from f order by created_at desc nulls last, order_id desc nulls last limit ${request.limit} offset ${request.offset}`,
      EXACT_CREATED_AT,
    )}) r on true
    ${BY_EXACT_CREATED_AT}`;

/** The rows of a selective search: the page's rows, each with the matches' and the folder's counts. */
export const searchPageRowSchema = z.union([
  orderListRowSchema.extend({ candidates: z.number(), total: z.number() }),
  z.object({ ...NO_ROW, candidates: z.number(), total: z.number() }),
]);

/**
 * A selective search: the matches come from the trigram / id-text indexes
 * first (fenced in a materialized CTE so the planner cannot "help" by ANDing in
 * the folder's whole index), then the folder predicate, order and window apply
 * to them. Returns null when the term matches too many orders for that to pay.
 * A prepared statement (one per folder and search shape): planning it costs
 * more than running it, and its generic plan is the same index scans.
 */
async function searchByMatches(
  db: Executor,
  where: SQL,
  search: OrderSearch,
  request: PageRequest,
  today: string,
): Promise<OrderPage | null> {
  // One statement (a round trip to PostgreSQL costs more CPU than the page's rows): every row carries the
  // two counts, and with no row in the window a single row of nulls still does.
  const found = await selectPrepared(db, searchPageRowSchema, searchMatchesStatement(where, search, request, today));
  const counts = found[0];
  if (!counts || counts.candidates > SEARCH_CANDIDATES) return null;
  const rows = found.filter((r) => r.order_id !== null).map(({ candidates: _c, total: _t, ...row }) => row);
  return { rows, totalRecords: Math.min(counts.total, SEARCH_COUNT_CAP), totalCapped: counts.total > SEARCH_COUNT_CAP };
}

export async function listOrders(db: Executor, staff: Staff, request: PageRequest): Promise<OrderPage> {
  assertMayReadFolder(staff, request.folder);
  const today = utcToday(); // one date for the page and its total, even across midnight
  const search = request.search ? searchCondition(request.search, currentTrigramStats(db)) : null;
  if (!search) {
    const [rows, counters] = await Promise.all([
      !preparedPage(request)
        ? selectRows(db, orderListRowSchema, folderPageStatement(staff, request, today))
        : request.offset >= ANCHORED_FROM
          ? anchoredPage(db, staff, request, today)
          : selectPrepared(db, orderListRowSchema, folderPageStatement(staff, request, today)),
      currentCounterTotals(db),
    ]);
    const totalRecords = folderTotal(counters, request.folder, staff.id, today, request.processMonth);
    return { rows, totalRecords, totalCapped: false };
  }
  const where = folderWhere(staff, request, today);
  if (indexable(request.search!)) {
    const page = await searchByMatches(db, where, search, request, today);
    if (page) return page;
  }
  // A short or very common term: walk the folder newest first, filtering; count up to the cap.
  const matching = sql`${where} and ${search.condition}`;
  const [rows, counted] = await Promise.all([
    selectRows(db, orderListRowSchema, rowsOf(pageIds(matching, request))),
    selectRows(
      db,
      totalRow,
      sql`select count(*)::int as total from (select 1 from orders o where ${matching} limit ${SEARCH_COUNT_CAP + 1}) m`,
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return { rows, totalRecords: Math.min(total, SEARCH_COUNT_CAP), totalCapped: total > SEARCH_COUNT_CAP };
}
