/**
 * Queue filters and sorts in SQL (docs/decisions/0023). "Exactly the filtered orders" of a queue is
 *   folderPredicate(folder, staff.id) AND the search condition AND queueFilterConditions(filters)
 * on the orders table as `o`, ordered by queueOrderBy(sort). The list, the export and the bulk moves all build it
 * so. Values are parameters, except the sort (a fixed text per sort).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Folder } from '../../../shared/orders';
import {
  activeFilters,
  queueFilterIssues,
  DEFAULT_ORDER_SORT,
  type OrderSort,
  type QueueFilters,
} from '../../../shared/schemas/queue-filters';
import { selectRows, type Executor } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { ARRIVAL_KEY } from './arrival';

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const dayKey = (day: string) => Number(day.replaceAll('-', ''));
/** The first instant after a UTC day, as an ISO text. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** 400 naming the field, when the filters cannot apply (ranges the wrong way round, status outside Order History). */
export function assertQueueFilters(filters: QueueFilters, folder?: Folder) {
  const issues = queueFilterIssues(filters, folder);
  if (issues.length) {
    throw new BadRequestError(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.path, i.message])));
  }
}

/**
 * The filters as conditions on `o` (the orders table), to AND with the folder predicate and the search. No filter,
 * no condition (an empty array). With `folder`, refuses (400) a status filter outside Order History first.
 * The arrival range is written as the arrival indexes' expression, the order-date range on created_at (the
 * queues' index key), so an index walk can apply them.
 */
export function queueFilterConditions(filters: QueueFilters, folder?: Folder): SQL[] {
  assertQueueFilters(filters, folder);
  const f = activeFilters(filters);
  const out: SQL[] = [];
  if (f.landingSite?.length) {
    out.push(
      sql`o.landing_site_id in (select ls.id from landing_sites ls where ls.site_key in (${list(f.landingSite)}))`,
    );
  }
  if (f.processingMode?.length) out.push(sql`o.processing_mode in (${list(f.processingMode)})`);
  if (f.nationality?.length) out.push(sql`o.nationality in (${list(f.nationality)})`);
  if (f.arrivalFrom) out.push(sql`${ARRIVAL_KEY} >= ${dayKey(f.arrivalFrom)}`);
  if (f.arrivalTo) out.push(sql`${ARRIVAL_KEY} <= ${dayKey(f.arrivalTo)}`);
  if (f.orderFrom) out.push(sql`o.created_at >= ${`${f.orderFrom}T00:00:00.000Z`}::timestamptz`);
  if (f.orderTo) out.push(sql`o.created_at < ${dayAfter(f.orderTo)}::timestamptz`);
  if (f.assigneeId?.length) {
    const members = [...new Set(f.assigneeId.filter((id) => id > 0))];
    const unassigned = f.assigneeId.includes(0);
    const assigned = members.length ? sql`o.assigned_to_id in (${list(members)})` : null;
    out.push(
      assigned && unassigned
        ? sql`(${assigned} or o.assigned_to_id is null)`
        : (assigned ?? sql`o.assigned_to_id is null`),
    );
  }
  if (f.status?.length) out.push(sql`o.process_status in (${list(f.status)})`);
  if (f.amountMin !== undefined) out.push(sql`o.payment_amount >= ${String(f.amountMin)}::numeric`);
  if (f.amountMax !== undefined) out.push(sql`o.payment_amount <= ${String(f.amountMax)}::numeric`);
  if (f.currency?.length) out.push(sql`o.payment_currency in (${list(f.currency)})`);
  return out;
}

/** The conditions ANDed into one (true when there is none). */
export function queueFilterWhere(filters: QueueFilters, folder?: Folder): SQL {
  const conditions = queueFilterConditions(filters, folder);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The ORDER BY of each sort over alias `a`; every one ends in the order id, so the order is total. */
const ORDERS: Record<OrderSort, (a: string) => string> = {
  newest: (a) => `${a}.created_at desc nulls last, ${a}.order_id desc nulls last`,
  oldest: (a) => `${a}.created_at asc nulls first, ${a}.order_id asc nulls first`,
  arrival: (a) => `${arrivalKey(a)}, ${a}.created_at, ${a}.order_id`,
  arrival_desc: (a) => `${arrivalKey(a)} desc, ${a}.created_at desc, ${a}.order_id desc`,
  order_id_desc: (a) => `${a}.order_id desc`,
  order_id: (a) => `${a}.order_id`,
  name: (a) => `lower(${a}.surname), lower(${a}.given_name), ${a}.order_id`,
  name_desc: (a) => `lower(${a}.surname) desc, lower(${a}.given_name) desc, ${a}.order_id desc`,
};
const arrivalKey = (a: string) =>
  `(${a}.year_of_arrival_in_japan * 10000 + ${a}.month_of_arrival_in_japan * 100 + ${a}.date_of_arrival_in_japan)`;

/**
 * The ORDER BY (without the keywords) of a sort over the orders as `alias` (default `o`); newest first when no
 * sort is given. `arrival` is written as the arrival indexes' expression (migration 0025).
 */
export function queueOrderBy(sort: OrderSort = DEFAULT_ORDER_SORT, alias = 'o'): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`queueOrderBy: bad alias ${alias}`);
  return sql.raw(ORDERS[sort](alias));
}

const siteKeySchema = z.object({ site_key: z.string() });

/** 400 for a landing site key no landing site has (the schema checks only its form). */
export async function assertKnownLandingSites(db: Executor, filters: QueueFilters) {
  const keys = filters.landingSite ?? [];
  if (!keys.length) return;
  const known = await selectRows(
    db,
    siteKeySchema,
    sql`select site_key from landing_sites where site_key in (${list(keys)})`,
  );
  const unknown = keys.filter((k) => !known.some((row) => row.site_key === k));
  if (unknown.length) {
    const message = `Unknown landing site: ${unknown.join(', ')}.`;
    throw new BadRequestError(message, { landingSite: message });
  }
}
