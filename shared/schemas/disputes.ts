/**
 * Payment disputes (product: disputes.md): the dispute as staff see it, the evidence the product builds from its own
 * records and sends to the provider, the requests that send it or link a dispute to an order, and their words.
 */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { textField } from './fields';
import { reportMonthRange, REPORT_MONTH, REPORT_MONTH_FORMAT, REPORT_MONTHS_IN_ORDER } from './disputes-report-texts';

/** Half of a UTF-16 pair: no provider's form encoding can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const DISPUTE_GATEWAYS = ['stripe', 'paypal'] as const;
export type DisputeGateway = (typeof DISPUTE_GATEWAYS)[number];
export const GATEWAY_LABELS: Record<DisputeGateway, string> = { stripe: 'Stripe', paypal: 'PayPal' };

/**
 * Our states of a dispute: evidence is still wanted (needs_evidence), staged at the provider (saved), sent to the bank
 * (submitted), or closed: won, lost, or accepted (closed against us without evidence having been submitted).
 */
export const DISPUTE_STATES = ['needs_evidence', 'saved', 'submitted', 'won', 'lost', 'accepted'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = {
  needs_evidence: 'Needs evidence',
  saved: 'Saved at provider',
  submitted: 'Submitted',
  won: 'Won',
  lost: 'Lost',
  accepted: 'Accepted',
};
/** States in which evidence may still be sent (before its due date). */
export const OPEN_DISPUTE_STATES: readonly DisputeState[] = ['needs_evidence', 'saved'];
export const CLOSED_DISPUTE_STATES: readonly DisputeState[] = ['won', 'lost', 'accepted'];

/**
 * Whether evidence may be sent for the dispute now: open, never submitted to the bank, before its due date. The server
 * refuses any other send with 409 (its sendRefusal says why); the order page offers the send buttons only then.
 */
export function takesEvidence(
  dispute: { state: DisputeState; submitted_at: string | null; evidence_due_at: string | null },
  now: Date,
): boolean {
  return (
    OPEN_DISPUTE_STATES.includes(dispute.state) &&
    dispute.submitted_at === null &&
    (dispute.evidence_due_at === null || new Date(dispute.evidence_due_at).getTime() > now.getTime())
  );
}

export const disputeSchema = z.object({
  id: z.number(),
  gateway: z.enum(DISPUTE_GATEWAYS),
  gateway_label: z.string(),
  provider_dispute_id: z.string(),
  order_id: z.number().nullable(),
  reason: z.string(),
  /** `USD 49.00`; null when the provider gave no amount. */
  amount: z.string().nullable(),
  provider_status: z.string(),
  state: z.enum(DISPUTE_STATES),
  state_label: z.string(),
  evidence_due_at: z.string().nullable(),
  opened_at: z.string(),
  saved_at: z.string().nullable(),
  saved_by: z.string().nullable(),
  submitted_at: z.string().nullable(),
  submitted_by: z.string().nullable(),
  /** The provider's last refusal of the evidence, in words. */
  provider_refusal: z.string().nullable(),
  closed_at: z.string().nullable(),
  linked_by: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** One file sent with the evidence: a defence pack drawn as a PDF. */
export const evidenceFileSchema = z.object({
  pack: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  file_name: z.string(),
  /** What the provider calls the file (Stripe's evidence field, PayPal's evidence type). */
  sent_as: z.string(),
});

/** The mail that delivered the document: the peer accepted it, under this Message-ID. */
export const deliveryRecordSchema = z.object({
  mail_id: z.number(),
  sent_at: z.string(),
  sent_at_text: z.string(),
  recipient: z.string(),
  message_id: z.string().nullable(),
  delivered_by: z.string(),
  document: z.string().nullable(),
});

/** One download of the document, as the access log lists it. */
export const accessEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  time_utc: z.string(),
  /** In the customer's own zone (where the download came from), when known. */
  time_local: z.string().nullable(),
  ip: z.string(),
  device: z.string().nullable(),
  browser: z.string().nullable(),
  location: z.string().nullable(),
  file_name: z.string(),
});

/** What will be sent, field by field, built from what the product recorded. */
export const disputeEvidenceSchema = z.object({
  customer_name: z.string(),
  customer_email_address: z.string(),
  product_description: z.string(),
  /** The day the document was first mailed successfully (null: never delivered). */
  service_date: z.string().nullable(),
  /** Every customer download, oldest first, and the same as the text sent as the access log. */
  downloads: z.array(accessEntrySchema),
  access_activity_log: z.string(),
  delivery: deliveryRecordSchema.nullable(),
  customer_purchase_ip: z.string().nullable(),
  purchase_user_agent: z.string().nullable(),
  files: z.array(evidenceFileSchema),
  /** The cover letter as saved (or the product's draft when none was saved yet). */
  cover_letter: z.string(),
  /** The text sent as further evidence: the cover letter and the delivery record. */
  uncategorized_text: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const orderDisputesSchema = z.object({
  disputes: z.array(disputeSchema),
  /** The evidence as it would be sent now; null when the order has no dispute. */
  evidence: disputeEvidenceSchema.nullable(),
  /** Whether the signed-in member may save and submit evidence (Admin, Manager). */
  can_send: z.boolean(),
});
export type OrderDisputes = z.infer<typeof orderDisputesSchema>;

export const orderDisputesRequestSchema = z.object({ orderId: orderIdField });

export const COVER_LETTER_MAX = 5000;
export const sendEvidenceSchema = z.object({
  disputeId: z.coerce.number({ error: 'Dispute id must be a number.' }).int().positive('Dispute id must be a number.'),
  /** false: stage the evidence at the provider ("Save at provider"); true: send it to the bank, once. */
  submit: z.boolean({ error: 'Say whether to submit (true) or only save (false).' }),
  coverLetter: textField('The cover letter', { error: 'Please write a cover letter.' })
    .refine((v) => !LONE_SURROGATE.test(v), {
      error: 'The cover letter holds a broken character (half of an emoji or symbol): retype it.',
    })
    .trim()
    .min(1, 'Please write a cover letter.')
    .max(COVER_LETTER_MAX, `The cover letter may hold at most ${COVER_LETTER_MAX} characters.`),
});
export type SendEvidenceInput = z.input<typeof sendEvidenceSchema>;

export const linkDisputeSchema = z.object({
  disputeId: z.coerce.number({ error: 'Dispute id must be a number.' }).int().positive('Dispute id must be a number.'),
  orderId: orderIdField,
});

export const DISPUTE_SORTS = ['due', 'opened'] as const;
export const disputeListQuerySchema = z.object({
  sort: z.enum(DISPUTE_SORTS).default('due'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

/** A dispute of the ChargeBack list, with its order's customer when matched. */
export const disputeRowSchema = disputeSchema.extend({ customer_name: z.string().nullable() });
export type DisputeRow = z.infer<typeof disputeRowSchema>;

export const DISPUTE_MESSAGES = {
  forbidden: 'Only an Admin or a Manager can send dispute evidence.',
  linkForbidden: 'Only an Admin can link a dispute to an order.',
  reportForbidden: 'Only an Admin or a Manager can read the Disputes report.',
  notFound: 'Dispute not found.',
  alreadySubmitted: "This dispute's evidence was already submitted to the bank; it can be submitted only once.",
  submitting: "This dispute's evidence is being submitted right now; wait for the answer.",
  closed: 'This dispute is closed; nothing more can be sent.',
  underReview: 'This dispute is already under review at the provider; nothing more can be sent.',
  pastDue: (due: string) => `The evidence was due ${due}; the provider no longer takes it.`,
  alreadyLinked: 'This dispute is already linked to an order.',
  noStaging: 'PayPal keeps no saved evidence: its evidence is sent with Submit to the bank.',
  notConfigured: (gateway: string) =>
    `${gateway} is not set up on this server (its API key is missing), so nothing can be sent to it.`,
  unreachable: (gateway: string) => `${gateway} could not be reached; nothing was sent. Try again in a minute.`,
  saved: (gateway: string) =>
    `Evidence saved at ${gateway}. It is not with the bank yet: submit it before the due date.`,
  submitted: (gateway: string) => `Evidence submitted to the bank through ${gateway}.`,
  linked: (orderId: number) => `Dispute linked to order ${orderId}.`,
} as const;

/** The words for a provider's refusal of evidence, by its code; others quote the provider's own message. */
export const PROVIDER_REFUSALS: Record<string, string> = {
  dispute_evidence_page_limit_exceeded:
    'The evidence is longer than the card network accepts (too many pages in the files). Shorten the cover letter or leave a file out, then save again.',
  dispute_already_submitted: 'The provider says the evidence was already submitted.',
  charge_dispute_closed: 'The provider says the dispute is already closed.',
};

/**
 * How near a dispute's evidence due date is, as the ChargeBack queue colours it (like arrival urgency): passed, within
 * a day (very urgent), within three days (urgent); null when further off, closed or without a date.
 */
export function evidenceDueUrgency(
  dispute: { evidence_due_at: string | null; state: DisputeState },
  now: Date,
): { level: 'urgent' | 'very-urgent' | 'passed'; text: string } | null {
  if (!dispute.evidence_due_at || !OPEN_DISPUTE_STATES.includes(dispute.state)) return null;
  const hours = (new Date(dispute.evidence_due_at).getTime() - now.getTime()) / 3_600_000;
  if (hours <= 0) return { level: 'passed', text: 'Evidence due date passed' };
  const left =
    hours < 1 ? 'less than an hour' : hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} days`;
  if (hours <= 24) return { level: 'very-urgent', text: `Evidence due in ${left}` };
  if (hours <= 72) return { level: 'urgent', text: `Evidence due in ${left}` };
  return null;
}

export { DISPUTES_REPORT_PERMISSION } from '../roles';

const month = z.string().regex(REPORT_MONTH, REPORT_MONTH_FORMAT);
/** The Disputes report's months, from and to (included), by when the disputes were opened (UTC). */
export const disputesReportQuerySchema = z
  .object({ from: month, to: month })
  .refine((q) => reportMonthRange(q.from, q.to) !== null, { error: REPORT_MONTHS_IN_ORDER, path: ['to'] });

/** One month of one gateway in one currency: received, submitted in time, won, lost, and the amount won back. */
export const disputesReportRowSchema = z.object({
  month: z.string(),
  gateway: z.enum(DISPUTE_GATEWAYS),
  gateway_label: z.string(),
  currency: z.string().nullable(),
  received: z.number(),
  submitted_in_time: z.number(),
  won: z.number(),
  lost: z.number(),
  /** The amount of the disputes won, as a decimal string (`98.00`). */
  amount_recovered: z.string(),
});
export type DisputesReportRow = z.infer<typeof disputesReportRowSchema>;
