/**
 * The plan check: every statement of a queue page, search and count, explained as the app runs it, must walk an
 * index and never read the whole orders table. Run by plan-check.test.ts in CI (on generated orders enough for
 * the planner to choose as it does at scale) and by `npm run bench` at a million orders (bench/run.ts).
 *
 * Pages (newest first in every folder, and every other sort of Order History) are prepared statements with a
 * generic plan (docs/decisions/0007, 0059), which PostgreSQL picks once for every offset; a plan that sorts or
 * scans the whole folder would be slow for every page. Each statement is prepared on one session and explained
 * with plan_cache_mode=force_generic_plan, as the app's pool runs it, for page 1 and page 500 (a deep page: both its
 * walks, from an anchor and from the top, page-anchors.ts). Searches are prepared too. The counts read the counter
 * rows (never orders) and the urgent counts one arrival index range each, planned for their values as the app runs
 * them (unprepared).
 */
import type { SQL } from 'drizzle-orm';
import { DEFAULT_URGENCY_THRESHOLDS } from '../../../shared/arrival-urgency';
import { FOLDERS, type Folder } from '../../../shared/orders';
import { WORK_NEXT_FOLDERS } from '../../../shared/schemas/work-next-texts';
import { ORDER_SORTS, type OrderSort } from '../../../shared/schemas/queue-filters';
import { toQuery } from '../../db/client';
import type { Staff } from '../../lib/auth';
import { urgentCountsStatement } from './arrival';
import { counterRowsQuery, folderVersionQuery } from './folder-counts';
import { folderSearchParts, SEARCH_PARTS, searchPartIndex, utcToday, type SearchPart } from './folders';
import {
  anchoredPageStatement,
  arrivalPageStatement,
  folderPageStatement,
  folderWhere,
  searchCondition,
  searchMatchesStatement,
  type PageRequest,
} from './page-statements';
import { digitWindows, type TrigramStats } from './search-terms';
import { SORTED_PAGES_PREPARED, sortedPageStatement } from './filtered-lists';

/** One database session (a pg client, a pool's client held for the check, or PGlite): prepared statements live on it. */
export interface PlanSession {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The index each folder's page walks, newest first (migrations 0000, 0002, 0004, 0010). */
export const PAGE_INDEX: Record<Folder, string> = {
  newOrder: 'orders_queue_new_idx',
  priorityOrder: 'orders_queue_priority_idx',
  futureOrder: 'orders_queue_future_month_idx', // as its screen asks: one month tile at a time
  myOrder: 'orders_queue_mine_idx',
  orderHistory: 'orders_queue_history_idx',
  pendingOrder: 'orders_status_created_idx',
  awaitingOrder: 'orders_status_created_idx',
  awaitingGovt: 'orders_status_created_idx',
  contactCustomer: 'orders_status_created_idx',
  customerCalled: 'orders_status_created_idx',
  completedOrder: 'orders_status_created_idx',
  refundOrder: 'orders_status_created_idx',
  ChargeBack: 'orders_status_created_idx',
  deletedOrder: 'orders_status_created_idx',
};

/** The index a page sorted by arrival walks, and the urgent counts' ranges (migration 0025). */
export const ARRIVAL_INDEX: Record<'newOrder' | 'priorityOrder' | 'myOrder', string> = {
  newOrder: 'orders_work_next_new_idx',
  priorityOrder: 'orders_work_next_priority_idx',
  myOrder: 'orders_mine_arrival_idx',
};

const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * The plan of a statement as the app runs it: prepared with a generic plan (selectPrepared on the pool), or
 * planned for its values (a plain query; a prepared statement's first executions are planned so too).
 */
async function planOf(session: PlanSession, statement: SQL, generic: boolean): Promise<string> {
  const query = toQuery(statement);
  await session.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
  await session.query(`prepare plan_check as ${query.sql}`);
  try {
    const args = query.params.map(literal).join(', ');
    const rows = (await session.query(`explain execute plan_check${args ? `(${args})` : ''}`)).rows;
    return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  } finally {
    await session.query('deallocate plan_check');
  }
}

/**
 * Whether a search plan asks the parts of the trigram index that hold the folder's orders, and no other, and a
 * part asked for less than all of its orders (New Orders' due future orders) with that key in its index condition.
 */
function asksParts(plan: string, folder: Folder): boolean {
  const parts = folderSearchParts(folder);
  const asked = (part: SearchPart) => plan.includes(searchPartIndex(part));
  const narrowedInIndex = parts
    .filter((p) => p.narrowed)
    .every(({ part }) =>
      new RegExp(`Bitmap Index Scan on ${searchPartIndex(part)}[^\\n]*\\n\\s*Index Cond: [^\\n]*processing_date`).test(
        plan,
      ),
    );
  return (
    narrowedInIndex &&
    (Object.keys(SEARCH_PARTS) as SearchPart[]).every((part) => asked(part) === parts.some((p) => p.part === part))
  );
}

const SEQ_SCAN = /Seq Scan on orders\b/;
/** What is wrong with a page's plan under its Limit (the ten rows are sorted at the top), or null. */
function pageProblem(plan: string, index: string): string | null {
  const underLimit = plan.slice(plan.indexOf('Limit'));
  if (SEQ_SCAN.test(underLimit)) return 'reads the whole orders table (Seq Scan on orders)';
  if (/\bSort\b/.test(underLimit)) return 'sorts the folder instead of walking an index in order';
  if (!underLimit.includes(index)) {
    const walked = /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/.exec(
      underLimit,
    )?.[1];
    return `walks ${walked ?? 'no index'} instead of ${index}, which holds exactly the folder's orders in page order`;
  }
  return null;
}

/** The index Order History's pages walk in each other sort (migrations 0000, 0026, 0029, 0037). */
const SORT_INDEX: Record<Exclude<OrderSort, 'newest'>, string> = {
  oldest: PAGE_INDEX.orderHistory,
  arrival: 'orders_arrival_filters_idx',
  arrival_desc: 'orders_arrival_filters_idx',
  order_id: 'orders_pkey',
  order_id_desc: 'orders_pkey',
  name: 'orders_name_sort_idx',
  name_desc: 'orders_name_sort_idx',
};

/** What is wrong with a sorted page's plan: it must walk `index` (either way) with nothing read from the table. */
function sortedPageProblem(plan: string, index: string): string | null {
  const problem = pageProblem(plan, index);
  if (problem || index === 'orders_pkey') return problem; // the rows walked by the primary key are the table's
  return new RegExp(`Index Only Scan(?: Backward)? using ${index}\\b`).test(plan)
    ? null
    : `walks ${index} but reads each order it passes from the table (not an index-only scan)`;
}

export interface PlanCheckOptions {
  /** Also page 500 of every folder (its anchored statement). Default true. */
  deepPages?: boolean;
}

/** `label: what is wrong` and the plan, for every statement whose plan reads more than an index walk of its folder. */
export async function checkQueuePlans(
  session: PlanSession,
  staff: Staff,
  stats: TrigramStats,
  options: PlanCheckOptions = {},
): Promise<string[]> {
  try {
    return await explainAll(session, staff, stats, options);
  } finally {
    await session.query('reset plan_cache_mode'); // the session's own setting again (the pool's: force_generic_plan)
  }
}

/** Every statement's label, plan and what is wrong with it (null: nothing). */
export interface ExplainedStatement {
  label: string;
  plan: string;
  problem: string | null;
}

async function explainAll(
  session: PlanSession,
  staff: Staff,
  stats: TrigramStats,
  options: PlanCheckOptions,
): Promise<string[]> {
  return (await explainQueueStatements(session, staff, stats, options))
    .filter((s) => s.problem)
    .map((s) => `${s.label}: ${s.problem}\n${s.plan}`);
}

export async function explainQueueStatements(
  session: PlanSession,
  staff: Staff,
  stats: TrigramStats,
  options: PlanCheckOptions = {},
): Promise<ExplainedStatement[]> {
  const explained: ExplainedStatement[] = [];
  const report = (label: string, problem: string | null, plan: string) => {
    explained.push({ label, plan, problem });
  };
  const today = utcToday();
  // Future Order is checked as its screen asks for it, one month at a time. Its all-months list (API only)
  // sorts the ~60,000 future orders: no index serves "processing date after today, newest first".
  const requests: PageRequest[] = [
    ...FOLDERS.filter((folder) => folder !== 'futureOrder').map((folder) => ({ folder, offset: 0, limit: 10 })),
    { folder: 'futureOrder', offset: 0, limit: 10, processMonth: 1 },
  ];
  const labelOf = (request: PageRequest) =>
    `${request.folder}${request.processMonth ? ` month ${request.processMonth}` : ''}`;
  const offsets = options.deepPages === false ? [0] : [0, 4990];

  for (const request of requests) {
    for (const offset of offsets) {
      const page = { ...request, offset };
      const anchor = { anchor: { position: 4000, createdAt: new Date().toISOString(), orderId: 0 }, version: '0' };
      const statement = offset
        ? anchoredPageStatement(staff, page, today, anchor)
        : folderPageStatement(staff, page, today);
      const plan = await planOf(session, statement, true);
      report(`${labelOf(request)} page ${offset / 10 + 1}`, pageProblem(plan, PAGE_INDEX[request.folder]), plan);
    }
  }
  // Order History's other sorts, prepared as its newest-first pages are (filtered-lists.ts): each walks an index in
  // its own order, whatever the page; a name sort walks the name index alone (migration 0037).
  for (const sort of ORDER_SORTS.filter((s) => s !== 'newest')) {
    for (const offset of offsets) {
      const request: PageRequest = { folder: SORTED_PAGES_PREPARED, offset, limit: 10, sort };
      const plan = await planOf(session, sortedPageStatement(staff, request, sort, today), true);
      report(
        `${SORTED_PAGES_PREPARED} sorted by ${sort} page ${offset / 10 + 1}`,
        sortedPageProblem(plan, SORT_INDEX[sort]),
        plan,
      );
    }
  }
  for (const folder of WORK_NEXT_FOLDERS) {
    for (const offset of offsets) {
      const request: PageRequest = { folder, offset, limit: 10, sort: 'arrival' };
      const plan = await planOf(session, arrivalPageStatement(folderWhere(staff, request, today), request), true);
      report(`${folder} sorted by arrival page ${offset / 10 + 1}`, pageProblem(plan, ARRIVAL_INDEX[folder]), plan);
    }
  }

  // Every search shape (whole term or piece, with or without an id prefix) in every folder: the matches must
  // come from the indexes, never from a scan of the table; digits from their windows' index, other terms from
  // exactly the parts of the trigram index that hold the folder's statuses.
  for (const request of requests) {
    // A full name gives two pieces (one per name), an e-mail one, digits an id prefix too.
    for (const term of ['buster.damore170', 'sincere lubowitz', '10974', '9012345678', '+81 9012345678']) {
      for (const withStats of [null, stats]) {
        const search = searchCondition(term, withStats)!;
        const plan = await planOf(
          session,
          searchMatchesStatement(folderWhere(staff, request, today), search, request, today),
          true,
        );
        const digits = digitWindows(term) !== null;
        const problem = SEQ_SCAN.test(plan)
          ? 'reads the whole orders table (Seq Scan on orders)'
          : digits && !plan.includes('orders_search_digit_grams_idx')
            ? 'does not ask orders_search_digit_grams_idx'
            : !digits && !asksParts(plan, request.folder)
              ? `does not ask exactly the search index parts of ${request.folder}`
              : null;
        report(`search "${term}" in ${labelOf(request)}${withStats ? ' (piece)' : ''}`, problem, plan);
      }
    }
  }

  // A term that may be a passport number also asks for its blind indexes (one per key), from their own index.
  const passportIndexes = ['AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB'];
  for (const request of requests) {
    for (const term of ['TK1234567', '987654321']) {
      const search = searchCondition(term, stats, passportIndexes)!;
      const plan = await planOf(
        session,
        searchMatchesStatement(folderWhere(staff, request, today), search, request, today),
        true,
      );
      const digits = digitWindows(term) !== null;
      const problem = SEQ_SCAN.test(plan)
        ? 'reads the whole orders table (Seq Scan on orders)'
        : !plan.includes('orders_passport_number_index_idx')
          ? 'does not ask orders_passport_number_index_idx'
          : digits && !plan.includes('orders_search_digit_grams_idx')
            ? 'does not ask orders_search_digit_grams_idx'
            : !digits && !asksParts(plan, request.folder)
              ? `does not ask exactly the search index parts of ${request.folder}`
              : null;
      report(`search "${term}" in ${labelOf(request)} (and as a passport number)`, problem, plan);
    }
  }

  // The counts: the counter rows and a folder's version never read orders; the urgent counts one index range each.
  for (const [label, statement] of [
    ['folder counts', counterRowsQuery],
    ['newOrder version', folderVersionQuery('newOrder', staff.id)],
  ] as const) {
    const plan = await planOf(session, statement, false);
    report(label, /\bon orders\b/.test(plan) ? 'reads orders (the counts come from order_folder_counts)' : null, plan);
  }
  // Both urgent counts are one statement; each of its two counts must read its own arrival index.
  const plan = await planOf(session, urgentCountsStatement(DEFAULT_URGENCY_THRESHOLDS, new Date(), today), false);
  report(
    'urgent counts',
    SEQ_SCAN.test(plan)
      ? 'reads the whole orders table (Seq Scan on orders)'
      : !plan.includes(ARRIVAL_INDEX.newOrder) || !plan.includes(ARRIVAL_INDEX.priorityOrder)
        ? `does not read ${ARRIVAL_INDEX.newOrder} and ${ARRIVAL_INDEX.priorityOrder}`
        : null,
    plan,
  );
  return explained;
}
