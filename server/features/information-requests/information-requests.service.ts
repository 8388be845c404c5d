/**
 * The request for information, staff's side (product: information-requests.md#loop): ask the customer to check
 * some answers (the order moves to Awaiting Response, one process-log line names the answers, the customer gets a
 * mail with a link), read an order's requests with their change sets, accept a reply (the order takes the answers)
 * or decline it with a note (a new request asks again). Each change and its log line in one transaction. Who may:
 * the roles that may move an order (orders:work), checked here.
 */
import type { Config } from '../../config';
import type { Executor, Tx } from '../../db/client';
import type { KeyRing } from '../../lib/encryption/key-ring';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import { CLOSED_STATUSES } from '../../../shared/orders';
import {
  REQUEST_TEXTS,
  askableField,
  columnLabel,
  reviewRows,
} from '../../../shared/schemas/information-request-texts';
import type { ColumnValues, InformationRequest } from '../../../shared/schemas/information-requests';
import { defaultProvider, loadTemplateContext, queueMail } from '../mail';
import { moveOrders } from '../orders';
import { changingOrders } from '../queue-engine';
import { answerPageUrl, informationRequestMail } from './request-mails';
import {
  changesOf,
  hasOpenRequest,
  insertLink,
  insertRequest,
  readOrder,
  repliedOrderIds,
  requestById,
  requestsOfOrder,
  setState,
  writeColumns,
  type ChangeRow,
  type RequestRow,
} from './request-store';

export interface RequestDeps {
  db: Executor;
  config: Config;
  /** Opens and seals the order's answers (server/db/sealed-travel.ts). */
  ring: KeyRing;
  /** The clock (tests fix it); the database's own clock is never read for a request's times. */
  now?: () => Date;
}

/** What a request's mail needs: it names the asked answers, never their values. */
export type MailDeps = Omit<RequestDeps, 'ring'>;

const clock = (deps: MailDeps) => (deps.now ?? (() => new Date()))();
const CLOSED = new Set<string>(CLOSED_STATUSES);
export const labelsOf = (fields: readonly string[]) => fields.map((key) => askableField(key)?.label ?? key);

/**
 * Opens a request on a locked order and mails its link: the order's status is where it returns when answered.
 * The order is moved to Awaiting Response by the caller's staff member (moveOrders: its rules and its log line).
 */
async function openRequest(
  tx: Tx,
  deps: RequestDeps,
  staff: Staff,
  order: { orderId: number; status: string },
  fields: string[],
  note: string,
): Promise<number> {
  const now = clock(deps);
  const requestId = await insertRequest(tx, {
    orderId: order.orderId,
    fields,
    note,
    fromStatus: order.status,
    staff,
    now,
    linkDays: deps.config.INFO_REQUEST_LINK_DAYS,
  });
  await logStep(tx, {
    orderId: order.orderId,
    staff,
    step: 'informationRequested',
    details: { fields: labelsOf(fields) },
  });
  await queueRequestMail(tx, deps, { requestId, orderId: order.orderId, fields, note, reminder: 0, staff, now });
  await moveOrders(tx, staff, [order.orderId], 'Awaiting');
  return requestId;
}

/** Queues the request's mail (or a reminder) with a new link of its own. */
export async function queueRequestMail(
  tx: Executor,
  deps: MailDeps,
  input: {
    requestId: number;
    orderId: number;
    fields: readonly string[];
    note: string;
    reminder: 0 | 1 | 2;
    staff: { id: number; name: string } | null;
    now: Date;
    expiresAt?: Date;
  },
): Promise<void> {
  const token = await insertLink(tx, input.requestId, input.orderId);
  const ctx = await loadTemplateContext(tx, deps.config, input.orderId);
  const expiresAt = input.expiresAt ?? new Date(input.now.getTime() + deps.config.INFO_REQUEST_LINK_DAYS * 86_400_000);
  const content = informationRequestMail(ctx, {
    labels: labelsOf(input.fields),
    note: input.note,
    link: answerPageUrl(deps.config.PUBLIC_BASE_URL, token),
    expiresAt,
    reminder: input.reminder,
  });
  await queueMail(tx, deps.config, {
    orderId: input.orderId,
    kind: input.reminder === 0 ? 'information_request' : 'information_reminder',
    to: ctx.order.email,
    provider: defaultProvider(deps.config),
    content,
    replyTo: ctx.brand.supportEmail,
    fromName: ctx.brand.name,
    staff: input.staff,
  });
}

/** Locks the order and refuses one its customer cannot be asked about (closed, deleted, erased) or already asked. */
async function askableOrder(tx: Tx, ring: KeyRing, orderId: number): Promise<{ orderId: number; status: string }> {
  const order = await readOrder(tx, ring, orderId, true);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (CLOSED.has(order.status) || order.erased) throw new ConflictError(REQUEST_TEXTS.notAskable);
  if (await hasOpenRequest(tx, orderId)) throw new ConflictError(REQUEST_TEXTS.alreadyOpen);
  return { orderId, status: order.status };
}

/** Asks the order's customer to check `fields` (keys of ASKABLE_FIELDS), with `note`. */
export async function askCustomer(
  deps: RequestDeps,
  staff: Staff,
  input: { orderId: number; fields: string[]; note: string },
): Promise<InformationRequest> {
  requirePermission(staff, 'orders:work');
  const requestId = await changingOrders(deps.db, async (tx) => {
    const order = await askableOrder(tx, deps.ring, input.orderId);
    return openRequest(tx, deps, staff, order, input.fields, input.note);
  });
  return (await readRequest(deps, requestId))!;
}

/** A value compared as text: a number and its digits, and no value and an empty one, are the same answer. */
const asText = (value: ColumnValues[string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * Whether the change's answer was changed on the order after the reply (product: information-requests.md#edited-after-reply):
 * the order holds neither the value before nor the customer's, so accepting would overwrite someone's later edit.
 */
const editedAfterReply = (change: ChangeRow, order: ColumnValues) => {
  const now = asText(order[change.field]);
  return now !== asText(change.old_value) && now !== asText(change.new_value);
};

/** The review rows' labels (a date as one) of the changes edited on the order since the reply; never a value. */
function editedLabels(changes: readonly ChangeRow[], order: ColumnValues): string[] {
  const edited = new Set(changes.filter((c) => editedAfterReply(c, order)).map((c) => c.field));
  return reviewRows(changes.map((c) => c.field))
    .filter((row) => row.columns.some((name) => edited.has(name)))
    .map((row) => row.label);
}

/**
 * A request as the order page shows it, with its change set labelled; with the order's values (`order`), a reply
 * waiting for review marks the answers changed on the order since.
 */
function present(row: RequestRow, changes: readonly ChangeRow[], order: ColumnValues | null): InformationRequest {
  const reminders = [row.first_reminder_at, row.second_reminder_at].filter(Boolean).length;
  return {
    id: row.id,
    order_id: row.order_id,
    fields: row.fields,
    note: row.note,
    state: row.state === 'open' && row.expired ? 'expired' : row.state,
    from_status: row.from_status,
    requested_by: row.requested_by_name,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    answered_at: row.answered_at && new Date(row.answered_at).toISOString(),
    reminders_sent: reminders,
    reviewed_by: row.reviewed_by_name,
    reviewed_at: row.reviewed_at && new Date(row.reviewed_at).toISOString(),
    decline_note: row.decline_note,
    changes: changes
      .filter((c) => c.request_id === row.id)
      .map((c) => ({
        field: c.field,
        label: columnLabel(c.field),
        old_value: c.old_value,
        new_value: c.new_value,
        edited_after_reply: row.state === 'answered' && order !== null && editedAfterReply(c, order),
      })),
  };
}

async function readRequest(deps: RequestDeps, requestId: number): Promise<InformationRequest | null> {
  const row = await requestById(deps.db, requestId, clock(deps));
  if (!row) return null;
  const order = row.state === 'answered' ? await readOrder(deps.db, deps.ring, row.order_id) : null;
  return present(row, await changesOf(deps.db, deps.ring, [row.id]), order?.values ?? null);
}

/** The order's requests, newest first, each with its change set. */
export async function orderRequests(deps: RequestDeps, staff: Staff, orderId: number): Promise<InformationRequest[]> {
  requirePermission(staff, 'orders:work');
  const rows = await requestsOfOrder(deps.db, orderId, clock(deps));
  const changes = await changesOf(
    deps.db,
    deps.ring,
    rows.map((r) => r.id),
  );
  const order = rows.some((r) => r.state === 'answered') ? await readOrder(deps.db, deps.ring, orderId) : null;
  return rows.map((r) => present(r, changes, order?.values ?? null));
}

/** The orders marked "Customer replied" (a reply waiting for its review). */
export async function repliedOrders(deps: RequestDeps, staff: Staff): Promise<number[]> {
  requirePermission(staff, 'orders:work');
  return repliedOrderIds(deps.db);
}

/** Locks an answered request and its order; 404 / 409 otherwise. */
async function answeredRequest(tx: Tx, deps: RequestDeps, requestId: number): Promise<RequestRow> {
  const request = await requestById(tx, requestId, clock(deps), true);
  if (!request) throw new NotFoundError(REQUEST_TEXTS.requestNotFound);
  if (request.state !== 'answered') throw new ConflictError(REQUEST_TEXTS.notAnswered);
  return request;
}

/**
 * Accepts the customer's answers: the order takes the new values, with a log line naming the answers. An answer
 * changed on the order since the reply is not overwritten: 409 naming it (its label), and nothing changes.
 */
export async function acceptReply(deps: RequestDeps, staff: Staff, requestId: number): Promise<InformationRequest> {
  requirePermission(staff, 'orders:work');
  await changingOrders(deps.db, async (tx) => {
    const request = await answeredRequest(tx, deps, requestId);
    const order = await readOrder(tx, deps.ring, request.order_id, true);
    if (!order || order.erased || order.status === 'Deleted') throw new ConflictError(REQUEST_TEXTS.notAskable);
    const changes = await changesOf(tx, deps.ring, [request.id]);
    const edited = editedLabels(changes, order.values);
    if (edited.length) throw new ConflictError(REQUEST_TEXTS.editedAfterReply(edited));
    await writeColumns(tx, deps.ring, request.order_id, Object.fromEntries(changes.map((c) => [c.field, c.new_value])));
    await setState(tx, request.id, 'accepted', { reviewer: staff, now: clock(deps) });
    await logStep(tx, {
      orderId: request.order_id,
      staff,
      step: 'informationAccepted',
      details: { fields: labelsOf(request.fields) },
    });
  });
  return (await readRequest(deps, requestId))!;
}

/** Declines the customer's answers with a note, which goes to the customer with a new request for the same answers. */
export async function declineReply(
  deps: RequestDeps,
  staff: Staff,
  requestId: number,
  note: string,
): Promise<InformationRequest> {
  requirePermission(staff, 'orders:work');
  const newId = await changingOrders(deps.db, async (tx) => {
    const request = await answeredRequest(tx, deps, requestId);
    await setState(tx, request.id, 'declined', { reviewer: staff, declineNote: note, now: clock(deps) });
    await logStep(tx, {
      orderId: request.order_id,
      staff,
      step: 'informationDeclined',
      details: { fields: labelsOf(request.fields) },
    });
    const order = await askableOrder(tx, deps.ring, request.order_id);
    return openRequest(tx, deps, staff, order, request.fields, note);
  });
  return (await readRequest(deps, newId))!;
}
