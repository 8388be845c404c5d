/**
 * The public tracking calls (issue 5, product: public-pages.md#customer-token): track with order id
 * and e-mail, the order-scoped token, download history and the document
 * download with what it records, rate limits, branding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { downloadHistory, landingSites, processLogs } from '../../db/schema';
import { selectRows } from '../../db/client';
import { encodeId } from '../../../shared/ids';
import {
  ACCESS_EXPIRED,
  ACCESS_REQUIRED,
  DOCUMENT_NOT_READY,
  DOWNLOAD_READY,
  DOWNLOAD_TICKET_SECONDS,
  TICKET_INVALID,
  TRACK_LIMITS,
  TRACK_NOT_FOUND,
} from './tracking.service';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tracking-test-'));
let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
let ipCounter = 0;
/** A fresh client address per test, so one test's attempts never count against another's. */
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  // The inject() peer is 127.0.0.1: trusted as a proxy, so its X-Forwarded-For is honoured; other peers' are not.
  t = await buildTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
  team = await t.loginAs('Team', { name: 'Uma Uploader' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const track = (body: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/front/track-order', payload: body as object, remoteAddress: ip });

async function tokenFor(orderId: number, email = 'emily.tanaka@mail.example'): Promise<string> {
  const res = await track({ orderId: String(orderId), email });
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken;
}

const history = (orderId: number | string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/front/get-download-history',
    payload: { orderId },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The download call (product: public-pages.md#download): {status, message} and, in data, the one-time download URL. */
const askDownload = (
  orderId: number,
  token: string | undefined,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/front/download-passport-doc-pdf',
    remoteAddress,
    payload: { orderId, customername: 'customer', file1: `${orderId}_file1.pdf` },
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** The follow-up GET, as a browser opening the link does: no Authorization header. */
const fetchFile = (downloadUrl: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: downloadUrl, headers, remoteAddress });

/** Both steps: the file's response. */
async function download(
  orderId: number,
  token: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  const asked = await askDownload(orderId, token, headers, remoteAddress);
  expect(asked.statusCode, asked.body).toBe(200);
  return fetchFile(asked.json().data.downloadUrl, headers, remoteAddress);
}

const historyRows = (orderId: number) =>
  t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, orderId));

async function uploadPdf(orderId: number, data = pdfBytes(4000)) {
  const body = multipart({ orderId, email: 'emily.tanaka@mail.example', mailServiceProvider: 'smtp' }, [
    { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: body.payload,
    headers: { ...team.headers, ...body.headers },
  });
  expect(res.statusCode).toBe(200);
  return data;
}

describe('POST /api/front/track-order', () => {
  it('accepts the right e-mail in any case and with spaces, and answers a token for that order', async () => {
    const orderId = await insertOrder(t.database.db, { email: 'Emily.Tanaka@Mail.example' });
    const res = await track({ orderId: String(orderId), email: '  emily.TANAKA@mail.EXAMPLE ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Order found. You can now download your Japan Arrival Card.',
      data: { orderId, encodedOrderId: encodeId(orderId) },
    });
    const payload = t.app.jwt.decode<Record<string, unknown>>(body.data.accessToken)!;
    expect(payload).toMatchObject({ scope: 'order', orderId });
    expect(payload.user).toBeUndefined();
    // Short-lived: 30 minutes by default.
    expect((payload.exp as number) - (payload.iat as number)).toBe(30 * 60);
    expect(Date.parse(body.data.expiresAt) - Date.now()).toBeGreaterThan(29 * 60 * 1000);
  });

  it('answers a wrong e-mail, an unknown order and a deleted order exactly alike', async () => {
    const orderId = await insertOrder(t.database.db);
    const deleted = await insertOrder(t.database.db, { processStatus: 'Deleted' });
    const wrongEmail = await track({ orderId, email: 'someone.else@mail.example' });
    const unknown = await track({ orderId: 999999999, email: 'emily.tanaka@mail.example' });
    const gone = await track({ orderId: deleted, email: 'emily.tanaka@mail.example' });
    for (const res of [wrongEmail, unknown, gone]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: TRACK_NOT_FOUND });
    }
  });

  it('shows the spec validation messages', async () => {
    const empty = await track({ orderId: '', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ orderId: 'Please enter your orderId', email: 'Please enter your email' });
    const missing = await track({});
    expect(missing.json().errors).toEqual({ orderId: 'Please enter your orderId', email: 'Please enter your email' });
  });

  it('limits attempts per order id (429 with Retry-After), whoever sends them, and keeps the counter in the database', async () => {
    const orderId = await insertOrder(t.database.db);
    for (let i = 0; i < TRACK_LIMITS.order.limit; i += 1) {
      expect((await track({ orderId, email: `wrong${i}@mail.example` })).statusCode).toBe(404);
    }
    // Now even the right e-mail from a new address is refused until the window ends.
    const blocked = await track({ orderId, email: 'emily.tanaka@mail.example' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 0, message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const [row] = await selectRows<{ hits: number }>(
      t.database.db,
      sql`select hits from rate_limits where key = ${`track:order:${orderId}`}`,
    );
    expect(row!.hits).toBe(TRACK_LIMITS.order.limit + 1);
  });

  it('limits attempts per IP address across order ids', async () => {
    const ip = nextIp();
    for (let i = 0; i < TRACK_LIMITS.ip.limit; i += 1) {
      expect((await track({ orderId: 500000 + i, email: 'guess@mail.example' }, ip)).statusCode).toBe(404);
    }
    const orderId = await insertOrder(t.database.db);
    const blocked = await track({ orderId, email: 'emily.tanaka@mail.example' }, ip);
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await track({ orderId, email: 'emily.tanaka@mail.example' })).statusCode).toBe(200);
  });
});

describe('the order token', () => {
  it("is required by get-download-history: none, a staff token or another order's token answer 401", async () => {
    const mine = await insertOrder(t.database.db, {
      yearOfArrivalInJapan: 2026,
      monthOfArrivalInJapan: 5,
      dateOfArrivalInJapan: 20,
    });
    const other = await insertOrder(t.database.db);
    const otherToken = await tokenFor(other);
    for (const res of [
      await history(mine),
      await history(mine, otherToken),
      await history(mine, team.headers.authorization.slice(7)),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: ACCESS_REQUIRED });
    }
    const ok = await history(mine, await tokenFor(mine));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 1,
      message: 'Success',
      data: [],
      mainResult: {
        order_id: mine,
        encoded_order_id: encodeId(mine),
        document_ready: false,
        arrival_date: '2026-05-20',
      },
      path: { file1: null },
    });
  });

  it('is required by download-passport-doc-pdf, and nothing is recorded without it', async () => {
    const mine = await insertOrder(t.database.db);
    await uploadPdf(mine);
    const otherToken = await tokenFor(await insertOrder(t.database.db));
    for (const res of [
      await askDownload(mine, undefined),
      await askDownload(mine, otherToken),
      await askDownload(mine, team.headers.authorization.slice(7)),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ACCESS_REQUIRED);
    }
    expect(await t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, mine))).toEqual([]);
  });

  it('cannot be used as a staff token', async () => {
    const token = await tokenFor(await insertOrder(t.database.db));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user_info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/get-folder-count',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(401);
  });

  it('stops working once the order is deleted', async () => {
    const orderId = await insertOrder(t.database.db);
    const token = await tokenFor(orderId);
    await t.database.db.execute(sql`update orders set process_status = 'Deleted' where order_id = ${orderId}`);
    expect((await history(orderId, token)).statusCode).toBe(401);
  });

  it('expires after CUSTOMER_TOKEN_TTL', async () => {
    // Expiry is in whole seconds from the second the token was issued in: a 2 s token lives 1 to 2 s, so the
    // first use below is in time even on a loaded machine (a 1 s token could expire at once, and did in CI).
    const short = await buildTestApp({ DATA_DIR: dataDir, CUSTOMER_TOKEN_TTL: '2s' });
    try {
      const orderId = await insertOrder(short.database.db);
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/front/track-order',
        payload: { orderId, email: 'emily.tanaka@mail.example' },
      });
      const token = res.json().data.accessToken as string;
      const fresh = await short.app.inject({
        method: 'POST',
        url: '/api/front/get-download-history',
        payload: { orderId },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(fresh.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      for (const url of ['/api/front/get-download-history', '/api/front/download-passport-doc-pdf']) {
        const expired = await short.app.inject({
          method: 'POST',
          url,
          payload: { orderId },
          headers: { authorization: `Bearer ${token}` },
        });
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toEqual({ status: 401, message: ACCESS_EXPIRED });
      }
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/front/download-passport-doc-pdf', () => {
  it('answers 404 while no document exists', async () => {
    const orderId = await insertOrder(t.database.db);
    const res = await askDownload(orderId, await tokenFor(orderId));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DOCUMENT_NOT_READY);
  });

  it('answers {status, message} as JSON (product: public-pages.md#download) with a one-time URL in data, and records nothing yet', async () => {
    const orderId = await insertOrder(t.database.db);
    await uploadPdf(orderId);
    const res = await askDownload(orderId, await tokenFor(orderId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: DOWNLOAD_READY, data: { file1: `${orderId}_file1.pdf` } });
    expect(body.data.downloadUrl).toMatch(/^\/api\/front\/download-passport-doc-pdf\?ticket=[\w.-]+$/);
    const ticket = new URL(body.data.downloadUrl, 'http://x').searchParams.get('ticket')!;
    const payload = t.app.jwt.decode<Record<string, unknown>>(ticket)!;
    // Scoped to this order's document, 60 seconds, nothing personal, not the access token.
    expect(Object.keys(payload).sort()).toEqual(['docId', 'exp', 'iat', 'jti', 'orderId', 'scope']);
    expect(payload).toMatchObject({ scope: 'download', orderId });
    expect((payload.exp as number) - (payload.iat as number)).toBe(DOWNLOAD_TICKET_SECONDS);
    expect(Date.parse(body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await historyRows(orderId)).toEqual([]);
  });

  it("sends the bytes once per ticket: a second use, a forged or another order's ticket, and a ticket as a bearer are refused", async () => {
    const orderId = await insertOrder(t.database.db);
    const uploaded = await uploadPdf(orderId, pdfBytes(5000));
    const token = await tokenFor(orderId);
    const { downloadUrl } = (await askDownload(orderId, token)).json().data;

    const [first, second] = await Promise.all([fetchFile(downloadUrl), fetchFile(downloadUrl)]);
    const sent = [first, second].filter((r) => r.statusCode === 200);
    const refused = [first, second].filter((r) => r.statusCode !== 200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rawPayload.equals(uploaded)).toBe(true);
    expect(refused[0]!.statusCode).toBe(401);
    expect(refused[0]!.json()).toEqual({ status: 401, message: TICKET_INVALID });
    expect((await fetchFile(downloadUrl)).statusCode).toBe(401);
    expect(await historyRows(orderId)).toHaveLength(1);
    const lines = await t.database.db
      .select()
      .from(processLogs)
      .where(and(eq(processLogs.orderId, orderId), eq(processLogs.stepName, 'Downloaded by customer')));
    expect(lines).toHaveLength(1);

    // A fresh ticket works again, and records a second download.
    const again = await download(orderId, token);
    expect(again.statusCode).toBe(200);
    expect(await historyRows(orderId)).toHaveLength(2);

    // Tickets for another order, signed elsewhere, of another kind, or the order token itself: refused, nothing recorded.
    const other = await insertOrder(t.database.db);
    await uploadPdf(other);
    const ticketOf = (url: string) => new URL(url, 'http://x').searchParams.get('ticket')!;
    const otherTicket = ticketOf((await askDownload(other, await tokenFor(other))).json().data.downloadUrl);
    const { exp: _exp, iat: _iat, ...otherPayload } = t.app.jwt.decode<Record<string, unknown>>(otherTicket)!;
    const forged = [
      t.app.jwt.sign({ ...otherPayload, orderId }, { expiresIn: 60 }), // another order's document under this order's id
      token,
      team.headers.authorization.slice(7),
      `${ticketOf(downloadUrl).slice(0, -4)}AAAA`,
    ];
    for (const ticket of forged) {
      const res = await fetchFile(`/api/front/download-passport-doc-pdf?ticket=${encodeURIComponent(ticket)}`);
      expect(res.statusCode, ticket).toBe(401);
    }
    expect(await historyRows(orderId)).toHaveLength(2);
    expect(await historyRows(other)).toHaveLength(0);
    // The ticket opens nothing else.
    const asBearer = await history(other, otherTicket);
    expect(asBearer.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/user_info', headers: { authorization: `Bearer ${otherTicket}` } })).statusCode,
    ).toBe(401);
    // No HEAD that could spend it.
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/front/download-passport-doc-pdf?ticket=${otherTicket}` }))
        .statusCode,
    ).toBe(404);
    expect((await fetchFile(`/api/front/download-passport-doc-pdf?ticket=${otherTicket}`)).statusCode).toBe(200);
  });

  it('refuses an expired ticket, and a ticket whose document was replaced since', async () => {
    const orderId = await insertOrder(t.database.db);
    await uploadPdf(orderId);
    const token = await tokenFor(orderId);
    const { downloadUrl } = (await askDownload(orderId, token)).json().data;
    const {
      exp: _exp,
      iat: _iat,
      ...payload
    } = t.app.jwt.decode<Record<string, unknown>>(new URL(downloadUrl, 'http://x').searchParams.get('ticket')!)!;
    // The same ticket with a 1-second life (the real one has 60: checked above), used after 2 seconds.
    const expired = t.app.jwt.sign(payload, { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await fetchFile(`/api/front/download-passport-doc-pdf?ticket=${encodeURIComponent(expired)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TICKET_INVALID);

    await uploadPdf(orderId, pdfBytes(7000));
    expect((await fetchFile(downloadUrl)).statusCode).toBe(401);
    expect(await historyRows(orderId)).toEqual([]);
  });

  it("sends the current document's bytes and records the download: proxy-forwarded IP, parsed browser, location, process log", async () => {
    const orderId = await insertOrder(t.database.db);
    await uploadPdf(orderId, pdfBytes(3000));
    const current = await uploadPdf(orderId, pdfBytes(6000)); // a re-upload replaces the current document
    const token = await tokenFor(orderId);

    const res = await download(orderId, token, { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '8.8.8.8' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-download-id'])).toBeGreaterThan(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${orderId}_file1.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(current)).toBe(true);

    const [row] = await t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, orderId));
    expect(row).toMatchObject({
      file1: `${orderId}_file1.pdf`,
      ip: '8.8.8.8',
      userAgent: CHROME_LINUX,
      browser: 'Chrome 140',
      device: 'Computer',
      deviceType: 'Desktop',
      os: 'Linux',
      country: 'United States',
      city: null,
    });
    const logs = await t.database.db
      .select()
      .from(processLogs)
      .where(eq(processLogs.orderId, orderId))
      .orderBy(asc(processLogs.id));
    const line = logs.at(-1)!;
    expect([line.stepName, line.staffName]).toEqual(['Downloaded by customer', null]);
    expect(line.detail).toBe(`${orderId}_file1.pdf from 8.8.8.8 (Chrome 140, Linux, United States)`);

    const after = (await history(orderId, token)).json();
    expect(after.path).toEqual({ file1: `${orderId}_file1.pdf` });
    expect(after.mainResult.document_ready).toBe(true);
    expect(after.data).toEqual([
      expect.objectContaining({
        order_id: orderId,
        ip: '8.8.8.8',
        browser: 'Chrome 140',
        device: 'Computer',
        device_type: 'Desktop',
        os: 'Linux',
        browser_summary: 'Chrome 140 - Computer - Desktop',
        location: 'United States',
        country: 'United States',
      }),
    ]);
  });

  it("records a phone with its own model, and a Japanese address's country", async () => {
    const orderId = await insertOrder(t.database.db);
    await uploadPdf(orderId);
    const res = await download(orderId, await tokenFor(orderId), {
      'user-agent': SAFARI_IPHONE,
      'x-forwarded-for': '133.11.0.1',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, orderId));
    expect(row).toMatchObject({
      ip: '133.11.0.1',
      browser: 'Safari 17',
      device: 'Apple iPhone',
      deviceType: 'Mobile',
      os: 'iOS 17.5',
      country: 'Japan',
    });
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and gives private addresses no location', async () => {
    const orderId = await insertOrder(t.database.db);
    await uploadPdf(orderId);
    const token = await tokenFor(orderId);
    expect(
      (await download(orderId, token, { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '8.8.8.8' }, '192.168.7.20'))
        .statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, orderId));
    expect(row).toMatchObject({ ip: '192.168.7.20', country: null, city: null });
  });
});

describe('GET /api/front/branding', () => {
  it("answers the order's landing site, and the default site for no, unknown or deleted orders, with nothing personal", async () => {
    const [reduced] = await t.database.db
      .select()
      .from(landingSites)
      .where(eq(landingSites.siteKey, 'visit-japan-card'));
    const orderId = await insertOrder(t.database.db, { landingSiteId: reduced!.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/front/branding?order=${encodeId(orderId)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      site_key: 'visit-japan-card',
      name: 'Visit Japan Card',
      logo_url: '/brand/visit-japan-card.svg',
      header_style: 'reduced',
      menu_links: [],
      contact_url: 'https://visit-japan-card.example/contact',
      footer_text: 'Visit Japan Card helps travellers prepare their arrival documents. Not a government website.',
      support_email: 'help@visit-japan-card.example',
      translate_widget_url: null,
    });

    const deleted = await insertOrder(t.database.db, { landingSiteId: reduced!.id, processStatus: 'Deleted' });
    for (const url of [
      '/api/front/branding',
      `/api/front/branding?order=${encodeId(999999999)}`,
      '/api/front/branding?order=%25%25',
      `/api/front/branding?order=${encodeId(deleted)}`,
    ]) {
      const other = (await t.app.inject({ method: 'GET', url })).json().data;
      expect(other.site_key, url).toBe('japan-arrival');
      expect(other.header_style).toBe('full');
      expect(other.menu_links.map((l: { label: string }) => l.label)).toEqual([
        'Home',
        'Apply Now',
        'Additional Benefits',
        'Terms',
        'Privacy',
        'Refund',
        'Contact',
      ]);
    }
  });

  it('answers a logo stored as an absolute URL on PUBLIC_BASE_URL by its path, so the page loads it from its own host name', async () => {
    const [site] = await t.database.db.select().from(landingSites).where(eq(landingSites.siteKey, 'nippon-entry'));
    const orderId = await insertOrder(t.database.db, { landingSiteId: site!.id });
    const logoOf = async () =>
      (await t.app.inject({ url: `/api/front/branding?order=${encodeId(orderId)}` })).json().data.logo_url;
    try {
      await t.database.db
        .update(landingSites)
        .set({ logoUrl: `${t.app.config.PUBLIC_BASE_URL}/brand/nippon-entry.svg` })
        .where(eq(landingSites.id, site!.id));
      expect(await logoOf()).toBe('/brand/nippon-entry.svg');
      // Another host's image stays as it is.
      await t.database.db
        .update(landingSites)
        .set({ logoUrl: 'https://cdn.example/nippon.svg' })
        .where(eq(landingSites.id, site!.id));
      expect(await logoOf()).toBe('https://cdn.example/nippon.svg');
    } finally {
      await t.database.db.update(landingSites).set({ logoUrl: site!.logoUrl }).where(eq(landingSites.id, site!.id));
    }
  });

  it('loads the translation widget only when configured, and only then allows its origin in the CSP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/front/branding' });
    expect(plain.headers['content-security-policy']).toContain("script-src 'self';");
    expect(plain.headers['content-security-policy']).not.toContain('translate');

    const withWidget = await buildTestApp({
      DATA_DIR: dataDir,
      TRANSLATE_WIDGET_URL: 'https://translate.widget.example/element.js?cb=init',
      TRANSLATE_WIDGET_ORIGINS: 'https://static.widget.example',
    });
    try {
      const res = await withWidget.app.inject({ method: 'GET', url: '/api/front/branding' });
      expect(res.json().data.translate_widget_url).toBe('https://translate.widget.example/element.js?cb=init');
      expect(res.headers['content-security-policy']).toContain(
        "script-src 'self' https://translate.widget.example https://static.widget.example;",
      );
    } finally {
      await withWidget.close();
    }
  });
});
