import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FOLDER_COUNT_FIELDS, MONTHS } from '../../../shared/orders';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { textField } from '../../../shared/schemas/fields';
import { currentFolderCounts, currentFutureMonthCounts } from '../queue-engine';

const countsSchema = z.object(
  Object.fromEntries(FOLDER_COUNT_FIELDS.map((f) => [f, z.number()])) as Record<
    (typeof FOLDER_COUNT_FIELDS)[number],
    z.ZodNumber
  >,
);
const monthCountsSchema = z.object(
  Object.fromEntries(MONTHS.map((m) => [m, z.number()])) as Record<(typeof MONTHS)[number], z.ZodNumber>,
);

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
        response: { 200: envelope(countsSchema), ...staffFailures },
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
        response: { 200: envelope(monthCountsSchema), ...staffFailures },
      },
    },
    async () => ok(await currentFutureMonthCounts(app.db)),
  );
}
