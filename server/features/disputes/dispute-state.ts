/**
 * What a provider's dispute status means here (product: disputes.md#states): each provider status is open (evidence
 * wanted), under review, won or lost; our state adds what staff did (saved, submitted) and tells a loss without any
 * evidence submitted (accepted) from one after review. The rank orders states of events stamped in the same second:
 * a closed dispute never reopens because an older "updated" event arrives late.
 */
import type { DisputeState } from '../../../shared/schemas/disputes';

export type ProviderPhase = 'open' | 'review' | 'won' | 'lost';

export const PHASE_RANK: Record<ProviderPhase, number> = { open: 0, review: 1, won: 2, lost: 2 };

/** Stripe's dispute statuses (warning_* are inquiries, which may become chargebacks). */
export function stripePhase(status: string): ProviderPhase {
  switch (status) {
    case 'won':
    case 'warning_closed':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    case 'under_review':
    case 'warning_under_review':
      return 'review';
    default:
      return 'open';
  }
}

/** PayPal's dispute status, with its outcome once resolved. */
export function paypalPhase(status: string, outcome: string | null): ProviderPhase {
  if (status === 'RESOLVED') return outcome === 'RESOLVED_SELLER_FAVOUR' ? 'won' : 'lost';
  if (status === 'UNDER_REVIEW' || status === 'WAITING_FOR_BUYER_RESPONSE') return 'review';
  return 'open';
}

export function disputeState(
  phase: ProviderPhase,
  sent: { savedAt: unknown; submittedAt: unknown; submittedAtProvider: boolean },
): DisputeState {
  const submitted = !!sent.submittedAt || sent.submittedAtProvider;
  switch (phase) {
    case 'won':
      return 'won';
    case 'lost':
      return submitted ? 'lost' : 'accepted';
    case 'review':
      return 'submitted';
    case 'open':
      return submitted ? 'submitted' : sent.savedAt ? 'saved' : 'needs_evidence';
  }
}

/** Minor units of a currency: the providers' zero-decimal currencies have none. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Stripe's amount in minor units as a decimal string (`4900` USD -> `49.00`, `5000` JPY -> `5000.00`). */
export function fromMinorUnits(amount: number, currency: string): string {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? amount.toFixed(2) : (amount / 100).toFixed(2);
}
