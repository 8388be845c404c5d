/**
 * Queue actions (spec section 4, DECISIONS section 2): delete, Assign to me,
 * Move to Original Folder, Refunded it, Move to complete with refund mail and the
 * plain status move. Each is one transaction that writes its process-log lines;
 * status changes go through moveOrders.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { CLOSED_STATUSES, type ProcessStatus } from '../../../shared/orders';
import { lockOrders, moveOrders, type MoveResult, type MovingOrder } from './order-status.service';
import type { MailProvider } from '../../../shared/schemas/mail';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../lib/storage';
import { queueRefundConfirmationMail } from '../mail/mail.queue';
import { changingOrders } from './counts-snapshot';

const CLOSED = new Set<string>(CLOSED_STATUSES);
const list = (ids: number[]) => ids.join(', ');

export interface AssignResult { assigned: number[]; alreadyYours: number[] }

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
      const names = await selectRows<{ order_id: number; name: string | null }>(tx, sql`
        select o.order_id::int as order_id, tm.name from orders o left join team_members tm on tm.id = o.assigned_to_id
        where o.order_id in (${sql.join(taken.map((o) => sql`${o.orderId}`), sql`, `)}) order by o.order_id`);
      const first = names[0]!;
      throw new ConflictError(taken.length === 1
        ? `Order ${first.order_id} has already been assigned to ${first.name ?? 'another team member'}.`
        : `Orders ${list(taken.map((o) => o.orderId))} have already been assigned to other team members. Nothing was assigned.`);
    }
    const closed = orders.filter((o) => CLOSED.has(o.status));
    if (closed.length) {
      throw new ConflictError(`Order ${list(closed.map((o) => o.orderId))} is ${closed[0]!.status} and cannot be assigned. Nothing was assigned.`);
    }
    const toAssign = orders.filter((o) => o.assignedToId === null).map((o) => o.orderId);
    if (toAssign.length) {
      await tx.execute(sql`update orders set assigned_to_id = ${staff.id}, assigned_at = now(), updated_at = now()
        where order_id in (${sql.join(toAssign.map((id) => sql`${id}`), sql`, `)}) and assigned_to_id is null`);
      await logSteps(tx, toAssign.map((orderId) => ({ orderId, stepName: 'Assigned', staff, detail: `Assigned to ${staff.name}` })));
    }
    return { assigned: toAssign, alreadyYours: orders.filter((o) => o.assignedToId === staff.id).map((o) => o.orderId) };
  });
}

/** Move to Original Folder: clears the assignee. Your own orders; Admin and Manager also anyone's. */
export async function moveToOriginalFolder(db: Executor, staff: Staff, orderIds: number[]): Promise<{ released: number[] }> {
  requirePermission(staff, 'orders:work');
  return changingOrders(db, async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    if (orders.some((o) => o.assignedToId !== null && o.assignedToId !== staff.id)) {
      requirePermission(staff, 'orders:reassign', 'You can only move your own orders back to their original folder.');
    }
    const released = orders.filter((o) => o.assignedToId !== null).map((o) => o.orderId);
    if (released.length) {
      await tx.execute(sql`update orders set assigned_to_id = null, assigned_at = null, updated_at = now()
        where order_id in (${sql.join(released.map((id) => sql`${id}`), sql`, `)})`);
      await logSteps(tx, released.map((orderId) => ({ orderId, stepName: 'Moved to Original Folder', staff })));
    }
    return { released };
  });
}

function assertAllIn(orders: MovingOrder[], status: ProcessStatus, what: string) {
  const wrong = orders.filter((o) => o.status !== status);
  if (wrong.length) {
    throw new ConflictError(`Order ${list(wrong.map((o) => o.orderId))} is not in ${what} any more; refresh the list. Nothing was changed.`);
  }
}

/** Refunded it: stamps refund_date on Refunds orders (they then read "Completed Refunds"). */
export async function markRefunded(db: Executor, staff: Staff, orderIds: number[]): Promise<{ refunded: number[]; alreadyRefunded: number[] }> {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    const orders = await lockOrders(tx, orderIds);
    assertAllIn(orders, 'Refunds', 'Refunds');
    const rows = await selectRows<{ order_id: number }>(tx, sql`
      update orders set refund_date = now(), updated_at = now()
      where order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) and refund_date is null
      returning order_id::int as order_id`);
    const refunded = rows.map((r) => r.order_id).sort((a, b) => a - b);
    await logSteps(tx, refunded.map((orderId) => ({ orderId, stepName: 'Refunded', staff })));
    return { refunded, alreadyRefunded: orderIds.filter((id) => !refunded.includes(id)) };
  });
}

/** Move to complete with refund mail: Refunds -> Completed, and a refund confirmation mail queued per order. */
export async function moveToCompleteWithRefundMail(
  db: Executor, config: Config, staff: Staff, orderIds: number[], provider: MailProvider = 'smtp',
): Promise<MoveResult> {
  return moveOrders(db, staff, orderIds, 'Completed', {
    allowedFrom: ['Refunds'],
    stepName: 'Moved to Completed with refund mail',
    // The branded refund confirmation, queued in the move's transaction: no move without its mail.
    afterMove: async (tx, moved) => {
      for (const order of moved) await queueRefundConfirmationMail(tx, config, staff, order.orderId, provider);
    },
  });
}

/**
 * Personal data removed by a permanent deletion: the answers are blanked, remarks and downloads deleted,
 * documents deleted (their files after commit, see deleteOrders), and mails emptied (a queued one is
 * stopped). The row, its status and its process log stay for the audit. Returns the stored files to remove.
 */
async function purgeOrders(tx: Tx, staff: Staff, orderIds: number[]): Promise<string[]> {
  const ids = sql.join(orderIds.map((id) => sql`${id}`), sql`, `);
  const rows = await selectRows<{ order_id: number }>(tx, sql`
    update orders set purged_at = now(), updated_at = now(),
      passport_number = '', surname = '', given_name = '', email = '', date_of_dob = 0, month_of_dob = 0, year_of_dob = 0,
      home_address_city_name = null, postal_code_japan = '', address = '', hotel_name = '', other_city = null,
      personal_telephone_number = '', flight_number = '', article_name = null, transaction_id = null
    where order_id in (${ids}) and purged_at is null
    returning order_id::int as order_id`);
  await tx.execute(sql`delete from remarks where order_id in (${ids})`);
  await tx.execute(sql`delete from download_history where order_id in (${ids})`);
  const files = await selectRows<{ key: string }>(tx, sql`
    select storage_key as key from upload_docs where order_id in (${ids})
    union
    select a->>'storageKey' from mails m, jsonb_array_elements(m.attachments) a where m.order_id in (${ids})`);
  await tx.execute(sql`
    update mails set to_address = '', subject = 'Removed: order permanently deleted', html = '', text_body = '',
      attachments = '[]'::jsonb,
      status = case when status in ('queued', 'sending') then 'failed' else status end,
      last_error = case when status in ('queued', 'sending') then 'Order permanently deleted before sending' else last_error end
    where order_id in (${ids})`);
  await tx.execute(sql`delete from upload_docs where order_id in (${ids})`);
  await logSteps(tx, rows.map((r) => ({ orderId: r.order_id, stepName: 'Order permanently deleted', staff })));
  return files.map((f) => f.key).filter(Boolean);
}

/**
 * Delete (change-order-status): soft by default (status Deleted, restorable by a
 * move); `permanent` (Admin only) also blanks the personal data.
 */
export async function deleteOrders(
  db: Executor, staff: Staff, orderIds: number[], permanent = false,
  files?: { storage: Pick<Storage, 'delete'>; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<MoveResult> {
  if (permanent) requirePermission(staff, 'orders:delete-permanent', 'Only an Admin can delete orders permanently.');
  let keys: string[] = [];
  const result = await changingOrders(db, async (tx) => {
    const moved = await moveOrders(tx, staff, orderIds, 'Deleted');
    if (permanent) keys = await purgeOrders(tx, staff, orderIds);
    return moved;
  });
  // Files go only once the rows that pointed at them are gone for good (after commit). A file that
  // cannot be removed now is logged with its key for a later clean-up; the deletion itself stands.
  for (const key of keys) {
    await files?.storage.delete(key).catch((error: unknown) => files.log.warn({ err: error, key }, 'could not remove a purged order\'s file'));
  }
  return result;
}

/** move-order-status: any move target except Deleted (deletion is its own action). */
export async function moveOrderStatus(db: Executor, staff: Staff, orderIds: number[], target: ProcessStatus): Promise<MoveResult> {
  if (target === 'Deleted') throw new ForbiddenError('Use Delete to delete orders.');
  return moveOrders(db, staff, orderIds, target);
}
