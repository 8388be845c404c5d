/** Email History, resend, retry, the Mail outbox and mail attachments (staff; the outbox is Admin only). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailHistorySchema,
  mailHistoryEntrySchema,
  mailQueuedSchema,
  outboxMailSchema,
  outboxQuerySchema,
  resendMailSchema,
  retryMailSchema,
} from '../../../shared/schemas/mail';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { orderPathSchema } from '../../lib/route-params';
import { storageFor } from '../../lib/storage';
import { getEmailHistory, getMailAttachment, listOutbox, resendMail, retryMail } from './mail.service';

export async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);
  const common = { tags: ['mail'], security: [{ bearer: [] }] };

  app.get(
    '/admin/get-email-history/:orderId',
    {
      schema: {
        ...common,
        summary: 'Email History of an order (newest first) and its documents',
        params: orderPathSchema,
        response: { 200: envelope(emailHistorySchema), ...staffFailures },
      },
    },
    async (request) => ok(await getEmailHistory(app.db, request.staff, request.params.orderId)),
  );

  app.post(
    '/admin/resend-mail',
    {
      schema: {
        ...common,
        summary: 'Resend the current document by the chosen provider',
        body: resendMailSchema,
        response: { 200: envelope(mailQueuedSchema), ...staffFailures },
      },
    },
    async (request) =>
      ok(
        await resendMail(app.db, app.config, request.staff, request.body),
        `Mail queued: the document will be resent to ${request.body.email}.`,
      ),
  );

  app.post(
    '/admin/retry-mail',
    {
      schema: {
        ...common,
        summary: 'Put a failed mail back on the queue',
        body: retryMailSchema,
        response: { 200: envelope(mailHistoryEntrySchema), ...staffFailures },
      },
    },
    async (request) => ok(await retryMail(app.db, request.staff, request.body.mailId), 'The mail is queued again.'),
  );

  app.get(
    '/admin/mail-outbox',
    {
      schema: {
        ...common,
        summary: 'Mail outbox (Admin): mails as the customer sees them',
        querystring: outboxQuerySchema,
        response: { 200: envelope(z.array(outboxMailSchema)).extend({ totalRecords: z.number() }), ...staffFailures },
      },
    },
    async (request) => {
      const { data, totalRecords } = await listOutbox(app.db, app.config, request.staff, request.query);
      return { ...ok(data), totalRecords };
    },
  );

  app.get(
    '/admin/download-mail-attachment/:mailId/:index',
    {
      schema: {
        ...common,
        summary: 'Download an attachment of a mail (the invoice PDF)',
        params: z.object({ mailId: z.coerce.number().int().positive(), index: z.coerce.number().int().min(0) }),
        response: { 200: z.unknown().describe('The file bytes'), ...staffFailures },
      },
    },
    async (request, reply) => {
      const file = await getMailAttachment(app.db, storage, request.staff, request.params.mailId, request.params.index);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
