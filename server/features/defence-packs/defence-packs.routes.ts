/**
 * Chargeback defence packs (product: orders.md#defence-packs): `defence-pack-details` (the pack's data, for the printable page),
 * `get-defence-pack-pdf` (the same pack as a PDF) and `send-download-history` (Sent Mail of Download History).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defencePackRequestSchema,
  defencePackSchema,
  sendDownloadHistoryResultSchema,
  sendDownloadHistorySchema,
} from '../../../shared/schemas/defence-pack';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { storageFor } from '../../lib/storage';
import { getDefencePack, getDefencePackPdf, sendDownloadHistory } from './defence-packs.service';

export async function defencePackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);
  const common = { tags: ['defence packs'], security: [{ bearer: [] }] };

  app.post(
    '/admin/defence-pack-details',
    {
      schema: {
        ...common,
        summary: 'A defence pack as data: order summary + Email History (type 1) or Download History (type 2)',
        body: defencePackRequestSchema,
        response: { 200: envelope(defencePackSchema), ...staffFailures },
      },
    },
    async (request) =>
      ok(await getDefencePack(app.db, request.staff, request.body.orderId, request.body.defencePackType)),
  );

  app.post(
    '/admin/get-defence-pack-pdf',
    {
      schema: {
        ...common,
        summary: 'A defence pack as a PDF (application/pdf), opened in a new window',
        body: defencePackRequestSchema,
        response: { 200: z.unknown().describe('The PDF bytes'), ...staffFailures },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await getDefencePackPdf(
        app.db,
        request.staff,
        request.body.orderId,
        request.body.defencePackType,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/admin/send-download-history',
    {
      schema: {
        ...common,
        summary:
          "Mail the order's download history (Defence Pack 2 attached) to the address typed, through the mail queue",
        body: sendDownloadHistorySchema,
        response: { 200: envelope(sendDownloadHistoryResultSchema), ...staffFailures },
      },
    },
    async (request) =>
      ok(
        await sendDownloadHistory({ db: app.db, config: app.config, storage }, request.staff, request.body),
        `Mail queued: the download history of order ${request.body.orderId} will be sent to ${request.body.email}.`,
      ),
  );
}
