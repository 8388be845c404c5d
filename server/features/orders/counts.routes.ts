import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FOLDER_COUNT_FIELDS, MONTHS } from '../../../shared/orders';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { staffOnly } from '../../lib/auth';
import { currentCounterTotals } from './counts-snapshot';
import { foldFolderCounts, foldFutureMonthCounts } from './folder-counts';

const countsSchema = z.object(Object.fromEntries(FOLDER_COUNT_FIELDS.map((f) => [f, z.number()])) as Record<(typeof FOLDER_COUNT_FIELDS)[number], z.ZodNumber>);
const monthCountsSchema = z.object(Object.fromEntries(MONTHS.map((m) => [m, z.number()])) as Record<(typeof MONTHS)[number], z.ZodNumber>);

export async function countRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/get-folder-count', {
    preHandler: staffOnly(() => app.db),
    schema: {
      tags: ['orders'], summary: 'Dashboard and sidebar counts (kept incrementally; see docs/performance.md)', security: [{ bearer: [] }],
      // userName is accepted for compatibility and ignored: "my orders" are the token's member's.
      querystring: z.object({ userName: z.string().optional() }),
      response: { 200: envelope(countsSchema), ...staffFailures },
    },
  }, async (request) => ok(foldFolderCounts(await currentCounterTotals(app.db), request.staff.id)));

  app.get('/admin/get-future-order-count', {
    preHandler: staffOnly(() => app.db),
    schema: {
      tags: ['orders'], summary: 'Future Order tiles: orders per processing month', security: [{ bearer: [] }],
      response: { 200: envelope(monthCountsSchema), ...staffFailures },
    },
  }, async () => ok(foldFutureMonthCounts(await currentCounterTotals(app.db))));
}
