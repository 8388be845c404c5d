/** Bulk moves (docs/decisions/0025): one route for move, assign and delete of many orders. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkOrdersSchema, bulkResultSchema } from '../../../shared/schemas/bulk-orders';
import { BULK_MAX_ORDERS } from '../../../shared/schemas/bulk-orders-texts';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { passportIndexesOf } from '../../db/sealed-travel';
import { bulkOrders } from './bulk-orders.service';

export async function bulkOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/admin/bulk-orders',
    {
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Move, assign or delete many orders: each order is done or refused with its reason',
        description: `Names the orders as \`orderIds\` (with \`folderName\`, the queue they were ticked in: an order that left it is refused) or as \`all\` (every order of a queue view: folder and search) with \`expectedCount\`, the number the confirmation showed (409 and nothing changed when the view now holds another number). At most ${BULK_MAX_ORDERS} orders per request (400). The role rules are the single actions': delete as change-order-status, move as move-order-status, assign as Assign to me; assigning to another member (\`assigneeId\`) is for Admin and Manager, who also take over orders another member holds. The orders allowed change (one process-log line each, in one transaction) even when others are refused.`,
        body: bulkOrdersSchema,
        response: { 200: envelope(bulkResultSchema), ...staffFailures },
      },
    },
    async (request) => {
      const passport = passportIndexesOf(app.keyRing, request.body.all?.searchVal);
      const { result, message } = await bulkOrders(app.db, request.staff, request.body, passport);
      return ok(result, message);
    },
  );
}
