import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encodeId } from '../../../shared/ids';
import { idempotencyKeySchema, intakeOrderSchema } from '../../../shared/schemas/order-intake';
import { envelope, failureSchema } from '../../lib/envelope';
import { intakeOrder, siteForKey, type IntakeSite } from './intake.service';

declare module 'fastify' {
  interface FastifyRequest {
    intakeSite?: IntakeSite;
  }
}

export async function intakeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/intake/orders',
    {
      // The key is checked before the body is validated: a wrong key is 401 whatever it sends.
      onRequest: async (request) => {
        request.intakeSite = await siteForKey(app.db, app.config.INTAKE_API_KEYS, request.headers.authorization);
      },
      schema: {
        tags: ['intake'],
        summary: 'Submit an order from a landing site',
        description:
          "Authorization: Bearer <the landing site's key from INTAKE_API_KEYS>; the key decides the landing site. " +
          'Send an Idempotency-Key per submission: a retry with the same key and body returns the first order (200) ' +
          'instead of creating another; the same key with a different body is 409. Validation errors are 400 with `errors` per field.',
        security: [{ bearer: [] }],
        headers: z.object({ 'idempotency-key': idempotencyKeySchema }),
        body: intakeOrderSchema,
        response: {
          200: envelope(z.object({ orderId: z.number(), trackUrl: z.string() })),
          201: envelope(z.object({ orderId: z.number(), trackUrl: z.string() })),
          400: failureSchema,
          401: failureSchema,
          409: failureSchema,
          503: failureSchema, // the database is away: send the same request (same Idempotency-Key) again
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { orderId, replayed } = await intakeOrder(app.db, app.keyRing, request.intakeSite!, key, request.body);
      request.log.info({ orderId, site: request.intakeSite!.siteKey, replayed }, 'intake order');
      const trackUrl = `${app.config.PUBLIC_BASE_URL}/track-order/${encodeId(orderId)}`;
      reply.header('idempotent-replayed', String(replayed));
      return reply.status(replayed ? 200 : 201).send({
        status: 1 as const,
        message: replayed ? 'Order already received' : 'Order received',
        data: { orderId, trackUrl },
      });
    },
  );
}
