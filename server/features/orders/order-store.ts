/**
 * The orders feature's statements on `orders`: the rows a move, an assignment, a refund or a bulk action locks and
 * reads, and the writes they make. Services decide (roles, statuses, messages); these read and write, each in the
 * caller's transaction, and every row they answer is decoded by its schema. Which orders a queue holds, and Work
 * next's probe, are the queue engine's.
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import type { Staff } from '../../lib/auth';
import { PROCESS_STATUSES, type ProcessStatus } from '../../../shared/orders';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** An order as it was just before a change (locked FOR UPDATE), as movingOrderColumns reads it. */
export const movingOrderSchema = z.object({
  orderId: z.number(),
  status: z.enum(PROCESS_STATUSES),
  assignedToId: z.number().nullable(),
  /** In the Future Order folder (New, future, processing date after today). */
  isFuture: z.boolean(),
  email: z.string(),
  givenName: z.string(),
  surname: z.string(),
  landingSiteId: z.number(),
});
export type MovingOrder = z.infer<typeof movingOrderSchema>;

const TODAY = sql`(now() at time zone 'UTC')::date`;

/** A MovingOrder's columns from the orders row `o` (`today`: the day the Future Order rule is read for). */
const movingOrderColumns = (today: SQL = TODAY) => sql`
  o.order_id as "orderId", o.process_status as status, o.assigned_to_id as "assignedToId",
  (o.process_status = 'New' and o.processing_mode = 'future' and o.processing_date > ${today}) as "isFuture",
  o.email, o.given_name as "givenName", o.surname, o.landing_site_id as "landingSiteId"`;

/** Locks the named orders in id order (so concurrent changes never deadlock); answers those that exist. */
export async function lockOrderRows(tx: Executor, orderIds: readonly number[]): Promise<MovingOrder[]> {
  return selectRows(
    tx,
    movingOrderSchema,
    sql`
    select ${movingOrderColumns()}
    from orders o where o.order_id in (${idList(orderIds)})
    order by o.order_id
    for update`,
  );
}

/** A locked order with what the bulk rules read besides MovingOrder's fields. */
export const bulkOrderSchema = movingOrderSchema.extend({ assigneeName: z.string().nullable(), inFolder: z.boolean() });
export type BulkOrder = z.infer<typeof bulkOrderSchema>;

/**
 * Locks the named orders that no one else is changing right now (in id order, SKIP LOCKED: a bulk request never
 * waits on, or deadlocks with, a colleague's move) and reads, from the locked row, whether each is still in the
 * folder (`inFolder`, a predicate over `orders o`; `today` the day the folder rules are read for).
 */
export async function lockFreeOrderRows(
  tx: Executor,
  orderIds: readonly number[],
  inFolder: SQL,
  today: string,
): Promise<BulkOrder[]> {
  return selectRows(
    tx,
    bulkOrderSchema,
    sql`
    select ${movingOrderColumns(sql`${today}::date`)},
      (select tm.name from team_members tm where tm.id = o.assigned_to_id) as "assigneeName",
      ${inFolder} as "inFolder"
    from orders o where o.order_id in (${idList(orderIds)})
    order by o.order_id
    for update skip locked`,
  );
}

/** Which of the named orders exist (whether or not someone holds their row). */
export async function existingOrderIds(tx: Executor, orderIds: readonly number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await selectRows(
    tx,
    orderIdRow,
    sql`select order_id::int as order_id from orders where order_id in (${idList(orderIds)})`,
  );
  return rows.map((r) => r.order_id);
}

const assigneeNameSchema = z.object({ order_id: z.number(), name: z.string().nullable() });

/** The names of the members the named orders are assigned to (null when unassigned), by order id. */
export async function assigneeNames(
  tx: Executor,
  orderIds: readonly number[],
): Promise<z.infer<typeof assigneeNameSchema>[]> {
  return selectRows(
    tx,
    assigneeNameSchema,
    sql`
    select o.order_id::int as order_id, tm.name from orders o left join team_members tm on tm.id = o.assigned_to_id
    where o.order_id in (${idList(orderIds)}) order by o.order_id`,
  );
}

/**
 * Assigns the named orders to member `toId`: those unassigned, and those in `handedOver` whoever holds them (an
 * Admin or Manager handing another member's orders over).
 */
export async function setAssignee(
  tx: Executor,
  orderIds: readonly number[],
  toId: number,
  handedOver: readonly number[],
): Promise<void> {
  await tx.execute(sql`update orders set assigned_to_id = ${toId}, assigned_at = now(), updated_at = now()
    where order_id in (${idList(orderIds)})
      and (assigned_to_id is null${handedOver.length ? sql` or order_id in (${idList(handedOver)})` : sql``})`);
}

/** Clears the assignee of the named orders. */
export async function clearAssignee(tx: Executor, orderIds: readonly number[]): Promise<void> {
  await tx.execute(sql`update orders set assigned_to_id = null, assigned_at = null, updated_at = now()
    where order_id in (${idList(orderIds)})`);
}

/** Stamps the refund date on those of the named orders that have none; answers them. */
export async function stampRefundDate(tx: Executor, orderIds: readonly number[]): Promise<number[]> {
  const rows = await selectRows(
    tx,
    orderIdRow,
    sql`
    update orders set refund_date = now(), updated_at = now()
    where order_id in (${idList(orderIds)}) and refund_date is null
    returning order_id::int as order_id`,
  );
  return rows.map((r) => r.order_id);
}

/** Sets the status of the named orders; moving to Completed also records who processed them, and when. */
export async function setStatus(
  tx: Executor,
  orderIds: readonly number[],
  target: ProcessStatus,
  staff: Pick<Staff, 'id' | 'name'>,
): Promise<void> {
  const completing = target === 'Completed';
  await tx.execute(sql`
    update orders set
      process_status = ${target},
      updated_at = now()
      ${completing ? sql`, processed_by_id = ${staff.id}, processed_by_name = ${staff.name}, processed_at = now()` : sql``}
    where order_id in (${idList(orderIds)})`);
}
