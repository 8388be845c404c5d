/** `POST /api/admin/send-invoice` (product: orders.md#invoices): body `{orderId}`, optional `mailServiceProvider`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendInvoiceResultSchema, sendInvoiceSchema } from '../../../shared/schemas/mail';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { storageFor } from '../../lib/storage';
import { sendInvoice } from './invoices.service';

export async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);
  app.post(
    '/admin/send-invoice',
    {
      schema: {
        tags: ['invoices'],
        security: [{ bearer: [] }],
        summary: 'Mail a PDF invoice for an order to its customer',
        body: sendInvoiceSchema,
        response: {
          200: envelope(sendInvoiceResultSchema),
          ...staffFailures,
        },
      },
    },
    async (request) => {
      const result = await sendInvoice({ db: app.db, config: app.config, storage }, request.staff, request.body);
      return ok(
        result,
        `Invoice ${result.invoiceNumber} for order ${request.body.orderId} has been queued for ${result.email}.`,
      );
    },
  );
}
