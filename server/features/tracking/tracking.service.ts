/**
 * The customer's side (spec sections 2 and 7 "Public", DECISIONS section 5):
 * track an order with its id and e-mail, which grants a short-lived token for
 * that one order; the download history and the document need that token.
 * Branding comes from the order's landing site.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { selectRows, type Db, type Executor } from '../../db/client';
import { downloadHistory, landingSites, orders } from '../../db/schema';
import { TooManyRequestsError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { hitLimit, type Window } from '../../lib/rate-limit';
import { logStep } from '../../lib/process-log';
import { formatLocation, type GeoIp } from '../../lib/geoip';
import { parseUserAgent } from '../../lib/user-agent';
import type { Storage } from '../../lib/storage';
import type { Branding, PublicDownloadEntry } from '../../../shared/schemas/tracking';
import { decodeOrderId, encodeId } from '../../../shared/ids';
import { getDocument } from '../documents/documents.service';

export const STEP_CUSTOMER_DOWNLOAD = 'Downloaded by customer';

export const TRACK_NOT_FOUND = 'We could not find an order with this Order ID and Email ID. Please check both and try again.';
export const TRACK_SUCCESS = 'Order found. You can now download your Japan Arrival Card.';
export const ACCESS_REQUIRED = 'Please enter your Order ID and Email ID to see this order.';
export const ACCESS_EXPIRED = 'Your access to this order has expired. Please enter your Order ID and Email ID again.';
export const DOCUMENT_NOT_READY = 'Your document is not ready yet. We will e-mail you as soon as it is.';

/** Track attempts (right or wrong) allowed per IP address and per order id in 15 minutes. */
export const TRACK_LIMITS = {
  ip: { limit: 30, seconds: 15 * 60 } satisfies Window,
  order: { limit: 10, seconds: 15 * 60 } satisfies Window,
};

/** Orders a customer can no longer reach: deleted (soft or permanently). */
const reachable = sql`process_status <> 'Deleted' and purged_at is null`;

// ---------------------------------------------------------------- branding

type SiteRow = typeof landingSites.$inferSelect;

function brandingOf(site: SiteRow, translateWidgetUrl: string | null): Branding {
  return {
    site_key: site.siteKey, name: site.name, logo_url: site.logoUrl,
    header_style: site.headerStyle === 'reduced' ? 'reduced' : 'full',
    menu_links: site.headerStyle === 'full' ? site.menuLinks : [],
    contact_url: site.contactUrl, footer_text: site.footerText, support_email: site.supportEmail,
    translate_widget_url: translateWidgetUrl,
  };
}

/**
 * The landing site of the order behind `encodedOrderId`, or the first landing
 * site when there is none (no id, an unknown or deleted order). Unknown and
 * known orders answer alike in shape, and nothing personal is returned.
 */
export async function getBranding(db: Db, encodedOrderId: string | undefined, translateWidgetUrl: string | null): Promise<Branding> {
  const orderId = encodedOrderId ? decodeOrderId(encodedOrderId) : null;
  if (orderId !== null) {
    const [row] = await db.select({ site: landingSites }).from(landingSites)
      .innerJoin(orders, eq(orders.landingSiteId, landingSites.id))
      .where(and(eq(orders.orderId, orderId), reachable));
    if (row) return brandingOf(row.site, translateWidgetUrl);
  }
  const [first] = await db.select().from(landingSites).orderBy(asc(landingSites.id)).limit(1);
  if (!first) throw new NotFoundError('No landing site is configured.');
  return brandingOf(first, translateWidgetUrl);
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

async function countAttempt(db: Db, key: string, window: Window) {
  const hits = await hitLimit(db, key, window);
  if (hits > window.limit) {
    const [row] = await selectRows<{ age: number }>(db, sql`
      select extract(epoch from now() - window_start)::float8 as age from rate_limits where key = ${key}`);
    const retryAfter = Math.max(1, Math.ceil(window.seconds - (row?.age ?? 0)));
    const minutes = Math.ceil(retryAfter / 60);
    throw new TooManyRequestsError(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter);
  }
}

/**
 * Checks order id + e-mail (trimmed, any case). Every attempt counts against
 * the IP and the order id; an unknown order and a wrong e-mail answer the same.
 * Returns the order id when they match, for the route to sign its token.
 */
export async function trackOrder(db: Db, input: { orderId: number; email: string }, ip: string): Promise<number> {
  await countAttempt(db, `track:ip:${ip}`, TRACK_LIMITS.ip);
  await countAttempt(db, `track:order:${input.orderId}`, TRACK_LIMITS.order);
  const [match] = await selectRows<{ orderId: number }>(db, sql`
    select order_id as "orderId" from orders
    where order_id = ${input.orderId} and lower(trim(email)) = ${input.email.trim().toLowerCase()} and ${reachable}`);
  if (!match) throw new NotFoundError(TRACK_NOT_FOUND);
  return Number(match.orderId);
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
  const [order] = await selectRows<{ ok: number }>(db, sql`select 1 as ok from orders where order_id = ${orderId} and ${reachable}`);
  if (!order) throw new UnauthorizedError(ACCESS_REQUIRED);
}

// ---------------------------------------------------------------- history and download

type DownloadRow = typeof downloadHistory.$inferSelect;

function publicEntry(row: DownloadRow): PublicDownloadEntry {
  return {
    id: row.id, order_id: row.orderId, create_ts: new Date(row.createdAt).toISOString(), ip: row.ip,
    browser_summary: [row.browser, row.device, row.deviceType].map((p) => p ?? 'Unknown').join(' - '),
    browser: row.browser, device: row.device, device_type: row.deviceType, os: row.os,
    country: row.country, city: row.city, location: formatLocation(row), timezone: row.timezone,
  };
}

export async function getDownloadHistory(deps: { db: Db; storage: Storage }, orderId: number) {
  const [rows, current] = await Promise.all([
    deps.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, orderId))
      .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id)),
    selectRows<{ file1: string }>(deps.db, sql`select file1 from upload_docs where order_id = ${orderId} and is_current`),
  ]);
  const file1 = current[0]?.file1 ?? null;
  return {
    entries: rows.map(publicEntry),
    mainResult: { order_id: orderId, encoded_order_id: encodeId(orderId), document_ready: file1 !== null },
    path: { file1 },
  };
}

export interface DownloadContext {
  ip: string;
  userAgent: string | undefined;
}

/** The order's current document; records the download and its process-log line in one transaction. */
export async function downloadDocument(deps: { db: Db; storage: Storage; geo: GeoIp }, orderId: number, ctx: DownloadContext) {
  const file = await getDocument(deps, orderId);
  if (!file) throw new NotFoundError(DOCUMENT_NOT_READY);
  const agent = parseUserAgent(ctx.userAgent);
  const location = await deps.geo.lookup(ctx.ip);
  const entry = await deps.db.transaction(async (tx: Executor) => {
    const [row] = await tx.insert(downloadHistory).values({
      orderId, uploadDocId: file.doc.id, file1: file.doc.file1, ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 1000) ?? null, ...agent,
      country: location?.country ?? null, city: location?.city ?? null, timezone: location?.timezone ?? null,
    }).returning();
    await logStep(tx, {
      orderId, stepName: STEP_CUSTOMER_DOWNLOAD, staff: null,
      detail: `${file.doc.file1} from ${ctx.ip} (${[agent.browser, agent.os].filter(Boolean).join(', ') || 'unknown browser'}${location ? `, ${formatLocation(location)}` : ''})`,
    });
    return publicEntry(row!);
  });
  return { file, entry };
}
