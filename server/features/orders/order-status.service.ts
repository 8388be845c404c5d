/**
 * THE status move (STYLE: one service function used by every route that moves
 * an order): move-order-status, the delete of change-order-status,
 * move-to-complete-refund and the order detail page's move buttons all call
 * `moveOrders`. It checks the role rules (product: roles.md#delete-rules), locks the
 * orders, changes them and writes one process-log line per moved order, all in
 * one transaction. Folder counts follow through the database trigger
 * (see folder-counts.ts), so callers never touch them.
 */
import type { Executor, Tx } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { can } from '../../../shared/roles';
import { logSteps } from '../../lib/process-log';
import { CLOSED_STATUSES, type ProcessStatus } from '../../../shared/orders';
import { lockOrderRows, setStatus, type MovingOrder } from './order-store';
import { changingOrders } from '../queue-engine';

export interface MoveOptions {
  /** The process-log step (shared/process-steps.ts); default statusChanged ("Status changed to {target}", "Order deleted"). */
  step?: 'statusChanged' | 'movedToCompletedWithRefundMail';
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

const CLOSED = new Set<string>(CLOSED_STATUSES);

/** Locks the named orders in id order (so concurrent moves never deadlock); 404 if any is missing. */
export async function lockOrders(tx: Executor, orderIds: number[]): Promise<MovingOrder[]> {
  const rows = await lockOrderRows(tx, orderIds);
  if (rows.length !== orderIds.length) {
    const found = new Set(rows.map((r) => r.orderId));
    const missing = orderIds.filter((id) => !found.has(id));
    throw new NotFoundError(
      missing.length === 1 ? `Order ${missing[0]} was not found.` : `Orders ${missing.join(', ')} were not found.`,
    );
  }
  return rows;
}

/**
 * Why `staff` may not move `order` to `target` under the role rules, or null when they may (product: roles.md#delete-rules, orders.md#delete): any role may delete a Future Order; otherwise deleting is for Admin and Manager, and an
 * order in the caller's own My Orders only an Admin may delete (the my-orders queue shows Delete to Admin alone);
 * restoring a Deleted order is for Admin and Manager. moveOrders and the bulk moves (features/bulk-orders) ask it.
 */
export function moveRefusal(staff: Staff, order: MovingOrder, target: ProcessStatus): string | null {
  if (target === 'Deleted') {
    if (order.status === 'Deleted' || order.isFuture) return null;
    if (!can(staff.type, 'orders:delete')) return 'Only an Admin or a Manager can delete orders.';
    if (
      order.assignedToId === staff.id &&
      !CLOSED.has(order.status) &&
      !can(staff.type, 'orders:delete-from-my-orders')
    ) {
      return 'Only an Admin can delete orders from My Orders.';
    }
    return null;
  }
  if (order.status === 'Deleted' && !can(staff.type, 'orders:delete'))
    return 'Only an Admin or a Manager can restore a deleted order.';
  return null;
}

/**
 * Moves `orderIds` to `target` as `staff`, in one transaction (a savepoint when
 * `db` is already a transaction). Orders already in `target` are left alone.
 * Moving to Completed records who processed the order (product: orders.md#processed-by).
 * Throws 403 (role), 404 (unknown id) or 409 (`allowedFrom` not met); then nothing changes.
 */
export async function moveOrders(
  db: Executor,
  staff: Staff,
  orderIds: number[],
  target: ProcessStatus,
  options: MoveOptions = {},
): Promise<MoveResult> {
  requirePermission(staff, 'orders:work');
  if (orderIds.length === 0) return { moved: [], unchanged: [] };
  return changingOrders(db, async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    for (const order of orders) {
      const refusal = moveRefusal(staff, order, target);
      if (refusal) throw new ForbiddenError(refusal);
    }
    if (options.allowedFrom) {
      const allowed = new Set<string>(options.allowedFrom);
      const wrong = orders.filter((o) => o.status !== target && !allowed.has(o.status));
      if (wrong.length) {
        throw new ConflictError(
          wrong.length === 1
            ? `Order ${wrong[0]!.orderId} is no longer in ${options.allowedFrom.join(' or ')}; refresh the list.`
            : `Orders ${wrong.map((o) => o.orderId).join(', ')} are no longer in ${options.allowedFrom.join(' or ')}; refresh the list.`,
        );
      }
    }
    const moving = orders.filter((o) => o.status !== target);
    const unchanged = orders.filter((o) => o.status === target).map((o) => o.orderId);
    if (moving.length === 0) return { moved: [], unchanged };

    await setStatus(
      tx,
      moving.map((o) => o.orderId),
      target,
      staff,
    );
    const step = options.step ?? 'statusChanged';
    await logSteps(
      tx,
      moving.map((o) => ({ orderId: o.orderId, staff, step, details: { from: o.status, to: target } })),
    );
    if (options.afterMove) await options.afterMove(tx, moving);
    return { moved: moving.map((o) => o.orderId), unchanged };
  });
}

/**
 * Moves one order to `target` with no staff member behind the move (the customer answering a request for
 * information, the follow-up job, a payment provider's dispute, which goes to ChargeBack from any status): only while it is in one of `allowedFrom`, else it is left as it is (answers
 * false). The move and its "Status changed" line (staff N/A) are made in `tx`, the caller's transaction, which
 * must hold the order's lock or take it here. Completed and Deleted are never targets here: they are staff's calls.
 */
export async function moveOrderUnattended(
  tx: Tx,
  orderId: number,
  target: Exclude<ProcessStatus, 'Completed' | 'Deleted'>,
  allowedFrom: readonly ProcessStatus[],
): Promise<boolean> {
  const [order] = await lockOrderRows(tx, [orderId]);
  if (!order || order.status === target || !allowedFrom.includes(order.status)) return false;
  await setStatus(tx, [orderId], target, { id: 0, name: '' });
  await logSteps(tx, [{ orderId, staff: null, step: 'statusChanged', details: { from: order.status, to: target } }]);
  return true;
}
