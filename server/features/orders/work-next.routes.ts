/** Work next and the arrival-urgency settings and counts (docs/decisions/0016). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arrivalUrgencySchema, workNextResultSchema, workNextSchema } from '../../../shared/schemas/work-next';
import { requirePermission } from '../../lib/auth';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { currentUrgentCounts } from '../queue-engine';
import { workNext } from './work-next.service';

export async function workNextRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['orders'], security: [{ bearer: [] }] };

  app.post(
    '/admin/work-next',
    {
      schema: {
        ...common,
        summary:
          'Assign the most urgent unassigned order of a queue to me (orderId null and a message when none is waiting)',
        body: workNextSchema,
        response: { 200: envelope(workNextResultSchema), ...staffFailures },
      },
    },
    async (request) => {
      const { orderId, message } = await workNext(app.db, request.staff, request.body.folderName);
      return ok({ orderId }, message);
    },
  );

  app.get(
    '/admin/arrival-urgency',
    {
      schema: {
        ...common,
        summary: 'Arrival urgency thresholds (hours, Japan time) and the urgent counts of the New and Priority tiles',
        response: { 200: envelope(arrivalUrgencySchema), ...staffFailures },
      },
    },
    async (request) => {
      requirePermission(request.staff, 'orders:work');
      const thresholds = {
        urgentHours: app.config.ARRIVAL_URGENT_HOURS,
        veryUrgentHours: app.config.ARRIVAL_VERY_URGENT_HOURS,
      };
      return ok({ ...thresholds, urgent: await currentUrgentCounts(app.db, thresholds) });
    },
  );
}
