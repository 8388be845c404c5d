/**
 * The customer's side (product: public-pages.md#track, public-pages.md#customer-token):
 * track an order with its id and e-mail, which grants a short-lived token for
 * that one order; the download history and the document need that token.
 * Branding comes from the order's landing site.
 */
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { selectRows, type Db, type Executor } from '../../db/client';
import { customerMayReach, customerOrderId, reachableOrderSite } from '../../db/order-lookups';
import { downloadHistory, landingSites, orders } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { hitLimit, limitKey, spendAttempt, type Window } from '../../lib/rate-limit';
import { logStep } from '../../lib/process-log';
import { formatLocation, type GeoIp } from '../../lib/geoip';
import { parseUserAgent } from '../../lib/user-agent';
import { pageRelativeUrl } from '../../lib/page-relative-url';
import type { Storage } from '../../lib/storage';
import type { Branding, PublicDownloadEntry } from '../../../shared/schemas/tracking';
import { TRACK_ANSWERS } from '../../../shared/schemas/tracking-texts';
import { decodeOrderId, encodeId } from '../../../shared/ids';
import { getDocument } from '../documents';

export const TRACK_NOT_FOUND = TRACK_ANSWERS.notFound;
export const TRACK_SUCCESS = TRACK_ANSWERS.found;
export const ACCESS_REQUIRED = TRACK_ANSWERS.accessRequired;
export const ACCESS_EXPIRED = TRACK_ANSWERS.accessExpired;
export const DOCUMENT_NOT_READY = TRACK_ANSWERS.notReady;
export const DOWNLOAD_READY = TRACK_ANSWERS.downloadReady;
export const TICKET_INVALID = TRACK_ANSWERS.ticketInvalid;

/** How long a download ticket (docs/decisions/0021) can be used, once. */
export const DOWNLOAD_TICKET_SECONDS = 60;

/** Track attempts (right or wrong) allowed per IP address and per order id in 15 minutes. */
export const TRACK_LIMITS = {
  ip: { limit: 30, seconds: 15 * 60 } satisfies Window,
  order: { limit: 10, seconds: 15 * 60 } satisfies Window,
};

// ---------------------------------------------------------------- branding

type SiteRow = typeof landingSites.$inferSelect;

function brandingOf(site: SiteRow, translateWidgetUrl: string | null, publicBaseUrl: string): Branding {
  return {
    // By path when it is on this server: the page loads it from its own host name (lib/page-relative-url.ts).
    site_key: site.siteKey,
    name: site.name,
    logo_url: pageRelativeUrl(site.logoUrl, publicBaseUrl),
    header_style: site.headerStyle === 'reduced' ? 'reduced' : 'full',
    menu_links: site.headerStyle === 'full' ? site.menuLinks : [],
    contact_url: site.contactUrl,
    footer_text: site.footerText,
    support_email: site.supportEmail,
    translate_widget_url: translateWidgetUrl,
  };
}

/**
 * The landing site of the order behind `encodedOrderId`, or the first landing
 * site when there is none (no id, an unknown or deleted order). Unknown and
 * known orders answer alike in shape, and nothing personal is returned.
 */
export async function getBranding(
  db: Db,
  encodedOrderId: string | undefined,
  translateWidgetUrl: string | null,
  publicBaseUrl: string,
): Promise<Branding> {
  const orderId = encodedOrderId ? decodeOrderId(encodedOrderId) : null;
  if (orderId !== null) {
    const site = await reachableOrderSite(db, orderId);
    if (site) return brandingOf(site, translateWidgetUrl, publicBaseUrl);
  }
  const [first] = await db.select().from(landingSites).orderBy(asc(landingSites.id)).limit(1);
  if (!first) throw new NotFoundError('No landing site is configured.');
  return brandingOf(first, translateWidgetUrl, publicBaseUrl);
}

// ---------------------------------------------------------------- tracking

/** A customer's token: it opens one order and can never pass as a staff token (no `user.id`, no `ver`). */
export type OrderTokenPayload = {
  scope: 'order';
  orderId: number;
};

function isOrderToken(value: unknown): value is OrderTokenPayload {
  const v = value as OrderTokenPayload | null;
  return !!v && typeof v === 'object' && v.scope === 'order' && typeof v.orderId === 'number';
}

/**
 * Checks order id + e-mail (trimmed, any case). Every attempt counts against
 * the IP and the order id; an unknown order and a wrong e-mail answer the same.
 * Returns the order id when they match, for the route to sign its token.
 */
export async function trackOrder(db: Db, input: { orderId: number; email: string }, ip: string): Promise<number> {
  await spendAttempt(
    db,
    [
      { key: limitKey('track:ip', ip), window: TRACK_LIMITS.ip },
      { key: `track:order:${input.orderId}`, window: TRACK_LIMITS.order },
    ],
    (wait) => `Too many attempts. Please try again in ${wait}.`,
  );
  const match = await customerOrderId(db, input.orderId, input.email);
  if (match === null) throw new NotFoundError(TRACK_NOT_FOUND);
  return match;
}

/**
 * The order a request's customer token opens, which must be `orderId`.
 * 401 without a token, with a staff token, another order's token or an expired one.
 */
export async function requireOrderAccess(request: FastifyRequest, db: Db, orderId: number): Promise<void> {
  let payload: unknown;
  try {
    payload = await request.jwtVerify();
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UnauthorizedError(code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? ACCESS_EXPIRED : ACCESS_REQUIRED);
  }
  if (!isOrderToken(payload) || payload.orderId !== orderId) throw new UnauthorizedError(ACCESS_REQUIRED);
  if (!(await customerMayReach(db, orderId))) throw new UnauthorizedError(ACCESS_REQUIRED);
}

// ---------------------------------------------------------------- history and download

type DownloadRow = typeof downloadHistory.$inferSelect;
const file1Schema = z.object({ file1: z.string() });
const currentDocumentSchema = z.object({ id: z.number(), file1: z.string() });

function publicEntry(row: DownloadRow): PublicDownloadEntry {
  return {
    id: row.id,
    order_id: row.orderId,
    create_ts: new Date(row.createdAt).toISOString(),
    ip: row.ip,
    browser_summary: [row.browser, row.device, row.deviceType].map((p) => p ?? 'Unknown').join(' - '),
    browser: row.browser,
    device: row.device,
    device_type: row.deviceType,
    os: row.os,
    country: row.country,
    city: row.city,
    location: formatLocation(row),
    timezone: row.timezone,
  };
}

/** The arrival date as YYYY-MM-DD (the arrival-day card's), or null when it is not a date (erased travel details). */
function arrivalDate(row: { year: number | null; month: number | null; day: number | null } | undefined) {
  if (!row?.year || !row.month || !row.day) return null;
  const date = new Date(Date.UTC(row.year, row.month - 1, row.day));
  return date.getUTCDate() === row.day ? date.toISOString().slice(0, 10) : null;
}

export async function getDownloadHistory(deps: { db: Db; storage: Storage }, orderId: number) {
  const [rows, current, arrival] = await Promise.all([
    deps.db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId))
      .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id)),
    // A document erased with the travel details (storage key '') is no longer there to download.
    selectRows(
      deps.db,
      file1Schema,
      sql`select file1 from upload_docs where order_id = ${orderId} and is_current and storage_key <> ''`,
    ),
    deps.db
      .select({
        year: orders.yearOfArrivalInJapan,
        month: orders.monthOfArrivalInJapan,
        day: orders.dateOfArrivalInJapan,
      })
      .from(orders)
      .where(eq(orders.orderId, orderId)),
  ]);
  const file1 = current[0]?.file1 ?? null;
  return {
    entries: rows.map(publicEntry),
    mainResult: {
      order_id: orderId,
      encoded_order_id: encodeId(orderId),
      document_ready: file1 !== null,
      arrival_date: arrivalDate(arrival[0]),
    },
    path: { file1 },
  };
}

export interface DownloadContext {
  ip: string;
  userAgent: string | undefined;
}

/**
 * A download ticket (docs/decisions/0021): what download-passport-doc-pdf answers in `data`, for the follow-up
 * GET that sends the file. Signed, 60 seconds, scoped to one document of one order, used once (`jti`); it opens
 * nothing else (no `user`, scope is not 'order').
 */
export type DownloadTicketPayload = {
  scope: 'download';
  orderId: number;
  docId: number;
  jti: string;
};

function isDownloadTicket(value: unknown): value is DownloadTicketPayload {
  const v = value as DownloadTicketPayload | null;
  return (
    !!v &&
    typeof v === 'object' &&
    v.scope === 'download' &&
    typeof v.orderId === 'number' &&
    typeof v.docId === 'number' &&
    typeof v.jti === 'string'
  );
}

/** The order's current document that can still be downloaded (an erased one has storage key ''), or 404. */
async function currentDocument(db: Db, orderId: number): Promise<{ id: number; file1: string }> {
  const [doc] = await selectRows(
    db,
    currentDocumentSchema,
    sql`
    select id, file1 from upload_docs where order_id = ${orderId} and is_current and storage_key <> ''`,
  );
  if (!doc) throw new NotFoundError(DOCUMENT_NOT_READY);
  return doc;
}

/** The payload of a new ticket for the order's current document (the route signs it). Records nothing. */
export async function downloadTicketFor(
  db: Db,
  orderId: number,
): Promise<{ payload: DownloadTicketPayload; file1: string }> {
  const doc = await currentDocument(db, orderId);
  return { payload: { scope: 'download', orderId, docId: doc.id, jti: randomUUID() }, file1: doc.file1 };
}

/**
 * The verified ticket's payload, or 401: a bad signature, an expired ticket, another kind of token, an order that
 * is no longer reachable. `verify` is the app's JWT verifier.
 */
export async function requireDownloadTicket(
  db: Db,
  verify: (token: string) => unknown,
  ticket: string,
): Promise<DownloadTicketPayload> {
  let payload: unknown;
  try {
    payload = verify(ticket);
  } catch {
    throw new UnauthorizedError(TICKET_INVALID);
  }
  if (!isDownloadTicket(payload)) throw new UnauthorizedError(TICKET_INVALID);
  if (!(await customerMayReach(db, payload.orderId))) throw new UnauthorizedError(TICKET_INVALID);
  return payload;
}

/**
 * The ticket's document; spends the ticket, records the download and its process-log line in one transaction,
 * so a ticket used twice (even at the same moment, from two server processes) sends the file and writes the
 * record once. The ticket's use is counted in rate_limits (PostgreSQL, every process sees it) for twice its life.
 */
export async function downloadDocument(
  deps: { db: Db; storage: Storage; geo: GeoIp },
  ticket: DownloadTicketPayload,
  ctx: DownloadContext,
) {
  const { orderId } = ticket;
  const file = await getDocument(deps, orderId);
  // A document replaced since the ticket was given: the customer asks again and gets the new one.
  if (!file || file.doc.id !== ticket.docId) throw new UnauthorizedError(TICKET_INVALID);
  const agent = parseUserAgent(ctx.userAgent);
  const location = await deps.geo.lookup(ctx.ip);
  const entry = await deps.db.transaction(async (tx: Executor) => {
    const use = await hitLimit(tx, `download-ticket:${ticket.jti}`, { limit: 1, seconds: 2 * DOWNLOAD_TICKET_SECONDS });
    if (use.hits > 1) throw new UnauthorizedError(TICKET_INVALID);
    const [row] = await tx
      .insert(downloadHistory)
      .values({
        orderId,
        uploadDocId: file.doc.id,
        file1: file.doc.file1,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 1000) ?? null,
        ...agent,
        country: location?.country ?? null,
        city: location?.city ?? null,
        timezone: location?.timezone ?? null,
      })
      .returning();
    await logStep(tx, {
      orderId,
      staff: null,
      step: 'customerDownload',
      details: {
        file: file.doc.file1,
        ip: ctx.ip,
        browser: agent.browser,
        os: agent.os,
        location: location ? formatLocation(location) : null,
      },
    });
    return publicEntry(row!);
  });
  return { file, entry };
}
