import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/health', {
    schema: {
      tags: ['health'], summary: 'Liveness and database reachability',
      response: {
        200: z.object({ status: z.literal(1), message: z.string(), data: z.object({ database: z.literal('up'), kind: z.string() }) }),
        503: z.object({ status: z.literal(0), message: z.string(), data: z.object({ database: z.literal('down'), kind: z.string() }) }),
      },
    },
  }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 1 as const, message: 'ok', data: { database: 'up' as const, kind: app.database.kind } };
    } catch {
      return reply.status(503).send({ status: 0 as const, message: 'Database unreachable', data: { database: 'down' as const, kind: app.database.kind } });
    }
  });
}
