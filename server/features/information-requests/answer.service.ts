/**
 * The request for information, the customer's side (product: information-requests.md#answer): a link's token opens
 * its one request of its one order, shows only the asked answers as the order holds them, and takes one submission,
 * checked by the intake schema. The submission is kept as a change set (column, old value, new value), the order
 * goes back to the queue it came from (if it is still in Awaiting Response) and is marked "Customer replied"; the
 * process-log line it writes is what tells open staff screens (a live activity event). A request that is answered,
 * closed or past its time, or an order that is deleted or erased, answers with a clear message and changes nothing.
 * Attempts are limited per IP address and per link.
 */
import type { Executor } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { limitKey, spendAttempt, type Window } from '../../lib/rate-limit';
import { logStep } from '../../lib/process-log';
import { PROCESS_STATUSES, type ProcessStatus } from '../../../shared/orders';
import { CUSTOMER_TEXTS, columnsOf, askableField } from '../../../shared/schemas/information-request-texts';
import {
  answerErrors,
  parsedAnswer,
  type ColumnValues,
  type PublicRequest,
} from '../../../shared/schemas/information-requests';
import { moveOrderUnattended } from '../orders';
import { changingOrders } from '../queue-engine';
import { labelsOf, type RequestDeps } from './information-requests.service';
import { insertChanges, readOrder, requestOfToken, setState, tokenHash, type RequestRow } from './request-store';

/** Reads and submissions allowed per IP address and per link in 15 minutes. */
export const ANSWER_LIMITS = {
  ip: { limit: 60, seconds: 15 * 60 } satisfies Window,
  link: { limit: 20, seconds: 15 * 60 } satisfies Window,
};

const clock = (deps: RequestDeps) => (deps.now ?? (() => new Date()))();

async function spend(db: Executor, token: string, ip: string) {
  await spendAttempt(
    db,
    [
      { key: limitKey('answer:ip', ip), window: ANSWER_LIMITS.ip },
      { key: `answer:link:${tokenHash(token).slice(0, 32)}`, window: ANSWER_LIMITS.link },
    ],
    CUSTOMER_TEXTS.tooMany,
  );
}

/** Refuses a request that takes no answer now, with the message the customer reads. */
function refuseUnlessOpen(request: RequestRow | null, order: { status: string; erased: boolean } | null): void {
  if (!request) throw new NotFoundError(CUSTOMER_TEXTS.linkInvalid);
  if (['answered', 'accepted', 'declined'].includes(request.state))
    throw new ConflictError(CUSTOMER_TEXTS.alreadyAnswered);
  if (!order || order.erased || order.status === 'Deleted' || request.state === 'closed')
    throw new ConflictError(CUSTOMER_TEXTS.closed);
  if (request.state === 'expired' || request.expired) throw new ConflictError(CUSTOMER_TEXTS.linkExpired);
}

/** Storage forms intake gives these answers (intake.service.ts): what the order would hold had intake taken them. */
function storedForms(values: ColumnValues): ColumnValues {
  const out = { ...values };
  for (const name of ['surname', 'given_name'] as const)
    if (typeof out[name] === 'string') out[name] = (out[name] as string).toUpperCase();
  if (typeof out.flight_number === 'string') out.flight_number = out.flight_number.replace(/\s/g, '');
  if (typeof out.postal_code_japan === 'string') out.postal_code_japan = out.postal_code_japan.replace('-', '');
  if ('prefecture' in out && out.prefecture !== 'OTHER') out.other_prefecture = null;
  if ('city' in out && out.city !== 'OTHER') out.other_city = null;
  if ('purpose_of_visit' in out && out.purpose_of_visit !== 'Others') out.specific_purpose_for_visit = null;
  if ('declaration_eight' in out && out.declaration_eight !== 'yes') out.quantity_of_unaccompanied_articles = null;
  return out;
}

/** What the answer page shows for a link: the order id, the note and the asked answers as the order holds them. */
export async function openForCustomer(deps: RequestDeps, token: string, ip: string): Promise<PublicRequest> {
  await spend(deps.db, token, ip);
  const request = await requestOfToken(deps.db, token, clock(deps));
  const order = request && (await readOrder(deps.db, deps.ring, request.order_id));
  refuseUnlessOpen(request, order);
  return {
    order_id: request!.order_id,
    note: request!.note,
    expires_at: new Date(request!.expires_at).toISOString(),
    fields: request!.fields.map((key) => {
      const field = askableField(key)!;
      return {
        key,
        label: field.label,
        columns: field.columns.map((c) => ({ ...c, value: order!.values[c.name] ?? null })),
      };
    }),
  };
}

/**
 * Takes the customer's answers for the link's request, once: 400 with the intake schema's message under each answer
 * that would not pass intake (nothing changes), else the change set, the order back where it came from and the log
 * lines, in one transaction that holds the request's lock (a second submission waits, then finds it answered).
 */
export async function answerForCustomer(
  deps: RequestDeps,
  token: string,
  answers: Record<string, string | number | null>,
  ip: string,
): Promise<{ orderId: number }> {
  await spend(deps.db, token, ip);
  const now = clock(deps);
  return changingOrders(deps.db, async (tx) => {
    const request = await requestOfToken(tx, token, now, true);
    const order = request && (await readOrder(tx, deps.ring, request.order_id, true));
    refuseUnlessOpen(request, order);
    const { fields, order_id: orderId, from_status: fromStatus } = request!;
    const errors = answerErrors(fields, answers, order!.values);
    if (Object.keys(errors).length) throw new BadRequestError(CUSTOMER_TEXTS.fixAnswers, errors);
    const columns = columnsOf(fields).map((c) => c.name);
    const parsed = storedForms(Object.fromEntries(columns.map((name) => [name, parsedAnswer(name, answers[name])])));
    await insertChanges(
      tx,
      deps.ring,
      request!.id,
      orderId,
      columns.map((name) => ({ field: name, oldValue: order!.values[name] ?? null, newValue: parsed[name] ?? null })),
    );
    await setState(tx, request!.id, 'answered', { answeredAt: now, now });
    const back = PROCESS_STATUSES.find((s) => s === fromStatus) as ProcessStatus | undefined;
    if (back && back !== 'Completed' && back !== 'Deleted') await moveOrderUnattended(tx, orderId, back, ['Awaiting']);
    // The reply's own line comes last: an open order page names a change by its newest line, and this one says the
    // customer made it (the move's line before it has no one behind it).
    await logStep(tx, { orderId, staff: null, step: 'customerReplied', details: { fields: labelsOf(fields) } });
    return { orderId };
  });
}
