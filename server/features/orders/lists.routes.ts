import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderListParamsSchema, orderListQuerySchema, orderListRowSchema, searchOrderSchema,
} from '../../../shared/schemas/order-list';
import { envelope, staffFailures } from '../../lib/envelope';
import { staffOnly } from '../../lib/auth';
import { listOrders, type OrderPage } from './lists.service';

const pageSchema = envelope(z.array(orderListRowSchema)).extend({
  totalRecords: z.number(),
  totalCapped: z.boolean(),
});

const answer = (page: OrderPage) => ({
  status: 1 as const, message: 'Success', data: page.rows, totalRecords: page.totalRecords, totalCapped: page.totalCapped,
});

export async function listRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', staffOnly(() => app.db));
  const common = { tags: ['orders'], security: [{ bearer: [] }] };

  app.get('/admin/get-orders-list/:orderName', {
    schema: {
      ...common, summary: 'One page of a queue, newest first, with the folder total',
      params: orderListParamsSchema, querystring: orderListQuerySchema,
      response: { 200: pageSchema, ...staffFailures },
    },
  }, async (request) => {
    const { page, limit, processMonth } = request.query;
    return answer(await listOrders(app.db, request.staff, {
      folder: request.params.orderName, offset: (page - 1) * limit, limit, ...(processMonth ? { processMonth } : {}),
    }));
  });

  app.post('/admin/search-order', {
    schema: {
      ...common,
      summary: 'Search one queue on the server: order id prefix, or name / e-mail / telephone contains (case-insensitive)',
      body: searchOrderSchema, response: { 200: pageSchema, ...staffFailures },
    },
  }, async (request) => {
    const { start, end, searchVal, folderName, processMonth } = request.body;
    return answer(await listOrders(app.db, request.staff, {
      folder: folderName, offset: start, limit: end - start, search: searchVal, ...(processMonth ? { processMonth } : {}),
    }));
  });
}
