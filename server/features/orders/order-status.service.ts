/**
 * THE status move (STYLE: one service function used by every route that moves
 * an order): move-order-status, the delete of change-order-status,
 * move-to-complete-refund and the order detail page's move buttons all call
 * `moveOrders`. It checks the role rules (DECISIONS section 3), locks the
 * orders, changes them and writes one process-log line per moved order, all in
 * one transaction. Folder counts follow through the database trigger
 * (see folder-counts.ts), so callers never touch them.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { CLOSED_STATUSES, type ProcessStatus } from '../../../shared/orders';
import { changingOrders } from './counts-snapshot';

/** An order as it was just before the move (locked FOR UPDATE). */
export interface MovingOrder {
  orderId: number;
  status: ProcessStatus;
  assignedToId: number | null;
  /** In the Future Order folder (New, future, processing date after today). */
  isFuture: boolean;
  email: string;
  givenName: string;
  surname: string;
  landingSiteId: number;
}

export interface MoveOptions {
  /** Step name of the process-log line; default "Status changed to {target}" ("Order deleted" for Deleted). */
  stepName?: string;
  /** Statuses the orders must be in now; otherwise 409 and nothing changes. */
  allowedFrom?: readonly ProcessStatus[];
  /** Runs in the same transaction after the update, with the orders that moved (e.g. to queue a mail). */
  afterMove?: (tx: Tx, moved: MovingOrder[]) => Promise<void>;
}

export interface MoveResult {
  /** Orders whose status changed. */
  moved: number[];
  /** Orders already in the target status (left as they were, no log line). */
  unchanged: number[];
}

const TODAY = sql`(now() at time zone 'UTC')::date`;
const CLOSED = new Set<string>(CLOSED_STATUSES);

export function defaultStepName(target: ProcessStatus): string {
  return target === 'Deleted' ? 'Order deleted' : `Status changed to ${target}`;
}

/** Locks the named orders in id order (so concurrent moves never deadlock); 404 if any is missing. */
export async function lockOrders(tx: Executor, orderIds: number[]): Promise<MovingOrder[]> {
  const ids = sql.join(orderIds.map((id) => sql`${id}`), sql`, `);
  const rows = await selectRows<MovingOrder>(tx, sql`
    select o.order_id as "orderId", o.process_status as status, o.assigned_to_id as "assignedToId",
      (o.process_status = 'New' and o.processing_mode = 'future' and o.processing_date > ${TODAY}) as "isFuture",
      o.email, o.given_name as "givenName", o.surname, o.landing_site_id as "landingSiteId"
    from orders o where o.order_id in (${ids})
    order by o.order_id
    for update`);
  if (rows.length !== orderIds.length) {
    const found = new Set(rows.map((r) => Number(r.orderId)));
    const missing = orderIds.filter((id) => !found.has(id));
    throw new NotFoundError(missing.length === 1 ? `Order ${missing[0]} was not found.` : `Orders ${missing.join(', ')} were not found.`);
  }
  return rows.map((r) => ({ ...r, orderId: Number(r.orderId), landingSiteId: Number(r.landingSiteId) }));
}

/**
 * Who may delete (spec section 6, DECISIONS sections 2-3): any role may delete a
 * Future Order; otherwise Admin and Manager; an order in the caller's own My
 * Orders only an Admin (the my-orders queue shows Delete to Admin alone).
 */
function assertMayDelete(staff: Staff, orders: MovingOrder[]) {
  for (const order of orders) {
    if (order.status === 'Deleted' || order.isFuture) continue;
    requirePermission(staff, 'orders:delete', 'Only an Admin or a Manager can delete orders.');
    if (order.assignedToId === staff.id && !CLOSED.has(order.status)) {
      requirePermission(staff, 'orders:delete-from-my-orders', 'Only an Admin can delete orders from My Orders.');
    }
  }
}

/**
 * Moves `orderIds` to `target` as `staff`, in one transaction (a savepoint when
 * `db` is already a transaction). Orders already in `target` are left alone.
 * Moving to Completed records who processed the order (DECISIONS "Processed by").
 * Throws 403 (role), 404 (unknown id) or 409 (`allowedFrom` not met); then nothing changes.
 */
export async function moveOrders(
  db: Executor, staff: Staff, orderIds: number[], target: ProcessStatus, options: MoveOptions = {},
): Promise<MoveResult> {
  requirePermission(staff, 'orders:work');
  if (orderIds.length === 0) return { moved: [], unchanged: [] };
  return changingOrders(db, async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    if (target === 'Deleted') assertMayDelete(staff, orders);
    if (target !== 'Deleted' && orders.some((o) => o.status === 'Deleted')) {
      requirePermission(staff, 'orders:delete', 'Only an Admin or a Manager can restore a deleted order.');
    }
    if (options.allowedFrom) {
      const allowed = new Set<string>(options.allowedFrom);
      const wrong = orders.filter((o) => o.status !== target && !allowed.has(o.status));
      if (wrong.length) {
        throw new ConflictError(wrong.length === 1
          ? `Order ${wrong[0]!.orderId} is no longer in ${options.allowedFrom.join(' or ')}; refresh the list.`
          : `Orders ${wrong.map((o) => o.orderId).join(', ')} are no longer in ${options.allowedFrom.join(' or ')}; refresh the list.`);
      }
    }
    const moving = orders.filter((o) => o.status !== target);
    const unchanged = orders.filter((o) => o.status === target).map((o) => o.orderId);
    if (moving.length === 0) return { moved: [], unchanged };

    const ids = sql.join(moving.map((o) => sql`${o.orderId}`), sql`, `);
    const completing = target === 'Completed';
    await tx.execute(sql`
      update orders set
        process_status = ${target},
        updated_at = now()
        ${completing ? sql`, processed_by_id = ${staff.id}, processed_by_name = ${staff.name}, processed_at = now()` : sql``}
      where order_id in (${ids})`);
    const step = options.stepName ?? defaultStepName(target);
    await logSteps(tx, moving.map((o) => ({ orderId: o.orderId, stepName: step, staff, detail: `${o.status} -> ${target}` })));
    if (options.afterMove) await options.afterMove(tx, moving);
    return { moved: moving.map((o) => o.orderId), unchanged };
  });
}
