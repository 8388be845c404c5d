/**
 * Bulk moves (docs/decisions/0025): move, assign or delete many orders in one request, named one
 * by one or as "all N matching" a queue view (folder, search and filters). Each order gets its own outcome: the orders the
 * rules allow change (through the same writes as the single actions: moveOrders, deleteOrders, assignLockedOrders,
 * each writing its process-log lines in this transaction), the others are refused with the reason. The role rules
 * are the single actions' own (moveRefusal); folder counters and live events follow by trigger.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { BadRequestError, ConflictError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { can } from '../../../shared/roles';
import { CLOSED_STATUSES, statusLabel, type Folder, type ProcessStatus } from '../../../shared/orders';
import {
  FOLDER_TITLES,
  type BulkOrdersBody,
  type BulkOutcome,
  type BulkResult,
} from '../../../shared/schemas/bulk-orders';
import { BULK_MAX_ORDERS, bulkSummary, ordersPhrase, type BulkAction } from '../../../shared/schemas/bulk-orders-texts';
import { changingOrders, folderPredicate, utcToday, assertMayReadFolder, queueViewOrderIds } from '../queue-engine';
import {
  moveOrders,
  moveRefusal,
  assignLockedOrders,
  deleteOrders,
  existingOrderIds,
  lockFreeOrderRows,
  type Assignee,
  type BulkOrder,
} from '../orders';

const CLOSED = new Set<string>(CLOSED_STATUSES);

const assigneeSchema = z.object({ id: z.number(), name: z.string() });

/** The member an assignment names: the caller, or (Admin and Manager) another member who still exists. */
async function assigneeOf(db: Executor, staff: Staff, assigneeId: number | undefined): Promise<Assignee> {
  if (assigneeId === undefined || assigneeId === staff.id) return { id: staff.id, name: staff.name };
  requirePermission(staff, 'orders:reassign', 'Only an Admin or a Manager can assign orders to another team member.');
  const [member] = await selectRows(
    db,
    assigneeSchema,
    sql`select id, name from team_members where id = ${assigneeId}`,
  );
  if (!member) throw new NotFoundError('The team member to assign to was not found; refresh the page.');
  return member;
}

/**
 * "All N matching": the ids of the queue view's orders, up to one more than the limit. The list's own WHERE
 * (filteredWhere of filtered-lists.ts: folder predicate and filters) and search condition, so the count is the one
 * the confirmation showed.
 */
async function matchingIds(
  tx: Executor,
  staff: Staff,
  all: NonNullable<BulkOrdersBody['all']>,
  today: string,
  passportIndexes: readonly string[] | null,
): Promise<number[]> {
  return (await queueViewOrderIds(tx, staff, { ...all, passportIndexes }, BULK_MAX_ORDERS + 1, today)).sort(
    (a, b) => a - b,
  );
}

/**
 * Locks the orders that no one else is changing right now (in id order, SKIP LOCKED: a bulk request never waits on,
 * or deadlocks with, a colleague's move) and reads, from the locked row, whether each is still in `folder`.
 */
async function lockBulk(
  tx: Executor,
  staff: Staff,
  ids: number[],
  folder: Folder | undefined,
  today: string,
): Promise<BulkOrder[]> {
  return lockFreeOrderRows(tx, ids, folder ? folderPredicate(folder, staff.id, today) : sql`true`, today);
}

type Verdict =
  { allowed: true; taking?: string } | { allowed: false; refusal: NonNullable<BulkOutcome['refusal']>; reason: string };
const refuse = (refusal: NonNullable<BulkOutcome['refusal']>, reason: string): Verdict => ({
  allowed: false,
  refusal,
  reason,
});

function moveVerdict(staff: Staff, order: BulkOrder, target: ProcessStatus, folder: Folder | undefined): Verdict {
  if (order.status === target)
    return refuse('already', target === 'Deleted' ? 'Already deleted.' : `Already in ${statusLabel(target)}.`);
  if (!order.inFolder) return refuse('not_in_folder', `No longer in ${FOLDER_TITLES[folder!]}.`);
  const rule = moveRefusal(staff, order, target);
  return rule ? refuse('not_allowed', rule) : { allowed: true };
}

/**
 * Assign: the rules of Assign to me (an order another member holds is theirs: 409 there, refused here; closed
 * orders are not assigned), except that an Admin or a Manager, who may release anyone's order
 * (`orders:reassign`), hands such an order over to the assignee.
 */
function assignVerdict(staff: Staff, order: BulkOrder, to: Assignee, folder: Folder | undefined): Verdict {
  if (order.assignedToId === to.id)
    return refuse('already', to.id === staff.id ? 'Already assigned to you.' : `Already assigned to ${to.name}.`);
  if (!order.inFolder) return refuse('not_in_folder', `No longer in ${FOLDER_TITLES[folder!]}.`);
  if (CLOSED.has(order.status)) return refuse('closed', `${statusLabel(order.status)} orders cannot be assigned.`);
  if (order.assignedToId !== null) {
    const holder = order.assigneeName ?? 'another team member';
    if (!can(staff.type, 'orders:reassign')) return refuse('held', `Already assigned to ${holder}.`);
    return { allowed: true, taking: holder };
  }
  return { allowed: true };
}

const DONE: Record<BulkAction, BulkOutcome['outcome']> = { move: 'moved', assign: 'assigned', delete: 'deleted' };

export async function bulkOrders(
  db: Executor,
  staff: Staff,
  body: BulkOrdersBody,
  /** The view's search term as a passport number (passportIndexesOf), as its page found the orders. */
  passportIndexes: readonly string[] | null = null,
): Promise<{ result: BulkResult; message: string }> {
  requirePermission(staff, 'orders:work');
  const folder = body.all?.folderName ?? body.folderName;
  if (folder) assertMayReadFolder(staff, folder);
  const assignee = body.action === 'assign' ? await assigneeOf(db, staff, body.assigneeId) : null;
  const target: ProcessStatus | null =
    body.action === 'move' ? body.status! : body.action === 'delete' ? 'Deleted' : null;
  const today = utcToday(); // one date for the count, the folder check and the future-order rule

  const result = await changingOrders(db, async (tx: Tx) => {
    let ids: number[];
    if (body.all) {
      ids = await matchingIds(tx, staff, body.all, today, passportIndexes);
      if (ids.length > BULK_MAX_ORDERS) {
        throw new BadRequestError(
          `More than ${ordersPhrase(BULK_MAX_ORDERS)} match; at most ${ordersPhrase(BULK_MAX_ORDERS)} can be changed at once. Narrow the filter and try again. Nothing was changed.`,
        );
      }
      if (ids.length !== body.expectedCount) {
        throw new ConflictError(
          `${ids.length === 0 ? 'No order matches' : `${ordersPhrase(ids.length)} ${ids.length === 1 ? 'matches' : 'match'}`} now, not the ${ordersPhrase(body.expectedCount!)} you confirmed. Nothing was changed; check the list and confirm again.`,
        );
      }
    } else {
      ids = [...new Set(body.orderIds!)].sort((a, b) => a - b);
    }

    const locked = await lockBulk(tx, staff, ids, folder, today);
    const byId = new Map(locked.map((o) => [o.orderId, o]));
    const skipped = ids.filter((id) => !byId.has(id));
    const existing = new Set(await existingOrderIds(tx, skipped));

    const outcomes = new Map<number, BulkOutcome>();
    const allowed: number[] = [];
    const taking = new Map<number, string>();
    for (const id of ids) {
      const order = byId.get(id);
      const verdict: Verdict = !order
        ? existing.has(id)
          ? refuse('busy', 'Being changed by a colleague right now; try again.')
          : refuse('not_found', ORDER_NOT_FOUND)
        : target
          ? moveVerdict(staff, order, target, folder)
          : assignVerdict(staff, order, assignee!, folder);
      if (verdict.allowed) {
        allowed.push(id);
        if (verdict.taking) taking.set(id, verdict.taking);
        outcomes.set(id, {
          orderId: id,
          outcome: DONE[body.action],
          ...(verdict.taking ? { reason: `Was assigned to ${verdict.taking}.` } : {}),
        });
      } else {
        outcomes.set(id, { orderId: id, outcome: 'refused', refusal: verdict.refusal, reason: verdict.reason });
      }
    }

    // The single actions' own writes, on the allowed orders only (each re-checks the role rules).
    if (allowed.length) {
      if (body.action === 'move') await moveOrders(tx, staff, allowed, target!);
      else if (body.action === 'delete') await deleteOrders(tx, staff, allowed);
      else await assignLockedOrders(tx, staff, allowed, assignee!, taking);
    }
    const results = ids.map((id) => outcomes.get(id)!);
    return { action: body.action, done: allowed.length, refused: results.length - allowed.length, results };
  });

  const what =
    body.action === 'move'
      ? `to ${statusLabel(target!)}`
      : body.action === 'assign'
        ? `to ${assignee!.id === staff.id ? 'you' : assignee!.name}`
        : '';
  return { result, message: bulkSummary(body.action, result.done, result.refused, what) };
}
