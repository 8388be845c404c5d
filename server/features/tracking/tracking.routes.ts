/**
 * Public calls of the tracking site (product: public-pages.md#track, public-pages.md#customer-token).
 * No staff token here: track-order grants a token scoped to one order, which
 * get-download-history and download-passport-doc-pdf require as a bearer header;
 * the latter answers a one-time ticket for the GET that sends the file (docs/decisions/0021).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failureSchema, ok } from '../../lib/envelope';
import { geoIp } from '../../lib/geoip';
import { storageFor } from '../../lib/storage';
import {
  brandingSchema,
  downloadDocumentBodySchema,
  downloadFileQuerySchema,
  downloadHistoryAnswerSchema,
  downloadHistoryBodySchema,
  downloadTicketSchema,
  trackOrderAnswerSchema,
  trackOrderSchema,
} from '../../../shared/schemas/tracking';
import { encodeId } from '../../../shared/ids';
import {
  DOWNLOAD_READY,
  DOWNLOAD_TICKET_SECONDS,
  TRACK_SUCCESS,
  downloadDocument,
  downloadTicketFor,
  getBranding,
  getDownloadHistory,
  requireDownloadTicket,
  requireOrderAccess,
  trackOrder,
  type OrderTokenPayload,
} from './tracking.service';

const failures = { 400: failureSchema, 401: failureSchema, 404: failureSchema, 429: failureSchema, 503: failureSchema };
const orderToken = [{ bearer: [] }];

/** Seconds in a TTL like 30m / 2h / 90s. */
function ttlSeconds(ttl: string): number {
  const n = Number(ttl.slice(0, -1));
  return n * ({ s: 1, m: 60, h: 3600, d: 86400 } as Record<string, number>)[ttl.slice(-1)]!;
}

export async function trackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);
  const geo = geoIp(app.config.GEOIP_DB_PATH, (err) =>
    app.log.warn({ err }, 'geo-ip database could not be read; downloads are recorded without a location'),
  );
  const translateWidgetUrl = app.config.TRANSLATE_WIDGET_URL ?? null;
  const tags = ['public'];

  app.get(
    '/front/branding',
    {
      schema: {
        tags,
        summary: 'Branding of the public pages: the landing site of an order (by encoded id), or the default site',
        description:
          "Only the landing site's public face (name, logo, header, links, footer) and the translation widget setting; " +
          'an unknown or deleted order answers the default site, so this reveals nothing about orders.',
        querystring: z.object({ order: z.string().max(40).optional() }),
        response: { 200: envelope(brandingSchema), 400: failureSchema },
      },
    },
    async (request) =>
      ok(await getBranding(app.db, request.query.order, translateWidgetUrl, app.config.PUBLIC_BASE_URL)),
  );

  app.post(
    '/front/track-order',
    {
      schema: {
        tags,
        summary: 'Check order id and e-mail; answers a short-lived token for that order',
        description:
          'E-mail is trimmed and compared in any case. A wrong e-mail and an unknown order answer the same 404. ' +
          'Attempts are limited per IP address and per order id (429 with Retry-After).',
        body: trackOrderSchema,
        response: { 200: envelope(trackOrderAnswerSchema), ...failures },
      },
    },
    async (request) => {
      const orderId = await trackOrder(app.db, request.body, request.ip);
      const ttl = app.config.CUSTOMER_TOKEN_TTL;
      const payload: OrderTokenPayload = { scope: 'order', orderId };
      const accessToken = app.jwt.sign(payload, { expiresIn: ttl });
      const expiresAt = new Date(Date.now() + ttlSeconds(ttl) * 1000).toISOString();
      request.log.info({ orderId }, 'customer tracked order');
      return ok({ orderId, encodedOrderId: encodeId(orderId), accessToken, expiresAt }, TRACK_SUCCESS);
    },
  );

  app.post(
    '/front/get-download-history',
    {
      schema: {
        tags,
        summary: "The order's Downloaded History and whether its document is ready (order token required)",
        security: orderToken,
        body: downloadHistoryBodySchema,
        response: { 200: downloadHistoryAnswerSchema, ...failures },
      },
    },
    async (request) => {
      await requireOrderAccess(request, app.db, request.body.orderId);
      const { entries, mainResult, path } = await getDownloadHistory({ db: app.db, storage }, request.body.orderId);
      return { status: 1 as const, message: 'Success', data: entries, mainResult, path };
    },
  );

  app.post(
    '/front/download-passport-doc-pdf',
    {
      schema: {
        tags,
        summary:
          "Ask for the order's current document: answers {status, message} and a one-time download URL (order token required)",
        description:
          'Body {orderId, customername, file1}, answer {status, message} (docs/decisions/0021). ' +
          '`data.downloadUrl` is the follow-up GET that sends the file: it carries a signed ticket for this document ' +
          `of this order, valid ${DOWNLOAD_TICKET_SECONDS} seconds and usable once, and needs no Authorization header, ` +
          'so a browser can open it as a link. Nothing is recorded here; the download is recorded when the file is sent. ' +
          '404 while no document is ready.',
        security: orderToken,
        body: downloadDocumentBodySchema,
        response: { 200: envelope(downloadTicketSchema), ...failures },
      },
    },
    async (request) => {
      const { orderId } = request.body;
      await requireOrderAccess(request, app.db, orderId);
      const { payload, file1 } = await downloadTicketFor(app.db, orderId);
      const ticket = app.jwt.sign(payload, { expiresIn: DOWNLOAD_TICKET_SECONDS });
      const expiresAt = new Date(Date.now() + DOWNLOAD_TICKET_SECONDS * 1000).toISOString();
      // The ticket goes in the query string, whose values log lines never show (lib/log-safety.ts).
      return ok(
        { downloadUrl: `/api/front/download-passport-doc-pdf?ticket=${encodeURIComponent(ticket)}`, expiresAt, file1 },
        DOWNLOAD_READY,
      );
    },
  );

  app.get(
    '/front/download-passport-doc-pdf',
    {
      // A HEAD would spend the ticket without sending the file.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'The document itself, by the one-time ticket download-passport-doc-pdf answered; records the download',
        description:
          'The file with its content type and `Content-Disposition: attachment`. Each ticket works once and for ' +
          `${DOWNLOAD_TICKET_SECONDS} seconds (401 after that, or when the document was replaced since); each file sent is one Downloaded ` +
          'History line (time, IP, parsed user agent, offline geo-IP location) and one "Downloaded by customer" process-log line.',
        querystring: downloadFileQuerySchema,
        response: { 200: z.unknown().describe('The file bytes'), ...failures },
      },
    },
    async (request, reply) => {
      const ticket = await requireDownloadTicket(app.db, (token) => app.jwt.verify(token), request.query.ticket);
      const { file, entry } = await downloadDocument({ db: app.db, storage, geo }, ticket, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ orderId: ticket.orderId, downloadId: entry.id }, 'customer downloaded document');
      return reply
        .header('content-type', file.doc.content_type)
        .header('content-disposition', `attachment; filename="${file.doc.file1}"`)
        .header('cache-control', 'private, no-store')
        .header('x-download-id', String(entry.id))
        .send(file.body);
    },
  );
}
