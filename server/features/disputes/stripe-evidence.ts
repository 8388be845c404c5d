/**
 * Evidence to Stripe with the official library: each defence pack uploaded as a file (`files.create`, purpose
 * dispute_evidence), then the dispute updated with the evidence fields and `submit` (false stages it, true sends it
 * to the bank). Stripe's refusals become words (PROVIDER_REFUSALS, else Stripe's own message).
 */
import Stripe from 'stripe';
import type { Config } from '../../config';
import { GATEWAY_LABELS, PROVIDER_REFUSALS } from '../../../shared/schemas/disputes';
import { stripeClient } from './stripe';
import { ProviderRefusal, ProviderUnreachable, type EvidenceSender } from './evidence-sender';

function asProviderError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  const status = error.statusCode ?? 0;
  if (error instanceof Stripe.errors.StripeConnectionError || status >= 500 || status === 0 || status === 429)
    return new ProviderUnreachable(`Stripe answered ${status || error.type}`);
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return new ProviderRefusal(
      `${GATEWAY_LABELS.stripe} refused this server's API key (STRIPE_SECRET_KEY): nothing was sent.`,
    );
  const known = error.code ? PROVIDER_REFUSALS[error.code] : undefined;
  return new ProviderRefusal(known ?? `${GATEWAY_LABELS.stripe} refused the evidence: ${error.message}`);
}

export function stripeSender(config: Config): EvidenceSender | null {
  const { client } = stripeClient(config);
  if (!client) return null;
  return {
    async send(dispute, evidence, files, submit) {
      try {
        const uploaded: Record<number, string> = {};
        for (const file of files) {
          const created = await client.files.create({
            purpose: 'dispute_evidence',
            file: { data: file.pdf, name: file.filename, type: 'application/pdf' },
          });
          uploaded[file.pack] = created.id;
        }
        const fields: Stripe.DisputeUpdateParams.Evidence = {
          customer_name: evidence.customer_name,
          customer_email_address: evidence.customer_email_address,
          product_description: evidence.product_description,
          access_activity_log: evidence.access_activity_log,
          uncategorized_text: evidence.uncategorized_text,
          ...(evidence.service_date ? { service_date: evidence.service_date } : {}),
          ...(evidence.customer_purchase_ip ? { customer_purchase_ip: evidence.customer_purchase_ip } : {}),
          ...(uploaded[1] ? { customer_communication: uploaded[1] } : {}),
          ...(uploaded[2] ? { service_documentation: uploaded[2] } : {}),
        };
        await client.disputes.update(dispute.provider_dispute_id, { evidence: fields, submit });
        return {
          evidence: fields,
          files: files.map((f) => ({ pack: f.pack, name: f.filename, id: uploaded[f.pack] })),
        };
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
}
