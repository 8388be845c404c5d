import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gatewayChangeSchema, gatewaySchema, gatewaySettingSchema } from '../../../shared/schemas/reports';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { siteForKey } from '../intake';
import { activeGateway, listGateways, setActiveGateway } from './gateways.service';

export async function gatewayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['gateways'], security: [{ bearer: [] }] };

  app.get(
    '/admin/payment-gateways',
    {
      schema: {
        ...common,
        summary: 'Payment gateways; is_active "1" is the active one (Admin, Manager)',
        response: {
          200: envelope(z.array(gatewaySchema)).extend({ lastChange: gatewayChangeSchema.nullable() }),
          ...staffFailures,
        },
      },
    },
    async (request) => {
      const { gateways, lastChange } = await listGateways(app.db, request.staff);
      return { ...ok(gateways), lastChange };
    },
  );

  app.post(
    '/admin/payment-gateway-setting',
    {
      schema: {
        ...common,
        summary: 'Make one gateway the active one; the others become inactive (Admin, Manager)',
        description:
          'Body {gatewayId}. Missing: 400 "Please select gateway."; unknown id: 404. Each switch is recorded with who made it.',
        body: gatewaySettingSchema,
        response: { 200: envelope(gatewaySchema), ...staffFailures },
      },
    },
    async (request) => {
      const { gateway, changed } = await setActiveGateway(app.db, request.staff, request.body.gatewayId);
      if (changed)
        request.log.info(
          { gatewayId: gateway.id, gateway: gateway.gateway_name, staffId: request.staff.id },
          'active payment gateway switched',
        );
      return ok(
        gateway,
        changed
          ? `${gateway.gateway_name} is now the active gateway.`
          : `${gateway.gateway_name} is already the active gateway.`,
      );
    },
  );

  app.get(
    '/intake/active-gateway',
    {
      // The landing site's intake key (INTAKE_API_KEYS), checked as for order intake.
      onRequest: async (request) => {
        request.intakeSite = await siteForKey(app.db, app.config.INTAKE_API_KEYS, request.headers.authorization);
      },
      schema: {
        tags: ['intake'],
        summary: 'The payment gateway a landing site should charge through now',
        description:
          "Authorization: Bearer <the landing site's key from INTAKE_API_KEYS>. 404 when no gateway is active.",
        security: [{ bearer: [] }],
        response: {
          200: envelope(z.object({ id: z.number(), gateway_name: z.string() })),
          401: failureSchema,
          404: failureSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await activeGateway(app.db));
    },
  );
}
