/**
 * Stripe through its official library (docs/decisions/0049): the webhook's signature checked over the raw body
 * (`webhooks.constructEvent`, Stripe's five-minute tolerance), its dispute events read into the common shape, and a
 * client for the evidence calls (files, disputes). STRIPE_API_URL points the client elsewhere (a local mock in the
 * tests) through the library's host, port and protocol settings. The key and the signing secret come from the
 * configuration and go nowhere else.
 */
import Stripe from 'stripe';
import type { Config } from '../../config';
import { perObject } from '../../lib/per-object';
import type { ProviderDisputeEvent } from './disputes.service';
import { fromMinorUnits, stripePhase } from './dispute-state';

/** The dispute events applied; others are acknowledged and ignored. */
export const STRIPE_DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

export class WebhookSignatureError extends Error {}

/** The verified event, or WebhookSignatureError (a wrong signature, a stale timestamp, no secret configured). */
export function verifiedStripeEvent(config: Config, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!config.STRIPE_WEBHOOK_SECRET) throw new WebhookSignatureError('no signing secret is configured');
  if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new WebhookSignatureError('signature or timestamp refused');
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A dispute event in the common shape, or null for an event that is not about a dispute. */
export function stripeDisputeEvent(event: Stripe.Event): ProviderDisputeEvent | null {
  if (!STRIPE_DISPUTE_EVENTS.has(event.type)) return null;
  const dispute = event.data.object as Stripe.Dispute;
  if (dispute.object !== 'dispute') return null;
  const currency = dispute.currency ? dispute.currency.toUpperCase() : null;
  const details = dispute.evidence_details;
  return {
    gateway: 'stripe',
    eventId: event.id,
    eventType: event.type,
    eventAt: new Date(event.created * 1000),
    providerDisputeId: dispute.id,
    paymentReferences: [idOf(dispute.charge), idOf(dispute.payment_intent)].filter((v): v is string => !!v),
    reason: dispute.reason ?? '',
    amount: currency && typeof dispute.amount === 'number' ? fromMinorUnits(dispute.amount, currency) : null,
    currency,
    providerStatus: dispute.status,
    phase: stripePhase(dispute.status),
    submittedAtProvider: (details?.submission_count ?? 0) > 0,
    evidenceDueAt: details?.due_by ? new Date(details.due_by * 1000) : null,
    openedAt: new Date(dispute.created * 1000),
  };
}

/** The API client, one per configuration; null when no key is configured. */
export const stripeClient = perObject((config: Config): { client: Stripe | null } => {
  if (!config.STRIPE_SECRET_KEY) return { client: null };
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    client: new Stripe(config.STRIPE_SECRET_KEY, {
      ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
      maxNetworkRetries: 1,
      timeout: 30_000,
      telemetry: false,
    }),
  };
});
