/**
 * "Save at provider" and "Submit to the bank" (product: disputes.md#sending): Admin and Manager send the evidence
 * built from the order's records, with both defence packs as PDF files, to the dispute's provider. A submission is made
 * once: the dispute is claimed in the database before anything is sent, so a second submission, one while the first is
 * on its way, one after the due date or on a closed dispute is refused with 409 and sends nothing. The provider's
 * refusals are recorded and answered in words; a provider out of reach sends nothing and may be tried again.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import { utcTime } from '../../../shared/defence-pack';
import {
  CLOSED_DISPUTE_STATES,
  DISPUTE_MESSAGES,
  GATEWAY_LABELS,
  type Dispute,
  type DisputeEvidence,
  type DisputeGateway,
} from '../../../shared/schemas/disputes';
import { defencePackPdfForProvider } from '../defence-packs';
import { disputeName, toDispute } from './disputes.service';
import { claimSubmission, lockDispute, recordRefusal, recordSent, type DisputeRow } from './disputes.store';
import { buildEvidence } from './evidence';
import { stripeSender } from './stripe-evidence';
import { paypalSender } from './paypal-evidence';
import { ProviderRefusal, ProviderUnreachable, type EvidenceSender, type PackFile } from './evidence-sender';

/** A claim older than this belongs to a process that died mid-submission: it no longer blocks. */
const CLAIM_TTL_MS = 2 * 60_000;

export const NOT_LINKED = 'This dispute is not linked to an order yet, so there is no evidence to send.';

function senderFor(config: Config, gateway: DisputeGateway): EvidenceSender | null {
  return gateway === 'stripe' ? stripeSender(config) : paypalSender(config);
}

/** Why nothing may be sent for this dispute now, or null. */
export function sendRefusal(d: DisputeRow, now: Date): string | null {
  if (CLOSED_DISPUTE_STATES.includes(d.state)) return DISPUTE_MESSAGES.closed;
  if (d.submitted_at) return DISPUTE_MESSAGES.alreadySubmitted;
  if (d.state === 'submitted') return DISPUTE_MESSAGES.underReview;
  if (d.submitting_since && now.getTime() - new Date(d.submitting_since).getTime() < CLAIM_TTL_MS)
    return DISPUTE_MESSAGES.submitting;
  if (d.evidence_due_at && new Date(d.evidence_due_at).getTime() <= now.getTime())
    return DISPUTE_MESSAGES.pastDue(utcTime(d.evidence_due_at));
  return null;
}

export async function sendEvidence(
  deps: { db: Db; config: Config },
  staff: Staff,
  input: { disputeId: number; submit: boolean; coverLetter: string },
  now = new Date(),
): Promise<{ dispute: Dispute; message: string }> {
  requirePermission(staff, 'orders:defence-pack', DISPUTE_MESSAGES.forbidden);
  const { db, config } = deps;
  const claimed = await db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, input.disputeId);
    if (!dispute) throw new NotFoundError(DISPUTE_MESSAGES.notFound);
    if (dispute.order_id === null) throw new ConflictError(NOT_LINKED);
    const refusal = sendRefusal(dispute, now);
    if (refusal) throw new ConflictError(refusal);
    if (!input.submit && dispute.gateway === 'paypal') throw new ConflictError(DISPUTE_MESSAGES.noStaging);
    const sender = senderFor(config, dispute.gateway);
    if (!sender) throw new ServiceUnavailableError(DISPUTE_MESSAGES.notConfigured(GATEWAY_LABELS[dispute.gateway]));
    if (input.submit) await claimSubmission(tx, dispute.id);
    return { dispute, orderId: dispute.order_id, sender };
  });
  const { dispute, orderId, sender } = claimed;
  const label = GATEWAY_LABELS[dispute.gateway];
  const name = disputeName(dispute);
  let sent: Record<string, unknown>;
  let evidence: DisputeEvidence;
  try {
    evidence = await buildEvidence(db, orderId, dispute.gateway, input.coverLetter);
    const files: PackFile[] = [];
    for (const pack of [1, 2] as const) {
      const { filename, pdf } = await defencePackPdfForProvider(db, staff, orderId, pack, label);
      files.push({ pack, filename, pdf });
    }
    sent = await sender.send(dispute, evidence, files, input.submit);
  } catch (error) {
    const words = error instanceof ProviderRefusal ? error.words : null;
    await db.transaction(async (tx) => {
      await recordRefusal(tx, dispute.id, words);
      if (words)
        await logStep(tx, {
          orderId,
          staff,
          step: 'disputeEvidenceRefused',
          details: { dispute: name, refusal: words },
        });
    });
    if (words) throw new AppError(422, words);
    if (error instanceof ProviderUnreachable)
      throw new ServiceUnavailableError(DISPUTE_MESSAGES.unreachable(label), { cause: error });
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    await recordSent(tx, dispute.id, {
      submit: input.submit,
      by: staff.name,
      evidence: { ...sent, submit: input.submit },
      state: input.submit ? 'submitted' : 'saved',
      coverLetter: input.coverLetter,
    });
    await logStep(tx, {
      orderId,
      staff,
      step: input.submit ? 'disputeEvidenceSubmitted' : 'disputeEvidenceSaved',
      details: { dispute: name, downloads: evidence.downloads.length, files: evidence.files.map((f) => f.file_name) },
    });
    return (await lockDispute(tx, dispute.id))!;
  });
  return {
    dispute: toDispute(row),
    message: input.submit ? DISPUTE_MESSAGES.submitted(label) : DISPUTE_MESSAGES.saved(label),
  };
}
