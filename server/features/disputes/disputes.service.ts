/**
 * Payment disputes (product: disputes.md): a provider's event applied once and in order, the dispute matched to its
 * order by the payment's transaction id (or linked by an Admin), the order moved to ChargeBack with its chargeback
 * flag and process-log lines; the lists staff read. Each change is one transaction; the order's move and its log
 * lines write the live events (database triggers), so the staff see it at once.
 */
import type { Executor, Tx } from '../../db/client';
import { remarks } from '../../db/schema';
import { ordersByTransactionIds, orderExists } from '../../db/order-lookups';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import { utcTime } from '../../../shared/defence-pack';
import { can } from '../../../shared/roles';
import { PROCESS_STATUSES } from '../../../shared/statuses';
import {
  DISPUTE_MESSAGES,
  DISPUTE_STATE_LABELS,
  GATEWAY_LABELS,
  type Dispute,
  type DisputeGateway,
  type DisputeRow as ListedDispute,
  type DisputeState,
} from '../../../shared/schemas/disputes';
import { changingOrders } from '../queue-engine';
import { moveOrderUnattended } from '../orders';
import { formatMoney } from '../mail';
import { disputeState, PHASE_RANK, type ProviderPhase } from './dispute-state';
import {
  chargeBackDisputes,
  disputesOfOrder,
  insertDispute,
  lockDispute,
  lockDisputeByProviderId,
  recordEvent,
  setDisputeOrder,
  setEventDispute,
  unmatchedDisputes,
  updateProviderFields,
  type DisputeRow,
  type ProviderFields,
} from './disputes.store';

/** A provider's event about a dispute, in the provider's terms made common (stripe-events.ts, paypal-events.ts). */
export interface ProviderDisputeEvent {
  gateway: DisputeGateway;
  eventId: string;
  eventType: string;
  /** When the provider made the event: what orders two events about one dispute. */
  eventAt: Date;
  providerDisputeId: string;
  paymentReferences: string[];
  reason: string;
  /** A decimal string in the currency's major unit. */
  amount: string | null;
  currency: string | null;
  providerStatus: string;
  phase: ProviderPhase;
  /** The provider already holds submitted evidence (from its dashboard, say). */
  submittedAtProvider: boolean;
  evidenceDueAt: Date | null;
  openedAt: Date;
}

export type EventResult = 'applied' | 'duplicate' | 'stale';

export const disputeName = (d: { gateway: DisputeGateway; provider_dispute_id: string }) =>
  `${GATEWAY_LABELS[d.gateway]} dispute ${d.provider_dispute_id}`;

const amountText = (amount: string | null, currency: string | null) =>
  amount === null || !currency ? null : formatMoney(amount, currency);

export function toDispute(row: DisputeRow): Dispute {
  const at = (v: string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: row.id,
    gateway: row.gateway,
    gateway_label: GATEWAY_LABELS[row.gateway],
    provider_dispute_id: row.provider_dispute_id,
    order_id: row.order_id,
    reason: row.reason,
    amount: amountText(row.amount, row.currency),
    provider_status: row.provider_status,
    state: row.state,
    state_label: DISPUTE_STATE_LABELS[row.state],
    evidence_due_at: at(row.evidence_due_at),
    opened_at: new Date(row.opened_at).toISOString(),
    saved_at: at(row.saved_at),
    saved_by: row.saved_by_name,
    submitted_at: at(row.submitted_at),
    submitted_by: row.submitted_by_name,
    provider_refusal: row.provider_refusal,
    closed_at: at(row.closed_at),
    linked_by: row.linked_by_name,
  };
}

/**
 * The dispute now belongs to `orderId`: the order goes to ChargeBack (unless it is there), a Comment History line with
 * the chargeback flag ticked says which dispute, and the process log says it was received.
 */
async function attachToOrder(tx: Tx, dispute: DisputeRow, orderId: number, linkedBy: Staff | null) {
  await setDisputeOrder(tx, dispute.id, orderId, linkedBy);
  await moveOrderUnattended(tx, orderId, 'ChargeBack', PROCESS_STATUSES);
  const name = disputeName(dispute);
  const amount = amountText(dispute.amount, dispute.currency);
  const due = dispute.evidence_due_at ? utcTime(dispute.evidence_due_at) : null;
  await tx.insert(remarks).values({
    orderId,
    remark: `${name} received: ${dispute.reason || 'no reason given'}${amount ? `, ${amount}` : ''}${due ? `, evidence due ${due}` : ''}.`,
    remarkName: linkedBy?.name ?? GATEWAY_LABELS[dispute.gateway],
    staffId: linkedBy?.id ?? null,
    chargeback: 'Y',
  });
  await logStep(tx, {
    orderId,
    staff: null,
    step: 'disputeReceived',
    details: { dispute: name, reason: dispute.reason, amount, due },
  });
  if (linkedBy) await logStep(tx, { orderId, staff: linkedBy, step: 'disputeLinked', details: { dispute: name } });
}

const CLOSED: readonly DisputeState[] = ['won', 'lost', 'accepted'];

/**
 * Applies one provider event: once (by its id), and only when it is not older than the last one applied to the
 * dispute (its time, then its rank: a closed dispute outranks an open one of the same second). A stale event is
 * recorded and changes nothing.
 */
export async function applyDisputeEvent(db: Executor, event: ProviderDisputeEvent): Promise<EventResult> {
  return changingOrders(db, async (tx) => {
    if (!(await recordEvent(tx, event.gateway, event.eventId, event.eventType))) return 'duplicate';
    const existing = await lockDisputeByProviderId(tx, event.gateway, event.providerDisputeId);
    const rank = PHASE_RANK[event.phase];
    const fields: ProviderFields = {
      paymentReferences: event.paymentReferences,
      reason: event.reason,
      amount: event.amount,
      currency: event.currency,
      providerStatus: event.providerStatus,
      evidenceDueAt: event.evidenceDueAt,
      openedAt: event.openedAt,
      eventAt: event.eventAt,
      eventRank: rank,
      closedAt: event.phase === 'won' || event.phase === 'lost' ? event.eventAt : null,
    };
    if (existing) {
      const lastAt = new Date(existing.event_at).getTime();
      const at = event.eventAt.getTime();
      if (at < lastAt || (at === lastAt && rank < existing.event_rank)) {
        await setEventDispute(tx, event.gateway, event.eventId, existing.id);
        return 'stale';
      }
    }
    const state = disputeState(event.phase, {
      savedAt: existing?.saved_at,
      submittedAt: existing?.submitted_at,
      submittedAtProvider: event.submittedAtProvider,
    });
    const id = existing
      ? (await updateProviderFields(tx, existing.id, fields, state), existing.id)
      : await insertDispute(tx, event.gateway, event.providerDisputeId, fields, state);
    await setEventDispute(tx, event.gateway, event.eventId, id);
    const dispute = (await lockDispute(tx, id))!;
    if (dispute.order_id === null) {
      const matches = await ordersByTransactionIds(tx, event.paymentReferences);
      if (matches.length === 1) await attachToOrder(tx, dispute, matches[0]!, null);
    } else if (existing && existing.state !== state) {
      const name = disputeName(dispute);
      await logStep(
        tx,
        CLOSED.includes(state)
          ? {
              orderId: dispute.order_id,
              staff: null,
              step: 'disputeClosed',
              details: { dispute: name, outcome: DISPUTE_STATE_LABELS[state] },
            }
          : {
              orderId: dispute.order_id,
              staff: null,
              step: 'disputeUpdated',
              details: { dispute: name, from: DISPUTE_STATE_LABELS[existing.state], to: DISPUTE_STATE_LABELS[state] },
            },
      );
    }
    return 'applied';
  });
}

/** The disputes of one order (any member who can open it). */
export async function orderDisputes(db: Executor, staff: Staff, orderId: number): Promise<DisputeRow[]> {
  requirePermission(staff, 'orders:work');
  if (!(await orderExists(db, orderId))) throw new NotFoundError(ORDER_NOT_FOUND);
  return disputesOfOrder(db, orderId);
}

export const maySendEvidence = (staff: Staff) => can(staff.type, 'orders:defence-pack');

/** The ChargeBack queue's disputes, sorted by due date or by when they were opened. */
export async function listChargeBackDisputes(
  db: Executor,
  staff: Staff,
  query: { sort: 'due' | 'opened'; dir: 'asc' | 'desc' },
): Promise<ListedDispute[]> {
  requirePermission(staff, 'orders:work');
  const rows = await chargeBackDisputes(db, query.sort, query.dir);
  return rows.map((r) => ({ ...toDispute(r), customer_name: r.customer_name }));
}

/** Disputes no order matched (Admin). */
export async function listUnmatchedDisputes(db: Executor, staff: Staff): Promise<Dispute[]> {
  requirePermission(staff, 'disputes:link', DISPUTE_MESSAGES.linkForbidden);
  return (await unmatchedDisputes(db)).map(toDispute);
}

/** An Admin links an unmatched dispute to an order: as if it had matched (ChargeBack, flag, log lines). */
export async function linkDispute(
  db: Executor,
  staff: Staff,
  input: { disputeId: number; orderId: number },
): Promise<Dispute> {
  requirePermission(staff, 'disputes:link', DISPUTE_MESSAGES.linkForbidden);
  return changingOrders(db, async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId);
    if (!dispute) throw new NotFoundError(DISPUTE_MESSAGES.notFound);
    if (dispute.order_id !== null) throw new ConflictError(DISPUTE_MESSAGES.alreadyLinked);
    if (!(await orderExists(tx, input.orderId))) throw new NotFoundError(ORDER_NOT_FOUND);
    await attachToOrder(tx, dispute, input.orderId, staff);
    return toDispute((await lockDispute(tx, dispute.id))!);
  });
}
