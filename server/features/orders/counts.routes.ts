import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { textField } from '../../../shared/schemas/fields';
import { folderCountsSchema, futureMonthCountsSchema } from '../../../shared/schemas/order-list';
import { currentFolderCounts, currentFutureMonthCounts } from '../queue-engine';

export async function countRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/get-folder-count',
    {
      schema: {
        tags: ['orders'],
        summary: 'Dashboard and sidebar counts (kept incrementally; see docs/performance.md)',
        security: [{ bearer: [] }],
        // userName is accepted for compatibility and ignored: "my orders" are the token's member's.
        querystring: z.object({
          userName: textField('userName')
            .optional()
            .describe(
              "Accepted because the original client sends it, and ignored (product: api.md#ignored-fields): the My Orders count is the bearer token's member's.",
            ),
        }),
        response: { 200: envelope(folderCountsSchema), ...staffFailures },
      },
    },
    async (request) => ok(await currentFolderCounts(app.db, request.staff.id)),
  );

  app.get(
    '/admin/get-future-order-count',
    {
      schema: {
        tags: ['orders'],
        summary: 'Future Order tiles: orders per processing month',
        security: [{ bearer: [] }],
        response: { 200: envelope(futureMonthCountsSchema), ...staffFailures },
      },
    },
    async () => ok(await currentFutureMonthCounts(app.db)),
  );
}
