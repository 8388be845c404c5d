/** POST /api/front/track-order: order id + e-mail; the answer carries the order's access token, kept for that order. */
import type { TrackOrderAnswer } from '../../../../../shared/schemas/tracking';
import type { Envelope } from '../../../lib/api-envelope';
import { publicApi } from './public-api';
import { saveCustomerAccess } from '../customer-access';

/** Sent as typed: the server's schema (shared/schemas/tracking.ts) trims, checks and answers each field's message. */
export async function trackOrder(values: { orderId: string; email: string }): Promise<Envelope<TrackOrderAnswer>> {
  const answer = await publicApi.post<TrackOrderAnswer>('front/track-order', values);
  saveCustomerAccess(answer.data.orderId, { token: answer.data.accessToken, expiresAt: answer.data.expiresAt });
  return answer;
}
