/**
 * Queue actions (product: orders.md#assignment, orders.md#refunds): delete, Assign to me,
 * Move to Original Folder, Refunded it, Move to complete with refund mail and the
 * plain status move. Each is one transaction that writes its process-log lines;
 * status changes go through moveOrders.
 */
import type { Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { CLOSED_STATUSES, type ProcessStatus } from '../../../shared/orders';
import { lockOrders, moveOrders, type MoveResult } from './order-status.service';
import { assigneeNames, clearAssignee, setAssignee, stampRefundDate, type MovingOrder } from './order-store';
import type { MailProvider } from '../../../shared/schemas/mail-texts';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../lib/storage';
import { queueRefundConfirmationMail } from '../mail';
import { changingOrders } from '../queue-engine';
import { eraseOrders, removeFiles } from '../erasure';

const CLOSED = new Set<string>(CLOSED_STATUSES);
const list = (ids: number[]) => ids.join(', ');

export interface AssignResult {
  assigned: number[];
  alreadyYours: number[];
}

/**
 * Assign to me: atomic per order. The rows are locked first, so of two members
 * assigning the same order at once exactly one wins; the other gets 409 and
 * nothing of their request is applied.
 */
export async function assignToMe(db: Executor, staff: Staff, orderIds: number[]): Promise<AssignResult> {
  requirePermission(staff, 'orders:work');
  return changingOrders(db, async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    const taken = orders.filter((o) => o.assignedToId !== null && o.assignedToId !== staff.id);
    if (taken.length) {
      const names = await assigneeNames(
        tx,
        taken.map((o) => o.orderId),
      );
      const first = names[0]!;
      throw new ConflictError(
        taken.length === 1
          ? `Order ${first.order_id} has already been assigned to ${first.name ?? 'another team member'}.`
          : `Orders ${list(taken.map((o) => o.orderId))} have already been assigned to other team members. Nothing was assigned.`,
      );
    }
    const closed = orders.filter((o) => CLOSED.has(o.status));
    if (closed.length) {
      throw new ConflictError(
        `Order ${list(closed.map((o) => o.orderId))} is ${closed[0]!.status} and cannot be assigned. Nothing was assigned.`,
      );
    }
    const toAssign = orders.filter((o) => o.assignedToId === null).map((o) => o.orderId);
    await assignLockedOrders(tx, staff, toAssign);
    return {
      assigned: toAssign,
      alreadyYours: orders.filter((o) => o.assignedToId === staff.id).map((o) => o.orderId),
    };
  });
}

/** The member an assignment names. */
export interface Assignee {
  id: number;
  name: string;
}

/**
 * The write of an assignment, for orders the caller has locked and found unassigned: the assignee and the
 * "Assigned" process-log line (the folder counters follow by trigger). Assign to me and Work next both use it;
 * the bulk assign (features/bulk-orders) passes `to`, another member (Admin and Manager), and `taking`: orders
 * another member holds that an Admin or Manager hands over, with that member's name for the line.
 */
export async function assignLockedOrders(
  tx: Executor,
  staff: Staff,
  orderIds: number[],
  to: Assignee = staff,
  taking: ReadonlyMap<number, string> = new Map(),
): Promise<void> {
  if (!orderIds.length) return;
  const handedOver = [...taking.keys()].filter((id) => orderIds.includes(id));
  await setAssignee(tx, orderIds, to.id, handedOver);
  await logSteps(
    tx,
    orderIds.map((orderId) => ({
      orderId,
      staff,
      step: 'assigned' as const,
      details: { to: to.name, was: taking.get(orderId) },
    })),
  );
}

/** Move to Original Folder: clears the assignee. Your own orders; Admin and Manager also anyone's. */
export async function moveToOriginalFolder(
  db: Executor,
  staff: Staff,
  orderIds: number[],
): Promise<{ released: number[] }> {
  requirePermission(staff, 'orders:work');
  return changingOrders(db, async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    if (orders.some((o) => o.assignedToId !== null && o.assignedToId !== staff.id)) {
      requirePermission(staff, 'orders:reassign', 'You can only move your own orders back to their original folder.');
    }
    const released = orders.filter((o) => o.assignedToId !== null).map((o) => o.orderId);
    if (released.length) {
      await clearAssignee(tx, released);
      await logSteps(
        tx,
        released.map((orderId) => ({ orderId, staff, step: 'movedToOriginalFolder' as const })),
      );
    }
    return { released };
  });
}

function assertAllIn(orders: MovingOrder[], status: ProcessStatus, what: string) {
  const wrong = orders.filter((o) => o.status !== status);
  if (wrong.length) {
    throw new ConflictError(
      `Order ${list(wrong.map((o) => o.orderId))} is not in ${what} any more; refresh the list. Nothing was changed.`,
    );
  }
}

/** Refunded it: stamps refund_date on Refunds orders (they then read "Completed Refunds"). */
export async function markRefunded(
  db: Executor,
  staff: Staff,
  orderIds: number[],
): Promise<{ refunded: number[]; alreadyRefunded: number[] }> {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    assertAllIn(orders, 'Refunds', 'Refunds');
    const refunded = (await stampRefundDate(tx, orderIds)).sort((a, b) => a - b);
    await logSteps(
      tx,
      refunded.map((orderId) => ({ orderId, staff, step: 'refunded' as const })),
    );
    return { refunded, alreadyRefunded: orderIds.filter((id) => !refunded.includes(id)) };
  });
}

/** Move to complete with refund mail: Refunds -> Completed, and a refund confirmation mail queued per order. */
export async function moveToCompleteWithRefundMail(
  db: Executor,
  config: Config,
  staff: Staff,
  orderIds: number[],
  provider: MailProvider = 'smtp',
): Promise<MoveResult> {
  return moveOrders(db, staff, orderIds, 'Completed', {
    allowedFrom: ['Refunds'],
    step: 'movedToCompletedWithRefundMail',
    // The branded refund confirmation, queued in the move's transaction: no move without its mail.
    afterMove: async (tx, moved) => {
      for (const order of moved) await queueRefundConfirmationMail(tx, config, staff, order.orderId, provider);
    },
  });
}

/**
 * Delete (change-order-status): soft by default (status Deleted, restorable by a
 * move); `permanent` (Admin only) also blanks the personal data.
 */
export async function deleteOrders(
  db: Executor,
  staff: Staff,
  orderIds: number[],
  permanent = false,
  files?: { storage: Pick<Storage, 'delete'>; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<MoveResult> {
  if (permanent) requirePermission(staff, 'orders:delete-permanent', 'Only an Admin can delete orders permanently.');
  let keys: string[] = [];
  const result = await changingOrders(db, async (tx) => {
    const moved = await moveOrders(tx, staff, orderIds, 'Deleted');
    // The customer's erasure request: every personal column (server/db/personal-data.ts), both stages at once.
    if (permanent)
      keys = (await eraseOrders(tx, orderIds, 'evidence', { step: 'permanentlyDeleted', staff, rule: null })).files;
    return moved;
  });
  // Files go only once the rows that pointed at them are blank for good (after commit).
  if (files) await removeFiles(files.storage, keys, files.log);
  return result;
}

/** move-order-status: any move target except Deleted (deletion is its own action). */
export async function moveOrderStatus(
  db: Executor,
  staff: Staff,
  orderIds: number[],
  target: ProcessStatus,
): Promise<MoveResult> {
  if (target === 'Deleted') throw new ForbiddenError('Use Delete to delete orders.');
  return moveOrders(db, staff, orderIds, target);
}
