/**
 * GET /api/metrics: the Prometheus text format. Public for deny-by-default (a scraper has no staff session), guarded
 * here by metrics-access.ts instead.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricsAccess } from './metrics-access';
import { metricsFor, refreshScrapeFigures } from './metrics';

const refusal = z.object({ status: z.union([z.literal(0), z.literal(401)]), message: z.string() });

export async function metricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = metricsAccess(app.config);
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getMetrics',
        summary:
          'Prometheus metrics (Bearer METRICS_TOKEN or an address in METRICS_ALLOW; refused when neither is configured)',
        security: [{ bearer: [] }],
        response: {
          200: z.unknown().describe('The Prometheus text format (text/plain; version=0.0.4)'),
          401: refusal.describe('No token, or not the METRICS_TOKEN'),
          403: refusal.describe(
            'Neither METRICS_TOKEN nor METRICS_ALLOW is configured, or the address is not in METRICS_ALLOW',
          ),
        },
      },
    },
    async (request, reply) => {
      const verdict = access(request.ip, request.headers.authorization);
      if (!verdict.allowed) {
        if (verdict.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply
          .status(verdict.statusCode)
          .send({ status: verdict.statusCode === 401 ? (401 as const) : (0 as const), message: verdict.message });
      }
      await refreshScrapeFigures(app.database);
      const { registry } = metricsFor(app.db);
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
