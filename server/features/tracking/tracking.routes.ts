/**
 * Public calls of the tracking site (spec section 7 "Public", DECISIONS section 5).
 * No staff token here: track-order grants a token scoped to one order, which
 * get-download-history and download-passport-doc-pdf require as a bearer header.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failureSchema, ok } from '../../lib/envelope';
import { geoIp } from '../../lib/geoip';
import { storageFor } from '../../lib/storage';
import {
  brandingSchema, downloadDocumentBodySchema, downloadHistoryAnswerSchema, downloadHistoryBodySchema,
  trackOrderAnswerSchema, trackOrderSchema,
} from '../../../shared/schemas/tracking';
import { encodeId } from '../../../shared/ids';
import {
  TRACK_SUCCESS, downloadDocument, getBranding, getDownloadHistory, requireOrderAccess, trackOrder, type OrderTokenPayload,
} from './tracking.service';

const failures = { 400: failureSchema, 401: failureSchema, 404: failureSchema, 429: failureSchema };
const orderToken = [{ bearer: [] }];

/** Seconds in a TTL like 30m / 2h / 90s. */
function ttlSeconds(ttl: string): number {
  const n = Number(ttl.slice(0, -1));
  return n * ({ s: 1, m: 60, h: 3600, d: 86400 } as Record<string, number>)[ttl.slice(-1)]!;
}

export async function trackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);
  const geo = geoIp(app.config.GEOIP_DB_PATH, (err) => app.log.warn({ err }, 'geo-ip database could not be read; downloads are recorded without a location'));
  const translateWidgetUrl = app.config.TRANSLATE_WIDGET_URL ?? null;
  const tags = ['public'];

  app.get('/front/branding', {
    schema: {
      tags, summary: 'Branding of the public pages: the landing site of an order (by encoded id), or the default site',
      description: 'Only the landing site\'s public face (name, logo, header, links, footer) and the translation widget setting; '
        + 'an unknown or deleted order answers the default site, so this reveals nothing about orders.',
      querystring: z.object({ order: z.string().max(40).optional() }),
      response: { 200: envelope(brandingSchema), 400: failureSchema },
    },
  }, async (request) => ok(await getBranding(app.db, request.query.order, translateWidgetUrl)));

  app.post('/front/track-order', {
    schema: {
      tags, summary: 'Check order id and e-mail; answers a short-lived token for that order',
      description: 'E-mail is trimmed and compared in any case. A wrong e-mail and an unknown order answer the same 404. '
        + 'Attempts are limited per IP address and per order id (429 with Retry-After).',
      body: trackOrderSchema,
      response: { 200: envelope(trackOrderAnswerSchema), ...failures },
    },
  }, async (request) => {
    const orderId = await trackOrder(app.db, request.body, request.ip);
    const ttl = app.config.CUSTOMER_TOKEN_TTL;
    const payload: OrderTokenPayload = { scope: 'order', orderId };
    const accessToken = app.jwt.sign(payload, { expiresIn: ttl });
    const expiresAt = new Date(Date.now() + ttlSeconds(ttl) * 1000).toISOString();
    request.log.info({ orderId }, 'customer tracked order');
    return ok({ orderId, encodedOrderId: encodeId(orderId), accessToken, expiresAt }, TRACK_SUCCESS);
  });

  app.post('/front/get-download-history', {
    schema: {
      tags, summary: 'The order\'s Downloaded History and whether its document is ready (order token required)',
      security: orderToken, body: downloadHistoryBodySchema,
      response: { 200: downloadHistoryAnswerSchema, ...failures },
    },
  }, async (request) => {
    await requireOrderAccess(request, app.db, request.body.orderId);
    const { entries, mainResult, path } = await getDownloadHistory({ db: app.db, storage }, request.body.orderId);
    return { status: 1 as const, message: 'Success', data: entries, mainResult, path };
  });

  app.post('/front/download-passport-doc-pdf', {
    schema: {
      tags, summary: 'Download the order\'s current document and record the download (order token required)',
      description: 'Body {orderId, customername, file1} as in the spec; the answer is the file itself with its content type '
        + 'and a Content-Disposition. Each download is recorded (time, IP, parsed user agent, offline geo-IP location).',
      security: orderToken, body: downloadDocumentBodySchema,
      response: { 200: z.unknown().describe('The file bytes'), ...failures },
    },
  }, async (request, reply) => {
    const { orderId } = request.body;
    await requireOrderAccess(request, app.db, orderId);
    const { file, entry } = await downloadDocument({ db: app.db, storage, geo }, orderId, {
      ip: request.ip, userAgent: request.headers['user-agent'],
    });
    request.log.info({ orderId, downloadId: entry.id }, 'customer downloaded document');
    return reply
      .header('content-type', file.doc.content_type)
      .header('content-disposition', `attachment; filename="${file.doc.file1}"`)
      .header('cache-control', 'private, no-store')
      .header('x-download-id', String(entry.id))
      .send(file.body);
  });
}
