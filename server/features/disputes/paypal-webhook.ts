/**
 * A PayPal webhook delivery made trustworthy: its transmission headers present and recent (five minutes, as Stripe's
 * tolerance), its body JSON, and PayPal's own verify-webhook-signature call answering SUCCESS for our webhook id.
 * Anything else is a WebhookSignatureError (400); PayPal out of reach is thrown as it is (the route answers 503, and
 * PayPal delivers again).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../config';
import { paypalClient, PAYPAL_TOLERANCE_MS, type PayPalEvent } from './paypal';
import { WebhookSignatureError } from './stripe';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

export async function verifiedPayPalEvent(
  config: Config,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  now = new Date(),
): Promise<PayPalEvent> {
  const { client } = paypalClient(config);
  if (!client || !config.PAYPAL_WEBHOOK_ID) throw new WebhookSignatureError('PayPal is not configured');
  const transmission = {
    transmissionId: header(headers, 'paypal-transmission-id'),
    transmissionTime: header(headers, 'paypal-transmission-time'),
    transmissionSig: header(headers, 'paypal-transmission-sig'),
    certUrl: header(headers, 'paypal-cert-url'),
    authAlgo: header(headers, 'paypal-auth-algo'),
  };
  if (Object.values(transmission).some((v) => !v)) throw new WebhookSignatureError('transmission headers missing');
  const sentAt = Date.parse(transmission.transmissionTime);
  if (Number.isNaN(sentAt) || Math.abs(now.getTime() - sentAt) > PAYPAL_TOLERANCE_MS)
    throw new WebhookSignatureError('transmission time outside the tolerance');
  let event: PayPalEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as PayPalEvent;
  } catch {
    throw new WebhookSignatureError('the body is not JSON');
  }
  if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string')
    throw new WebhookSignatureError('not an event');
  if (!(await client.verifyWebhookSignature(config.PAYPAL_WEBHOOK_ID, transmission, event)))
    throw new WebhookSignatureError('PayPal did not verify the signature');
  return event;
}
