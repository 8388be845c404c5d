/**
 * Evidence to PayPal: the dispute is read first, and evidence goes only while PayPal offers its provide-evidence step
 * (a link of the dispute); then one multipart request with both defence packs as files and notes built from the
 * evidence (PayPal's notes hold 2,000 characters each: the cover letter with the delivery record, and the access
 * log, cut saying the rest is in Defence Pack 2). PayPal has no staged evidence: a submission is the only send.
 */
import type { Config } from '../../config';
import { GATEWAY_LABELS, PROVIDER_REFUSALS } from '../../../shared/schemas/disputes';
import { paypalClient, PayPalError } from './paypal';
import { PACK_SENT_AS } from './evidence';
import { ProviderRefusal, ProviderUnreachable, type EvidenceSender } from './evidence-sender';

export const NOTES_MAX = 2000;
export const NO_EVIDENCE_STEP =
  'PayPal does not take evidence for this dispute now (it offers no provide-evidence step): see the dispute at PayPal.';

const cut = (text: string, more: string) =>
  text.length <= NOTES_MAX ? text : `${text.slice(0, NOTES_MAX - more.length - 1)}\n${more}`;

function asProviderError(error: unknown): Error {
  if (error instanceof ProviderRefusal) return error;
  if (!(error instanceof PayPalError)) return new ProviderUnreachable(`PayPal: ${(error as Error).name}`);
  if (error.status >= 500 || error.status === 429) return new ProviderUnreachable(`PayPal answered ${error.status}`);
  if (error.status === 401 || error.status === 403)
    return new ProviderRefusal(`${GATEWAY_LABELS.paypal} refused this server's credentials: nothing was sent.`);
  const known = error.issue ? PROVIDER_REFUSALS[error.issue] : undefined;
  return new ProviderRefusal(known ?? `${GATEWAY_LABELS.paypal} refused the evidence: ${error.message}`);
}

export function paypalSender(config: Config): EvidenceSender | null {
  const { client } = paypalClient(config);
  if (!client) return null;
  return {
    async send(dispute, evidence, files) {
      try {
        const current = await client.getDispute(dispute.provider_dispute_id);
        if (!(current.links ?? []).some((l) => l.rel === 'provide_evidence'))
          throw new ProviderRefusal(NO_EVIDENCE_STEP);
        const file = (pack: 1 | 2) => files.find((f) => f.pack === pack);
        const delivery = evidence.uncategorized_text;
        const input = {
          evidences: [
            {
              evidence_type: PACK_SENT_AS.paypal[1],
              notes: cut(delivery, 'The full letter and every mail are in Defence Pack 1 (attached).'),
              documents: file(1) ? [{ name: file(1)!.filename }] : [],
            },
            {
              evidence_type: PACK_SENT_AS.paypal[2],
              notes: cut(
                `${evidence.product_description}\n${evidence.access_activity_log}`,
                'Every download is in Defence Pack 2 (attached).',
              ),
              documents: file(2) ? [{ name: file(2)!.filename }] : [],
            },
          ],
        };
        await client.provideEvidence(
          dispute.provider_dispute_id,
          input,
          files.map((f) => ({ name: f.filename, bytes: f.pdf, type: 'application/pdf' })),
        );
        return { input, files: files.map((f) => ({ pack: f.pack, name: f.filename })) };
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
}
