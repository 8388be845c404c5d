/** Exports (docs/decisions/0024): a queue's filtered orders and the summary reports, CSV or XLSX. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportOrdersSchema, exportReportSchema } from '../../../shared/schemas/order-export';
import { EXPORT_MAX_ROWS, EXPORT_TOTAL_HEADER } from '../../../shared/schemas/order-export-texts';
import { failureSchema, staffFailures } from '../../lib/envelope';
import { exportOrders, exportReport, type ExportFile } from './exports.service';
import type { FastifyReply } from 'fastify';

const send = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header(EXPORT_TOTAL_HEADER, String(file.total))
    .header('cache-control', 'private, no-store')
    .send(file.body);

export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['exports'], security: [{ bearer: [] }] };
  const deps = () => ({ database: app.database, db: app.db, maxRows: app.config.EXPORT_MAX_ROWS, log: app.log });

  app.post(
    '/admin/export-orders',
    {
      schema: {
        ...common,
        summary:
          "Export every order of a queue that matches the search and filters, in the queue's sort, as CSV or XLSX",
        description:
          "The body is search-order's without start/end, plus format. The file is streamed from one database " +
          `snapshot; ${EXPORT_TOTAL_HEADER} gives its row count. Who may read the folder may export it (a Telecaller ` +
          `cannot export Order History: 403). More than EXPORT_MAX_ROWS rows (default ${EXPORT_MAX_ROWS}): 422, nothing exported. Every export ` +
          'writes an audit line (order_exports) without the search text.',
        body: exportOrdersSchema,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...staffFailures, 422: failureSchema },
      },
    },
    async (request, reply) => send(reply, await exportOrders(deps(), request.staff, request.body)),
  );

  app.post(
    '/admin/export-report',
    {
      schema: {
        ...common,
        summary: 'Export Country Order List or Order Processed as the screen filters it, as CSV or XLSX',
        description:
          "fromDate/toDate as the report (UTC days, either may be empty); search: the screen's search on the " +
          "name column (case-insensitive contains). The report's own rule applies (Order Processed: Admin, Manager). " +
          'Writes an audit line as a queue export does.',
        body: exportReportSchema,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...staffFailures },
      },
    },
    async (request, reply) => send(reply, await exportReport(deps(), request.staff, request.body)),
  );
}
