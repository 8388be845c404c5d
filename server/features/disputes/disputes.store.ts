/**
 * The disputes feature's statements: the dispute rows and the provider events applied. Each runs in the caller's
 * transaction (or on the database for reads), and every row read is decoded by its schema.
 */
import { z } from 'zod';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { disputes, orders } from '../../db/schema';
import { selectRows, type Executor } from '../../db/client';
import { DISPUTE_GATEWAYS, DISPUTE_STATES, type DisputeGateway } from '../../../shared/schemas/disputes';

const stamp = z.string().nullable();

export const disputeRowSchema = z.object({
  id: z.number(),
  gateway: z.enum(DISPUTE_GATEWAYS),
  provider_dispute_id: z.string(),
  order_id: z.number().nullable(),
  payment_references: z.array(z.string()),
  reason: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  provider_status: z.string(),
  state: z.enum(DISPUTE_STATES),
  evidence_due_at: stamp,
  opened_at: z.string(),
  event_at: z.string(),
  event_rank: z.number(),
  cover_letter: z.string().nullable(),
  saved_at: stamp,
  saved_by_name: z.string().nullable(),
  submitting_since: stamp,
  submitted_at: stamp,
  submitted_by_name: z.string().nullable(),
  provider_refusal: z.string().nullable(),
  linked_by_name: z.string().nullable(),
  closed_at: stamp,
});
export type DisputeRow = z.infer<typeof disputeRowSchema>;

const COLUMNS = sql`d.id, d.gateway, d.provider_dispute_id, d.order_id, d.payment_references, d.reason, d.amount,
  d.currency, d.provider_status, d.state, d.evidence_due_at, d.opened_at, d.event_at, d.event_rank, d.cover_letter,
  d.saved_at, d.saved_by_name, d.submitting_since, d.submitted_at, d.submitted_by_name, d.provider_refusal,
  d.linked_by_name, d.closed_at`;

const eventRow = z.object({ event_id: z.string() });

/** Records the event as applied; false when it already was (a redelivery): then nothing else may change. */
export async function recordEvent(
  tx: Executor,
  gateway: DisputeGateway,
  eventId: string,
  eventType: string,
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    eventRow,
    sql`insert into provider_events (gateway, event_id, event_type) values (${gateway}, ${eventId}, ${eventType})
      on conflict do nothing returning event_id`,
  );
  return rows.length === 1;
}

export async function setEventDispute(tx: Executor, gateway: DisputeGateway, eventId: string, disputeId: number) {
  await tx.execute(
    sql`update provider_events set dispute_id = ${disputeId} where gateway = ${gateway} and event_id = ${eventId}`,
  );
}

/** The dispute, locked for the change about to be made. */
export async function lockDisputeByProviderId(
  tx: Executor,
  gateway: DisputeGateway,
  providerDisputeId: string,
): Promise<DisputeRow | undefined> {
  const [row] = await selectRows(
    tx,
    disputeRowSchema,
    sql`select ${COLUMNS} from disputes d where d.gateway = ${gateway} and d.provider_dispute_id = ${providerDisputeId}
      for update`,
  );
  return row;
}

export async function lockDispute(tx: Executor, id: number): Promise<DisputeRow | undefined> {
  const [row] = await selectRows(
    tx,
    disputeRowSchema,
    sql`select ${COLUMNS} from disputes d where d.id = ${id} for update`,
  );
  return row;
}

export interface ProviderFields {
  paymentReferences: string[];
  reason: string;
  amount: string | null;
  currency: string | null;
  providerStatus: string;
  evidenceDueAt: Date | null;
  openedAt: Date;
  eventAt: Date;
  eventRank: number;
  closedAt: Date | null;
}

const idOnly = z.object({ id: z.number() });

export async function insertDispute(
  tx: Executor,
  gateway: DisputeGateway,
  providerDisputeId: string,
  fields: ProviderFields,
  state: string,
): Promise<number> {
  const [row] = await selectRows(
    tx,
    idOnly,
    sql`insert into disputes (gateway, provider_dispute_id, payment_references, reason, amount, currency,
      provider_status, state, evidence_due_at, opened_at, event_at, event_rank, closed_at)
    values (${gateway}, ${providerDisputeId}, ${JSON.stringify(fields.paymentReferences)}::jsonb, ${fields.reason},
      ${fields.amount}, ${fields.currency}, ${fields.providerStatus}, ${state}, ${fields.evidenceDueAt},
      ${fields.openedAt}, ${fields.eventAt}, ${fields.eventRank}, ${fields.closedAt})
    returning id`,
  );
  return row!.id;
}

export async function updateProviderFields(tx: Executor, id: number, fields: ProviderFields, state: string) {
  await tx.execute(sql`update disputes set
      payment_references = ${JSON.stringify(fields.paymentReferences)}::jsonb, reason = ${fields.reason},
      amount = ${fields.amount}, currency = ${fields.currency}, provider_status = ${fields.providerStatus},
      state = ${state}, evidence_due_at = ${fields.evidenceDueAt}, event_at = ${fields.eventAt},
      event_rank = ${fields.eventRank}, closed_at = coalesce(closed_at, ${fields.closedAt}), updated_at = now()
    where id = ${id}`);
}

export async function setDisputeOrder(
  tx: Executor,
  id: number,
  orderId: number,
  linkedBy: { id: number; name: string } | null,
) {
  await tx.execute(sql`update disputes set order_id = ${orderId}, linked_by_id = ${linkedBy?.id ?? null},
      linked_by_name = ${linkedBy?.name ?? null}, updated_at = now() where id = ${id}`);
}

/** Claims the dispute for a submission on its way (a second one is refused until it ends). */
export async function claimSubmission(tx: Executor, id: number) {
  await tx.execute(sql`update disputes set submitting_since = now(), updated_at = now() where id = ${id}`);
}

export async function recordSent(
  tx: Executor,
  id: number,
  sent: { submit: boolean; by: string; evidence: unknown; state: string; coverLetter: string },
) {
  await tx.execute(
    sent.submit
      ? sql`update disputes set submitted_at = now(), submitted_by_name = ${sent.by}, submitting_since = null,
          evidence_sent = ${JSON.stringify(sent.evidence)}::jsonb, provider_refusal = null, state = ${sent.state},
          cover_letter = ${sent.coverLetter}, updated_at = now() where id = ${id}`
      : sql`update disputes set saved_at = now(), saved_by_name = ${sent.by}, cover_letter = ${sent.coverLetter},
          evidence_sent = ${JSON.stringify(sent.evidence)}::jsonb, provider_refusal = null, state = ${sent.state},
          updated_at = now() where id = ${id}`,
  );
}

export async function recordRefusal(tx: Executor, id: number, refusal: string | null) {
  await tx.execute(sql`update disputes set submitting_since = null,
      provider_refusal = coalesce(${refusal}, provider_refusal), updated_at = now() where id = ${id}`);
}

export async function disputesOfOrder(db: Executor, orderId: number): Promise<DisputeRow[]> {
  return selectRows(
    db,
    disputeRowSchema,
    sql`select ${COLUMNS} from disputes d where d.order_id = ${orderId} order by d.opened_at desc, d.id desc`,
  );
}

/** Whether any dispute is linked to the order, whatever its state (the order page shows its Dispute section then). */
export async function orderHasDispute(db: Executor, orderId: number): Promise<boolean> {
  const [found] = await db.select({ id: disputes.id }).from(disputes).where(eq(disputes.orderId, orderId)).limit(1);
  return found !== undefined;
}

/** A dispute row as Drizzle's builder reads it, in the shape of the raw statements' rows. */
function fromBuilder(d: typeof disputes.$inferSelect): DisputeRow {
  const at = (v: Date | null) => (v === null ? null : v.toISOString());
  return disputeRowSchema.parse({
    id: d.id,
    gateway: d.gateway,
    provider_dispute_id: d.providerDisputeId,
    order_id: d.orderId,
    payment_references: d.paymentReferences,
    reason: d.reason,
    amount: d.amount,
    currency: d.currency,
    provider_status: d.providerStatus,
    state: d.state,
    evidence_due_at: at(d.evidenceDueAt),
    opened_at: d.openedAt.toISOString(),
    event_at: d.eventAt.toISOString(),
    event_rank: d.eventRank,
    cover_letter: d.coverLetter,
    saved_at: at(d.savedAt),
    saved_by_name: d.savedByName,
    submitting_since: at(d.submittingSince),
    submitted_at: at(d.submittedAt),
    submitted_by_name: d.submittedByName,
    provider_refusal: d.providerRefusal,
    linked_by_name: d.linkedByName,
    closed_at: at(d.closedAt),
  });
}

/** The disputes of orders in ChargeBack, by due date (nulls last) or by when they were opened, with the customer. */
export async function chargeBackDisputes(
  db: Executor,
  sort: 'due' | 'opened',
  dir: 'asc' | 'desc',
): Promise<(DisputeRow & { customer_name: string | null })[]> {
  const by = dir === 'asc' ? asc : desc;
  const order =
    sort === 'due'
      ? [
          dir === 'asc'
            ? sql`${disputes.evidenceDueAt} asc nulls last`
            : sql`${disputes.evidenceDueAt} desc nulls last`,
          by(disputes.id),
        ]
      : [by(disputes.openedAt), by(disputes.id)];
  const rows = await db
    .select({ dispute: disputes, givenName: orders.givenName, surname: orders.surname })
    .from(disputes)
    .innerJoin(orders, eq(orders.orderId, disputes.orderId))
    .where(eq(orders.processStatus, 'ChargeBack'))
    .orderBy(...order)
    .limit(500);
  return rows.map((r) => ({
    ...fromBuilder(r.dispute),
    customer_name: `${r.givenName} ${r.surname}`.trim() || null,
  }));
}

export async function unmatchedDisputes(db: Executor): Promise<DisputeRow[]> {
  return selectRows(
    db,
    disputeRowSchema,
    sql`select ${COLUMNS} from disputes d where d.order_id is null order by d.opened_at desc, d.id desc limit 500`,
  );
}
