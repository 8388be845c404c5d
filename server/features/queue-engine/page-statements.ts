/**
 * The statement builder of every queue page (product: folders.md#predicates, folders.md#search): the request and
 * who may read it, the folder's WHERE, the search condition, a page's rows and their schemas, the page orders
 * (newest first, by arrival), the index walk of a page, the search's matches and the statements built from them.
 * The three read paths (lists.service.ts, arrival-sort.ts, filtered-lists.ts) compose these and import nothing of
 * each other; the plan check (plan-check.ts) explains the same statements.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Folder } from '../../../shared/orders';
import { folderDeclaration } from '../../../shared/folders';
import type { OrderSort, QueueFilters } from '../../../shared/schemas/queue-filters';
import { orderListRowSchema, type OrderListRow } from '../../../shared/schemas/order-list';
import { SEARCH_COUNT_CAP } from '../../../shared/schemas/order-list-texts';
import { selectPrepared, selectRows, type Executor } from '../../db/client';
import { totalRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { ARRIVAL_KEY, BY_ARRIVAL } from './arrival';
import { folderVersionQuery } from './folder-counts';
import { folderPredicate, folderSearchParts, SEARCH_PARTS, utcToday } from './folders';
import type { Anchor } from './page-anchors';
import { cheapestPieces, digitWindows, type TrigramStats } from './search-terms';

// ---- The request ------------------------------------------------------------------------------------------

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
  /**
   * The search term's blind indexes as a passport number, one per key of the ring (server/db/sealed-travel.ts,
   * passportIndexesOf), when the term may be one: the search finds an order by its exact passport number too.
   */
  passportIndexes?: readonly string[] | null;
  /** Filters without a search: count the total exactly, whatever it costs (otherwise it may be estimated). */
  exactTotal?: boolean;
  /** Filters without a search: the planner's cost above which the total is estimated (filtered-totals.ts). */
  countMaxCost?: number;
}

export interface OrderPage {
  rows: OrderListRow[];
  totalRecords: number;
  /** True when a search matched more than SEARCH_COUNT_CAP orders (totalRecords is then the cap). */
  totalCapped: boolean;
  /** True when totalRecords is the planner's estimate of a filtered list's orders, not a count. */
  totalEstimated: boolean;
}

export function assertMayReadFolder(staff: Staff, folder: Folder) {
  requirePermission(staff, 'orders:work');
  const { read } = folderDeclaration(folder);
  if (read) requirePermission(staff, read.permission, read.refusal);
}

// ---- What the page's orders are: the folder and the search --------------------------------------------------

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
  /** Every order the search finds: the term's matches, or an exact passport number's. */
  condition: SQL;
  /** The term's own matches (id prefix, name, e-mail, telephone): what the search indexes answer. */
  termCondition: SQL;
  /** The orders whose passport number is the term (its blind index), or null when the term cannot be one. */
  passportCondition: SQL | null;
  trigram: boolean;
  /** The term can be served by the trigram index (3+ characters) or the id-text index (an id prefix). */
  indexable: boolean;
}

/**
 * searchVal: order id prefix, or name / e-mail / telephone contains, case-insensitive. Digits (a telephone)
 * ask the digit-window index; with trigram frequencies at hand, any other long term asks the trigram index
 * for its cheapest piece (or two); either way strpos checks the whole term. A term that may be a passport
 * number (`passportIndexes`: its blind indexes) also finds the order holding exactly that number, through the
 * blind index's own index: the passport is sealed, never searched as text (product: security.md#blind-index).
 */
export function searchCondition(
  raw: string,
  stats: TrigramStats | null = null,
  passportIndexes: readonly string[] | null = null,
): OrderSearch | null {
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
  const termCondition = ids ? sql`(${ids} or ${contains})` : sql`(${contains})`;
  const passportCondition = passportIndexes?.length
    ? sql`o.passport_number_index = any(${`{${passportIndexes.join(',')}}`}::text[])`
    : null;
  return {
    condition: passportCondition ? sql`(${termCondition} or ${passportCondition})` : termCondition,
    termCondition,
    passportCondition,
    trigram: windows === null,
    indexable: indexable(raw),
  };
}

export function folderWhere(staff: Staff, request: PageRequest, today = utcToday()): SQL {
  const parts = [folderPredicate(request.folder, staff.id, today)];
  if (request.folder === 'futureOrder' && request.processMonth) {
    parts.push(sql`extract(month from o.processing_date) = ${request.processMonth}`);
  }
  return sql.join(parts, sql` and `);
}

/** A search term the trigram index can serve (3+ characters) or an id prefix (the id-text index). */
const indexable = (term: string) => term.trim().length >= 3 || ID_PREFIX.test(term.trim());

/** Most matches a selective search collects before it falls back to walking the folder in order. */
export const SEARCH_CANDIDATES = 20_000;

// ---- A page's rows ------------------------------------------------------------------------------------------

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

/** The rows of a selective search: the page's rows, each with the matches' and the folder's counts. */
export const searchPageRowSchema = z.union([
  orderListRowSchema.extend({ candidates: z.number(), total: z.number() }),
  z.object({ ...NO_ROW, candidates: z.number(), total: z.number() }),
]);

/** The page's rows of a statement decoded with searchPageRowSchema, without its counts. */
export const rowsWithoutCounts = (found: z.infer<typeof searchPageRowSchema>[]): OrderListRow[] =>
  found.filter((r) => r.order_id !== null).map(({ candidates: _c, total: _t, ...row }) => row);

// ---- The page orders --------------------------------------------------------------------------------------

/**
 * An order a page can be read in, written for each place a statement applies it: the index walk over `orders o`,
 * the rows (`p`, rowsOf), a wrapped rowsOf's output (`r`, which carries exact_created_at: the ISO column stops at
 * milliseconds, so two orders of one millisecond keep the walk's order), and a search's matches (what `f` keeps of
 * them, and its order over them).
 */
export interface PageOrder {
  walk: SQL;
  rows: SQL;
  outer: SQL;
  matchKeys: SQL;
  matchOrder: SQL;
}

/** Newest first: created_at, then the id, both descending (the folders' partial indexes). */
export const NEWEST_FIRST: PageOrder = {
  walk: sql`o.created_at desc nulls last, o.order_id desc nulls last`,
  rows: sql`p.created_at desc nulls last, p.order_id desc nulls last`,
  outer: sql`r.exact_created_at::timestamptz desc nulls last, r.order_id desc nulls last`,
  matchKeys: sql`o.order_id, o.created_at`,
  matchOrder: sql`created_at desc nulls last, order_id desc nulls last`,
};

/** Nearest arrival first, then the oldest order (BY_ARRIVAL, the arrival indexes of migration 0025). */
export const ARRIVAL_FIRST: PageOrder = {
  walk: BY_ARRIVAL,
  rows: sql`(p.year_of_arrival_in_japan * 10000 + p.month_of_arrival_in_japan * 100 + p.date_of_arrival_in_japan), p.created_at, p.order_id`,
  outer: sql`(r.year_of_arrival_in_japan * 10000 + r.month_of_arrival_in_japan * 100 + r.date_of_arrival_in_japan),
  r.exact_created_at::timestamptz, r.order_id`,
  matchKeys: sql`o.order_id, o.created_at, ${ARRIVAL_KEY} as arrival_key`,
  matchOrder: sql`arrival_key, created_at, order_id`,
};

/** The page's rows for a subquery answering `order_id`s, in `order` (over the rows as `p`). */
export const rowsOf = (ids: SQL, extraColumns = sql``, order: SQL = NEWEST_FIRST.rows) => sql`
  select ${ROW_COLUMNS}${extraColumns}
  from (${ids}) ids
  join orders p on p.order_id = ids.order_id
  left join team_members tm on tm.id = p.assigned_to_id
  order by ${order}`;

/** For a statement that wraps rowsOf in an outer query: each row's exact created_at, which `PageOrder.outer` reads. */
const EXACT_CREATED_AT = sql`, p.created_at::text as exact_created_at`;

// ---- A page: an index walk, then the rows -----------------------------------------------------------------

/**
 * The page size written into the text (a validated integer), the offset a parameter: with both as parameters a
 * generic plan must guess the row count, and for Order History it guessed a sort of the whole folder; with the size
 * fixed it walks the index for any offset.
 */
export const pageWindow = (request: PageRequest, offset = request.offset) =>
  sql`limit ${sql.raw(String(Math.trunc(request.limit)))} offset ${Math.trunc(offset)}`;

/** The page's ids: an index-only walk of the folder's index in `order`, however deep the page. */
const pageIds = (where: SQL, request: PageRequest, order: PageOrder, offset = request.offset) =>
  sql`select o.order_id from orders o where ${where} order by ${order.walk} ${pageWindow(request, offset)}`;

/** One page of `where` in `order`: the ids by an index walk, then their rows. */
export const pageStatement = (where: SQL, request: PageRequest, order: PageOrder) =>
  rowsOf(pageIds(where, request, order), sql``, order.rows);

/** The statement of one page of a folder without a search, newest first (the plan check explains it). */
export const folderPageStatement = (staff: Staff, request: PageRequest, today = utcToday()) =>
  pageStatement(folderWhere(staff, request, today), request, NEWEST_FIRST);

/** One page of a folder by arrival (the plan check and the bench check that it walks the folder's arrival index). */
export const arrivalPageStatement = (where: SQL, request: PageRequest) => pageStatement(where, request, ARRIVAL_FIRST);

/** What anchoredPageStatement adds to each row: the folder's version and the row's exact created_at. */
export const anchoredRowSchema = z.union([
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
      sql`(${pageIds(afterAnchor, request, NEWEST_FIRST, request.offset - anchor.position)})
      union all (${pageIds(sql`${where} and v.version <> ${version}`, request, NEWEST_FIRST)})`,
      EXACT_CREATED_AT,
    )}) r on true
    order by ${NEWEST_FIRST.outer}`; // found[0] must be the page's true first row: it becomes the next anchor
};

// ---- A search's matches -----------------------------------------------------------------------------------

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
  // An exact passport number's orders, from the blind index's own index; those the term matches anyway are left to
  // the term's select, so no order comes twice.
  const passport = search.passportCondition
    ? sql` union all (select ${MATCH_COLUMNS} from orders o where ${search.passportCondition} and ${search.termCondition} is not true limit ${limit})`
    : sql``;
  if (!search.trigram) {
    const matches = sql`select ${MATCH_COLUMNS} from orders o where ${search.termCondition} limit ${limit}`;
    return search.passportCondition ? sql`select * from ((${matches})${passport}) m limit ${limit}` : matches;
  }
  const parts = folderSearchParts(folder, today).map(
    ({ part, narrowed }) =>
      sql`(select ${MATCH_COLUMNS} from orders o where ${SEARCH_PARTS[part]}${narrowed ? sql` and ${narrowed}` : sql``} and ${search.termCondition} limit ${limit})`,
  );
  return sql`select * from (${sql.join(parts, sql` union all `)}${passport}) m limit ${limit}`;
}

/**
 * A selective search: the matches from the search indexes first (fenced in a materialized CTE so the planner cannot
 * "help" by ANDing in the folder's whole index), then the folder predicate, the order and the window over them, with
 * the matches' and the folder's counts on every row (a single row of nulls carries them when the window is empty):
 * one statement, one snapshot. The window is two parameters: one prepared statement per folder and search shape.
 */
export const searchMatchesStatement = (
  where: SQL,
  search: OrderSearch,
  request: PageRequest,
  today = utcToday(),
  order: PageOrder = NEWEST_FIRST,
) => sql`
    with s as materialized (${matchingOrders(search, request.folder, today)}),
    f as (select ${order.matchKeys} from s o where ${where})
    select c.candidates, c.total, r.*
    from (select (select count(*) from s)::int as candidates, (select count(*) from f)::int as total) c
    left join lateral (${rowsOf(
      sql`
      select order_id from f order by ${order.matchOrder} limit ${request.limit} offset ${request.offset}`,
      EXACT_CREATED_AT,
      order.rows,
    )}) r on true
    order by ${order.outer}`;

/** The count of a search walked in order, up to one more than SEARCH_COUNT_CAP. */
export const cappedCountStatement = (matching: SQL) =>
  sql`select count(*)::int as total from (select 1 from orders o where ${matching} limit ${SEARCH_COUNT_CAP + 1}) m`;

/** A total counted up to SEARCH_COUNT_CAP, as every search's. */
export const cappedTotal = (total: number) => ({
  totalRecords: Math.min(total, SEARCH_COUNT_CAP),
  totalCapped: total > SEARCH_COUNT_CAP,
  totalEstimated: false,
});

/**
 * A search's page in `order`, read as newest first and by arrival read it: from its matches when the term is
 * indexable and matches at most SEARCH_CANDIDATES orders, else (a short or very common term) by walking the folder
 * in order, filtering, and counting up to the cap. `prepared`: the matches' statement is a prepared statement (only
 * where the plan check covers it).
 */
export async function orderedSearchPage(
  db: Executor,
  where: SQL,
  search: OrderSearch,
  request: PageRequest,
  today: string,
  order: PageOrder,
  prepared: boolean,
): Promise<OrderPage> {
  if (search.indexable) {
    const statement = searchMatchesStatement(where, search, request, today, order);
    const found = await (prepared ? selectPrepared : selectRows)(db, searchPageRowSchema, statement);
    const counts = found[0];
    if (counts && counts.candidates <= SEARCH_CANDIDATES) {
      return { rows: rowsWithoutCounts(found), ...cappedTotal(counts.total) };
    }
  }
  const matching = sql`${where} and ${search.condition}`;
  const [rows, counted] = await Promise.all([
    selectRows(db, orderListRowSchema, pageStatement(matching, request, order)),
    selectRows(db, totalRow, cappedCountStatement(matching)),
  ]);
  return { rows, ...cappedTotal(counted[0]?.total ?? 0) };
}
