/**
 * THE catalog of process-log steps (product: orders.md#process-log): every step an order's process log can hold,
 * the typed details its writer gives, and how the line reads (its step name and detail text, as the order
 * detail's Process Log, the Process Logs Details screen and the defence packs show them). The one writer
 * (server/lib/process-log.ts) takes only catalog lines, so a step's wording lives here and nowhere else.
 * The database keeps the text (step_name, detail) as before: rows written before the catalog read exactly as
 * rows written through it, and `stepKindOf` recognises both.
 */
import { LOCALE_NAMES, type Locale } from './i18n/locales';
import type { ProcessStatus } from './orders';
import { MAIL_KIND_LABELS, type MailKind } from './schemas/mail-texts';

interface StepSpec<D> {
  /** The step name: fixed, or from the details (a status change names its target). */
  name: string | ((details: D) => string);
  /** The detail text; null: the line has none. Details may quote personal data: erasure blanks them (personal-data.ts). */
  detail: (details: D) => string | null;
}

type NoDetails = Record<string, never>;
const step = <D = NoDetails>(name: StepSpec<D>['name'], detail: StepSpec<D>['detail'] = () => null): StepSpec<D> => ({
  name,
  detail,
});

const mail = (d: { kind: MailKind; mailId: number; to: string }) =>
  `${MAIL_KIND_LABELS[d.kind]} mail #${d.mailId} to ${d.to}`;
const move = (d: { from: string; to: ProcessStatus }) => `${d.from} -> ${d.to}`;

export const PROCESS_STEPS = {
  orderReceived: step<{ siteKey: string }>('Order received', (d) => `From ${d.siteKey}`),
  assigned: step<{ to: string; /** The member it was taken from, if any. */ was?: string | undefined }>(
    'Assigned',
    (d) => (d.was ? `Assigned to ${d.to} (was ${d.was})` : `Assigned to ${d.to}`),
  ),
  movedToOriginalFolder: step('Moved to Original Folder'),
  refunded: step('Refunded'),
  /** Every status move (moveOrders); a move to Deleted is a deletion. */
  statusChanged: step<{ from: string; to: ProcessStatus }>(
    (d) => (d.to === 'Deleted' ? 'Order deleted' : `Status changed to ${d.to}`),
    move,
  ),
  movedToCompletedWithRefundMail: step<{ from: string; to: ProcessStatus }>(
    'Moved to Completed with refund mail',
    move,
  ),
  remarkAdded: step<{ /** The flag labels ticked with the remark. */ flags: string[] }>('Remark added', (d) =>
    d.flags.length ? `Flags: ${d.flags.join(', ')}` : null,
  ),
  localeChanged: step<{ from: Locale; to: Locale }>(
    'Customer language changed',
    (d) => `${LOCALE_NAMES[d.from].english} -> ${LOCALE_NAMES[d.to].english}`,
  ),
  transactionUpdated: step<{ transactionId: string; merchantName: string }>(
    'Transaction details updated',
    (d) => `Transaction Id ${d.transactionId}, Merchant Name ${d.merchantName}`,
  ),
  documentUploaded: step<{ file: string; originalName: string; sizeBytes: number }>(
    'Document uploaded',
    (d) => `${d.file} (${d.originalName}, ${d.sizeBytes} bytes)`,
  ),
  invoiceSent: step<{ invoiceNumber: string; to: string }>('Invoice sent', (d) => `${d.invoiceNumber} to ${d.to}`),
  mailQueued: step<{ kind: MailKind; mailId: number; to: string; provider: string }>(
    'Mail queued',
    (d) => `${mail(d)} via ${d.provider}`,
  ),
  mailSent: step<{
    kind: MailKind;
    mailId: number;
    to: string;
    /** The transport that took it ('outbox': the local outbox). */ via: string;
  }>('Mail sent', (d) => `${mail(d)} via ${d.via === 'outbox' ? 'local outbox' : d.via}`),
  mailFailed: step<{ kind: MailKind; mailId: number; to: string; attempts: number; error: string }>(
    'Mail failed',
    (d) => `${mail(d)} after ${d.attempts} attempt(s): ${d.error}`,
  ),
  mailRetry: step<{ kind: MailKind; mailId: number; to: string }>('Mail retry requested', mail),
  customerDownload: step<{
    file: string;
    ip: string;
    browser?: string | null | undefined;
    os?: string | null | undefined;
    location?: string | null | undefined;
  }>(
    'Downloaded by customer',
    (d) =>
      `${d.file} from ${d.ip} (${[d.browser, d.os].filter(Boolean).join(', ') || 'unknown browser'}${d.location ? `, ${d.location}` : ''})`,
  ),
  defencePackGenerated: step<{
    type: 1 | 2;
    title: string;
    form: string;
    /** Mails (pack 1) or downloads (pack 2) in it. */ items: number;
  }>(
    (d) => `Defence pack ${d.type} generated`,
    (d) => `${d.title}, ${d.form}, ${d.items} ${d.type === 1 ? 'mail(s)' : 'download(s)'}`,
  ),
  /**
   * The request for information (product: information-requests.md#states): the lines name the answers asked
   * (their labels), never a value; the notes stay in the request, not in the log.
   */
  informationRequested: step<{ fields: string[] }>(
    'Customer asked for information',
    (d) => `Asked: ${d.fields.join(', ')}`,
  ),
  informationReminderSent: step<{ reminder: 1 | 2 }>('Information request reminder sent', (d) =>
    d.reminder === 1 ? 'First reminder' : 'Second reminder',
  ),
  customerReplied: step<{ fields: string[] }>('Customer replied', (d) => `Answered: ${d.fields.join(', ')}`),
  informationAccepted: step<{ fields: string[] }>(
    "Customer's answers accepted",
    (d) => `Order updated: ${d.fields.join(', ')}`,
  ),
  informationDeclined: step<{ fields: string[] }>(
    "Customer's answers declined",
    (d) => `A new request asks again: ${d.fields.join(', ')}`,
  ),
  informationEscalated: step<{ days: number }>(
    'No answer from customer',
    (d) => `No answer after ${d.days} day(s): moved to Contact Customer for a phone call`,
  ),
  informationExpired: step('Information request expired'),
  /** A payment dispute (product: disputes.md): the provider's events and the evidence sent; `dispute` names it. */
  disputeReceived: step<{ dispute: string; reason: string; amount: string | null; due: string | null }>(
    'Dispute received',
    (d) =>
      `${d.dispute}: ${d.reason || 'no reason given'}${d.amount ? `, ${d.amount}` : ''}${d.due ? `, evidence due ${d.due}` : ''}`,
  ),
  disputeLinked: step<{ dispute: string }>('Dispute linked to this order', (d) => `${d.dispute}, linked by hand`),
  disputeUpdated: step<{ dispute: string; from: string; to: string }>(
    'Dispute updated',
    (d) => `${d.dispute}: ${d.from} -> ${d.to}`,
  ),
  disputeClosed: step<{ dispute: string; outcome: string }>('Dispute closed', (d) => `${d.dispute}: ${d.outcome}`),
  disputeEvidenceSaved: step<{ dispute: string; downloads: number; files: string[] }>(
    'Dispute evidence saved at provider',
    (d) => `${d.dispute}: ${d.downloads} download(s), files ${d.files.join(', ') || 'none'}`,
  ),
  disputeEvidenceSubmitted: step<{ dispute: string; downloads: number; files: string[] }>(
    'Dispute evidence submitted to the bank',
    (d) => `${d.dispute}: ${d.downloads} download(s), files ${d.files.join(', ') || 'none'}`,
  ),
  disputeEvidenceRefused: step<{ dispute: string; refusal: string }>(
    'Dispute evidence refused by provider',
    (d) => `${d.dispute}: ${d.refusal}`,
  ),
  /** The erasure steps: their detail names the rule applied (null: a member asked), and an erasure keeps it. */
  travelErased: step<{ rule: string | null }>('Passport and travel details erased', (d) => d.rule),
  personalErased: step<{ rule: string | null }>('Personal data erased', (d) => d.rule),
  permanentlyDeleted: step<{ rule: string | null }>('Order permanently deleted', (d) => d.rule),
} as const;

export type StepKind = keyof typeof PROCESS_STEPS;

/**
 * What a step is about: the order detail's Process Log and the Process Logs Details screen let staff show one topic
 * at a time (a long log read for its mail only, say). In the order the filters list them.
 */
export const STEP_TOPICS = [
  'Intake',
  'Assignment',
  'Status',
  'Remarks',
  'Customer requests',
  'Payment',
  'Documents',
  'Mail',
  'Downloads',
  'Defence packs',
  'Disputes',
  'Erasure',
] as const;
/** The topic of a stored line the catalog does not know (a step no writer uses any more). */
export const OTHER_TOPIC = 'Other' as const;
export type StepTopic = (typeof STEP_TOPICS)[number] | typeof OTHER_TOPIC;

/** Each step's topic: a step added to the catalog without one does not compile. */
const TOPIC_OF_STEP: Record<StepKind, StepTopic> = {
  orderReceived: 'Intake',
  assigned: 'Assignment',
  movedToOriginalFolder: 'Status',
  statusChanged: 'Status',
  movedToCompletedWithRefundMail: 'Status',
  remarkAdded: 'Remarks',
  informationRequested: 'Customer requests',
  informationReminderSent: 'Customer requests',
  customerReplied: 'Customer requests',
  informationAccepted: 'Customer requests',
  informationDeclined: 'Customer requests',
  informationEscalated: 'Customer requests',
  informationExpired: 'Customer requests',
  refunded: 'Payment',
  localeChanged: 'Mail',
  transactionUpdated: 'Payment',
  invoiceSent: 'Payment',
  documentUploaded: 'Documents',
  mailQueued: 'Mail',
  mailSent: 'Mail',
  mailFailed: 'Mail',
  mailRetry: 'Mail',
  customerDownload: 'Downloads',
  defencePackGenerated: 'Defence packs',
  disputeReceived: 'Disputes',
  disputeLinked: 'Disputes',
  disputeUpdated: 'Disputes',
  disputeClosed: 'Disputes',
  disputeEvidenceSaved: 'Disputes',
  disputeEvidenceSubmitted: 'Disputes',
  disputeEvidenceRefused: 'Disputes',
  travelErased: 'Erasure',
  personalErased: 'Erasure',
  permanentlyDeleted: 'Erasure',
};

/**
 * The steps the customer's own action writes (placing the order, a download, answering a request): no staff member
 * is behind them, and a screen that names who changed an order names the customer, not the system.
 */
const CUSTOMER_STEPS: ReadonlySet<StepKind> = new Set(['orderReceived', 'customerDownload', 'customerReplied']);

/** Whether a stored line (old rows included) records an action of the customer's own. */
export const isCustomerStep = (stepName: string): boolean => {
  const kind = stepKindOf(stepName);
  return kind !== null && CUSTOMER_STEPS.has(kind);
};

export type StepDetails<K extends StepKind> = (typeof PROCESS_STEPS)[K] extends StepSpec<infer D> ? D : never;

/** One line of the catalog: its step and its typed details (steps without details need none). */
export type StepLine = {
  [K in StepKind]: StepDetails<K> extends NoDetails
    ? { step: K; details?: NoDetails }
    : { step: K; details: StepDetails<K> };
}[StepKind];

/** How a line reads: the stored step name and detail text. */
export function stepText(line: StepLine): { stepName: string; detail: string | null } {
  const spec = PROCESS_STEPS[line.step] as StepSpec<unknown>;
  const details = line.details ?? {};
  return { stepName: typeof spec.name === 'string' ? spec.name : spec.name(details), detail: spec.detail(details) };
}

/** A step's name when it does not depend on its details. */
export function fixedStepName<K extends StepKind>(kind: K): (typeof PROCESS_STEPS)[K]['name'] & string {
  const { name } = PROCESS_STEPS[kind];
  if (typeof name !== 'string') throw new Error(`The name of process step ${kind} depends on its details.`);
  return name as (typeof PROCESS_STEPS)[K]['name'] & string;
}

const FIXED_NAMES = new Map<string, StepKind>(
  (Object.keys(PROCESS_STEPS) as StepKind[]).flatMap((k) =>
    typeof PROCESS_STEPS[k].name === 'string' ? [[PROCESS_STEPS[k].name as string, k]] : [],
  ),
);

/**
 * The catalog step a stored step name is (old rows included); null for a name the catalog does not know (a line
 * written by an older version that no writer uses any more is shown as it was stored).
 */
export function stepKindOf(stepName: string): StepKind | null {
  const fixed = FIXED_NAMES.get(stepName);
  if (fixed) return fixed;
  if (stepName === 'Order deleted' || /^Status changed to .+$/.test(stepName)) return 'statusChanged';
  if (/^Defence pack [12] generated$/.test(stepName)) return 'defencePackGenerated';
  return null;
}

/** The topic of a stored line (old rows included): its catalog step's, or OTHER_TOPIC for a name the catalog does not know. */
export function stepTopicOf(stepName: string): StepTopic {
  const kind = stepKindOf(stepName);
  return kind ? TOPIC_OF_STEP[kind] : OTHER_TOPIC;
}

/**
 * The topics present in `lines`, in STEP_TOPICS order (Other last), with how many lines each has: the choices of a
 * topic filter, which offers only what the log holds.
 */
export function topicCounts(lines: readonly { step_name: string }[]): { topic: StepTopic; count: number }[] {
  const counts = new Map<StepTopic, number>();
  for (const line of lines) {
    const topic = stepTopicOf(line.step_name);
    counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return [...STEP_TOPICS, OTHER_TOPIC].flatMap((topic: StepTopic) => {
    const count = counts.get(topic);
    return count ? [{ topic, count }] : [];
  });
}

/** The erasure steps (their lines are what the order detail and the defence packs list as erasures). */
export const ERASURE_STEP_KINDS = [
  'travelErased',
  'personalErased',
  'permanentlyDeleted',
] as const satisfies readonly StepKind[];
export type ErasureStepKind = (typeof ERASURE_STEP_KINDS)[number];
export const isErasureStep = (kind: StepKind | null): kind is ErasureStepKind =>
  (ERASURE_STEP_KINDS as readonly (StepKind | null)[]).includes(kind);
