/**
 * The payment providers' webhooks (product: disputes.md#arrival): public routes (lib/auth.ts PUBLIC_API_ROUTES), each
 * trusting only what its provider's signature proves. This plugin reads bodies as bytes, for its routes only: Stripe
 * signs the exact bytes it sent, which parsed and re-serialised JSON would not reproduce; PayPal's check is its own
 * call, given the event as it arrived. A refused signature answers
 * 400 and changes nothing; an event delivered again answers 200 and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failureSchema, ok } from '../../lib/envelope';
import { BadRequestError, ServiceUnavailableError } from '../../lib/errors';
import { applyDisputeEvent } from './disputes.service';
import { stripeDisputeEvent, verifiedStripeEvent, WebhookSignatureError } from './stripe';
import { verifiedPayPalEvent } from './paypal-webhook';
import { paypalDisputeEvent } from './paypal';

export const SIGNATURE_REFUSED = 'The webhook signature could not be verified.';

const resultSchema = z.object({ result: z.enum(['applied', 'duplicate', 'stale', 'ignored']) });
const RESULT_MESSAGES = {
  applied: 'Event applied.',
  duplicate: 'Event already applied.',
  stale: 'Event older than the state already recorded: nothing changed.',
  ignored: 'Event not about a dispute: nothing changed.',
} as const;

export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const schema = {
    tags: ['webhooks'],
    response: { 200: envelope(resultSchema), 400: failureSchema, 503: failureSchema },
  };

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        ...schema,
        summary: "Stripe's events (charge.dispute.*), checked by the Stripe-Signature header over the raw body",
      },
    },
    async (request) => {
      let event;
      try {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        event = verifiedStripeEvent(app.config, raw, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ gateway: 'stripe', why: error.message }, 'webhook refused');
          throw new BadRequestError(SIGNATURE_REFUSED);
        }
        throw error;
      }
      const dispute = stripeDisputeEvent(event);
      const result = dispute ? await applyDisputeEvent(app.db, dispute) : 'ignored';
      return ok({ result }, RESULT_MESSAGES[result]);
    },
  );

  app.post(
    '/webhooks/paypal',
    {
      schema: {
        ...schema,
        summary:
          "PayPal's events (CUSTOMER.DISPUTE.*), checked by PayPal's verify-webhook-signature call with the transmission headers",
      },
    },
    async (request) => {
      let event;
      try {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        event = await verifiedPayPalEvent(app.config, raw, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ gateway: 'paypal', why: error.message }, 'webhook refused');
          throw new BadRequestError(SIGNATURE_REFUSED);
        }
        // PayPal delivers again when the answer is not 2xx: a verification that could not be made is a 503.
        throw new ServiceUnavailableError('PayPal could not be reached to verify the event.', { cause: error });
      }
      const dispute = paypalDisputeEvent(event);
      const result = dispute ? await applyDisputeEvent(app.db, dispute) : 'ignored';
      return ok({ result }, RESULT_MESSAGES[result]);
    },
  );
}
