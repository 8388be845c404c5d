import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countryRowSchema,
  processedByRowSchema,
  processingLogRowSchema,
  processingLogsQuerySchema,
  processLogSchema,
  reportRangeBodySchema,
} from '../../../shared/schemas/reports';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { orderPathSchema } from '../../lib/route-params';
import { countryOrderCounts, processedByCounts, processingLogsPage, processLogsForOrder } from './reports.service';
import { requestReportRowSchema } from '../../../shared/schemas/information-requests';
import { monthlyRequestFigures } from '../information-requests';

const RANGE = 'fromDate and toDate are UTC days (YYYY-MM-DD), both included; either may be empty or absent (open end).';

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['reports'], security: [{ bearer: [] }] };

  app.post(
    '/admin/get-country-order-count',
    {
      schema: {
        ...common,
        summary: 'Country Order List: orders per nationality and processing mode (every role)',
        description: `Orders that are not Deleted, by the day they were placed. ${RANGE} Most orders first.`,
        body: reportRangeBodySchema,
        response: { 200: envelope(z.array(countryRowSchema)), ...staffFailures },
      },
    },
    async (request) =>
      ok(await countryOrderCounts(app.db, request.staff, request.body), 'Country order list fetched successfully.'),
  );

  app.post(
    '/admin/get-information-request-report',
    {
      schema: {
        ...common,
        summary:
          'Requests for information per month: sent, answered, hours to answer, orders that needed one (Admin, Manager)',
        description: `Months by UTC, newest first; a request counts in the month it was sent, its answer in the month it came. ${RANGE}`,
        body: reportRangeBodySchema,
        response: { 200: envelope(z.array(requestReportRowSchema)), ...staffFailures },
      },
    },
    async (request) =>
      ok(
        await monthlyRequestFigures(app.db, request.staff, request.body),
        'Information request report fetched successfully.',
      ),
  );

  app.post(
    '/admin/get-processed-by-count',
    {
      schema: {
        ...common,
        summary: 'Order Processed: orders processed per staff member (Admin, Manager)',
        description: `Orders moved to Completed or given their document, not Deleted, by the day they were processed. ${RANGE}`,
        body: reportRangeBodySchema,
        response: { 200: envelope(z.array(processedByRowSchema)), ...staffFailures },
      },
    },
    async (request) =>
      ok(await processedByCounts(app.db, request.staff, request.body), 'Processed order list fetched successfully.'),
  );

  app.post(
    '/admin/get-processed-by-info',
    {
      schema: {
        ...common,
        summary: 'Order Processing Logs: orders with process-log lines in the range, latest first (Admin, Manager)',
        description:
          'page from 1, limit 10/25/50/100, search = order id prefix. fromDate and toDate (UTC days) are both given or both empty ' +
          '(empty: every order with lines). Answers data and totalRecords (exact; with a search counted up to 10,000, then totalCapped).',
        body: processingLogsQuerySchema,
        response: {
          200: envelope(z.array(processingLogRowSchema)).extend({ totalRecords: z.number(), totalCapped: z.boolean() }),
          ...staffFailures,
        },
      },
    },
    async (request) => {
      const result = await processingLogsPage(app.db, request.staff, request.body);
      return { ...ok(result.rows), totalRecords: result.totalRecords, totalCapped: result.totalCapped };
    },
  );

  app.get(
    '/admin/get-processlogs-by-orderid/:orderId',
    {
      schema: {
        ...common,
        summary: 'Process Logs Details: every process-log line of one order, oldest first (Admin, Manager)',
        description:
          'orderId is the number (100001) or its encoded form (MjAwMDAy). Unknown ids answer 404. staff_name null means N/A.',
        params: orderPathSchema,
        response: { 200: envelope(z.array(processLogSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await processLogsForOrder(app.db, request.staff, request.params.orderId)),
  );
}
