import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  landingSiteOptionSchema,
  orderListParamsSchema,
  orderListQuerySchema,
  orderListRowSchema,
  orderPageTotalsShape,
  searchOrderSchema,
} from '../../../shared/schemas/order-list';
import { sql } from 'drizzle-orm';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { requirePermission } from '../../lib/auth';
import { selectRows } from '../../db/client';
import { passportIndexesOf } from '../../db/sealed-travel';
import { readQueuePage, type OrderPage } from '../queue-engine';
import { activeFilters, QUEUE_FILTER_KEYS, type QueueFilters } from '../../../shared/schemas/queue-filters';

const pageSchema = envelope(z.array(orderListRowSchema)).extend(orderPageTotalsShape);

/** The filter fields of a parsed query or body. */
const filtersOf = (input: QueueFilters): QueueFilters =>
  activeFilters(Object.fromEntries(QUEUE_FILTER_KEYS.map((key) => [key, input[key]])) as QueueFilters);

const answer = (page: OrderPage) => ({
  status: 1 as const,
  message: 'Success',
  data: page.rows,
  totalRecords: page.totalRecords,
  totalCapped: page.totalCapped,
  totalEstimated: page.totalEstimated,
});

/** The totals' part of a filtered page request: exact on request, else estimated past the configured cost. */
const totalRequest = (exactTotal: boolean | undefined, countMaxCost: number | undefined) => ({
  ...(exactTotal ? { exactTotal } : {}),
  ...(countMaxCost === undefined ? {} : { countMaxCost }),
});

export async function listRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['orders'], security: [{ bearer: [] }] };

  app.get(
    '/admin/get-orders-list/:orderName',
    {
      schema: {
        ...common,
        summary:
          "One page of a queue, newest first or in another sort, with optional filters (as search-order's) and the total",
        description:
          'Without filters totalRecords is exact (the folder counts). With filters, it is the exact count, or, where ' +
          "that count would take long, the database's estimate with totalEstimated true; exactTotal=1 counts exactly.",
        params: orderListParamsSchema,
        querystring: orderListQuerySchema,
        response: { 200: pageSchema, ...staffFailures },
      },
    },
    async (request) => {
      const { page, limit, processMonth, sort, exactTotal } = request.query;
      return answer(
        await readQueuePage(app.db, request.staff, {
          folder: request.params.orderName,
          offset: (page - 1) * limit,
          limit,
          ...(processMonth ? { processMonth } : {}),
          ...(sort ? { sort } : {}),
          filters: filtersOf(request.query),
          ...totalRequest(exactTotal, app.config.FILTERED_COUNT_MAX_COST),
        }),
      );
    },
  );

  app.get(
    '/admin/landing-sites',
    {
      schema: {
        ...common,
        summary: "The landing sites (key and name), for the queues' landing site filter",
        response: { 200: envelope(z.array(landingSiteOptionSchema)), ...staffFailures },
      },
    },
    async (request) => {
      requirePermission(request.staff, 'orders:work');
      return ok(
        await selectRows(
          app.db,
          landingSiteOptionSchema,
          sql`select site_key as "siteKey", name from landing_sites order by id`,
        ),
      );
    },
  );

  app.post(
    '/admin/search-order',
    {
      schema: {
        ...common,
        summary:
          'Search and filter one queue on the server: order id prefix, or name / e-mail / telephone contains (case-insensitive)',
        description:
          'Optional filters (landing site, processing mode, nationality, arrival and order date ranges, assignee, ' +
          'status in Order History, amount and currency) apply together with the folder and the search, in one transaction. ' +
          'With filters and no search, totalRecords is the exact count, or where that would take long an estimate ' +
          '(totalEstimated; exactTotal: true counts exactly); a search counts up to 10,000 (totalCapped). ' +
          'A status filter outside Order History, an unknown landing site or a range the wrong way round: 400.',
        body: searchOrderSchema,
        response: { 200: pageSchema, ...staffFailures },
      },
    },
    async (request) => {
      const { start, end, searchVal, folderName, processMonth, sort, exactTotal } = request.body;
      return answer(
        await readQueuePage(app.db, request.staff, {
          folder: folderName,
          offset: start,
          limit: end - start,
          search: searchVal,
          passportIndexes: passportIndexesOf(app.keyRing, searchVal),
          ...(processMonth ? { processMonth } : {}),
          ...(sort ? { sort } : {}),
          filters: filtersOf(request.body),
          ...totalRequest(exactTotal, app.config.FILTERED_COUNT_MAX_COST),
        }),
      );
    },
  );
}
