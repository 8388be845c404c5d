/**
 * The public site in the browser against the real server: a customer tracks an order, downloads the document (the
 * bytes staff uploaded) and sees the download in the history, with no request leaving this server; the public pages
 * load their own code and none of the staff app's; brand logos load under both host names of this machine, in the
 * approved-mail preview and on the public page, with no CSP violation; each language's track and download pages in
 * real Chromium (its date formats, its Accept-Language), chosen by ?lang= or by the browser. What each page shows and sends (messages,
 * branding, the not-found page, the translation widget) is the screen tests' (web/src/features/public).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { downloadHistory, landingSites, processLogs } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { TEST_PASSWORD } from '../../server/test/helper';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-public-'));
/** PUBLIC_BASE_URL is a host name of this machine, on another port than this test's server (as behind a proxy). */
const PUBLIC_BASE_URL = 'http://localhost:3000';
let server: E2EServer;
let browser: Browser;
let staffToken: string;
const sites: Record<string, number> = {};

beforeAll(async () => {
  // Browser requests arrive from 127.0.0.1: trusted as a proxy here, so a test can present a public client address.
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', PUBLIC_BASE_URL });
  browser = await launchBrowser();
  for (const site of await server.database.db.select().from(landingSites)) sites[site.siteKey] = site.id;
  const member = await server.createMember('Team', 'Uma Uploader');
  const res = await fetch(`${server.baseUrl}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
  });
  staffToken = (await res.json()).jwtToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Staff upload the finished document through the real API; returns its bytes. */
async function uploadDocument(orderId: number): Promise<Buffer> {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n% arrival card\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
  const form = new FormData();
  form.set('orderId', String(orderId));
  form.set('email', 'emily.tanaka@mail.example');
  form.set('mailServiceProvider', 'smtp');
  form.set('uploadVisaDoc', new Blob([bytes], { type: 'application/pdf' }), 'card.pdf');
  const res = await fetch(`${server.baseUrl}/api/admin/upload-visa-document`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return bytes;
}

async function orderOn(siteKey: string, email = 'emily.tanaka@mail.example') {
  return insertOrder(server.database.db, { landingSiteId: sites[siteKey]!, email });
}

/** Every request the page makes, to prove it stays on our own host. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('a customer tracks an order and downloads the document', () => {
  it('opens the download page with the e-mail in any case, downloads the exact file and sees it in the history', async () => {
    const orderId = await orderOn('japan-arrival');
    const uploaded = await uploadDocument(orderId);
    const { context, page } = await newPage(browser);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '8.8.8.8' });
    const requests = recordRequests(page);

    await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await page.getByRole('heading', { name: 'Download your Japan Arrival Card' }).waitFor();
    expect(await page.getByLabel('Order ID').inputValue()).toBe(String(orderId));
    await page.getByLabel('Email ID').fill('  Emily.Tanaka@MAIL.example ');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.waitForURL(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Order found. You can now download your Japan Arrival Card.' })
      .waitFor();
    await page.getByText('Your Japan Arrival Card application is completed.').waitFor();
    await page.getByText('No data available in table').waitFor();

    const button = page.getByRole('button', { name: 'Download Now' });
    expect(await button.isEnabled()).toBe(true);
    const downloadEvent = page.waitForEvent('download');
    // product: public-pages.md#download: the call answers {status, message} as JSON; the file comes from the one-time URL in data.
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/front/download-passport-doc-pdf') && r.request().method() === 'POST',
    );
    const fileSent = page.waitForResponse(
      (r) => r.url().includes('/api/front/download-passport-doc-pdf?ticket=') && r.request().method() === 'GET',
    );
    const clickedAt = Date.now();
    await button.click();
    const answer = await answered;
    expect(answer.headers()['content-type']).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({
      status: 1,
      message: 'Your document is ready. The download starts now.',
    });
    expect((await fileSent).status()).toBe(200);
    // The download starts about a second later, then the history shows it.
    const row = page.locator('.download-history tbody tr').first();
    await row.getByText('Chrome').waitFor();
    const download = await downloadEvent;
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
    expect(download.suggestedFilename()).toBe(`${orderId}_file1.pdf`);
    const saved = readFileSync((await download.path())!);
    expect(saved.equals(uploaded)).toBe(true);

    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe('1');
    expect(cells[1]).toBe(String(orderId));
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    expect(cells.slice(3)).toEqual([
      '8.8.8.8',
      'Computer',
      'Desktop',
      expect.stringMatching(/^Chrome \d+$/),
      'Linux',
      'United States',
    ]);
    await screenshot(page, 'public-download-japan-arrival-desktop');

    const [recorded] = await server.database.db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId));
    expect(recorded).toMatchObject({ ip: '8.8.8.8', os: 'Linux', deviceType: 'Desktop', country: 'United States' });
    const logs = await server.database.db
      .select()
      .from(processLogs)
      .where(and(eq(processLogs.orderId, orderId), eq(processLogs.stepName, 'Downloaded by customer')));
    expect(logs).toHaveLength(1);

    // A reload keeps access (the token lives in this tab's sessionStorage).
    await page.reload();
    await page.locator('.download-history tbody tr td', { hasText: '8.8.8.8' }).waitFor();

    // Nothing left this machine: every request went to our own server.
    expect(
      requests.filter((u) => !u.startsWith(server.baseUrl) && !u.startsWith('blob:') && !u.startsWith('data:')),
    ).toEqual([]);
    await context.close();
  });

  it('public pages load their own chunks and no admin code', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
    const names = scripts.map((u) => u.split('/').pop()!);
    expect(names.some((n) => n.startsWith('PublicApp-'))).toBe(true);
    expect(
      names.filter((n) =>
        /^(start-staff-app|AdminLayout|QueuePage|OrderDetailRoute|OrderDetailPage|ManageTeamPage|LoginPage)-/.test(n),
      ),
    ).toEqual([]);
    const code = (await Promise.all(scripts.map((u) => fetch(u).then((r) => r.text())))).join('\n');
    expect(code).not.toContain('Manage Team');
    await context.close();
  });
});

/** Each language's track heading, download-page history heading and the start of a history time (see below). */
const LANGUAGES = [
  {
    lang: 'en',
    by: 'browser',
    heading: 'Download your Japan Arrival Card',
    history: 'Downloaded History',
    time: '11/20/2026',
  },
  { lang: 'ko', by: 'browser', heading: '일본 입국신고서 다운로드', history: '다운로드 기록', time: '26. 11. 20.' },
  { lang: 'zh-Hans', by: 'address', heading: '下载您的日本入境卡', history: '下载记录', time: '2026/11/20' },
  { lang: 'zh-Hant', by: 'browser', heading: '下載您的日本入境卡', history: '下載紀錄', time: '2026/11/20' },
  { lang: 'th', by: 'address', heading: 'ดาวน์โหลดบัตรขาเข้าญี่ปุ่นของคุณ', history: 'ประวัติการดาวน์โหลด', time: '20/11/69' },
] as const;
/** What a browser that reads each language first sends (Accept-Language, navigator.languages). */
const BROWSER_LOCALE = { en: 'en-US', ko: 'ko-KR', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', th: 'th-TH' } as const;

describe("the public pages in the traveller's language", () => {
  it('track and download in each language, chosen by ?lang= or by the browser, kept from page to page', async () => {
    for (const language of LANGUAGES) {
      const orderId = await orderOn('japan-arrival');
      // 10:04:05 in the morning, Eastern time (the history's zone).
      await server.database.db
        .insert(downloadHistory)
        .values({ orderId, file1: 'card.pdf', ip: '8.8.8.8', createdAt: new Date('2026-11-20T15:04:05Z') });
      // Chosen by the address in a browser that reads another language first, or by the browser alone.
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        locale: language.by === 'browser' ? BROWSER_LOCALE[language.lang] : 'en-US',
      });
      const page = await context.newPage();
      const query = language.by === 'address' ? `?lang=${language.lang}` : '';
      await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}${query}`);
      await page.getByRole('heading', { name: language.heading }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
      expect(await page.title()).toContain(language.heading);

      await page.locator('input[type="email"], input[name="email"]').fill('emily.tanaka@mail.example');
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
      await page.getByRole('heading', { name: language.history }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
      const time = await page.locator('.download-history tbody tr td').nth(2).textContent();
      expect(time?.startsWith(language.time), `${language.lang}: ${time}`).toBe(true);
      // Longer words than English's widen the history, which scrolls in its own box: the page never sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `public-download-${language.lang}`);
      // A new load of the page, with no ?lang= in its address, keeps the language.
      await page.reload();
      await page.getByRole('heading', { name: language.history }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
      await context.close();
    }
  });
});

/** CSP reports the page and its frames print to the console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('brand logos under both host names', () => {
  const hosts = () => [server.baseUrl, server.baseUrl.replace('127.0.0.1', 'localhost')];

  it('load in the approved-mail preview and on the public page, with no CSP violation', async () => {
    const member = await server.createMember('Team', 'Lena Logo');
    const [site] = await server.database.db
      .select()
      .from(landingSites)
      .where(eq(landingSites.siteKey, 'japan-arrival'));
    // A logo kept as an absolute URL on PUBLIC_BASE_URL, as an operator may enter it.
    await server.database.db
      .update(landingSites)
      .set({ logoUrl: `${PUBLIC_BASE_URL}/brand/japan-arrival.svg` })
      .where(eq(landingSites.id, site!.id));
    const orderId = await insertOrder(server.database.db, { landingSiteId: site!.id });
    try {
      for (const host of hosts()) {
        const { context, page } = await newPage(browser);
        const violations = cspViolations(page);
        await signInThroughApi(page, host, member.email, { path: `/admin/view-order/${encodeId(orderId)}` });
        await page.getByRole('button', { name: 'View Email Content' }).click();
        const dialog = page.getByRole('dialog');
        // No document yet: the notice and the body agree.
        await dialog
          .getByText('No document is uploaded yet: this e-mail is sent when the document is uploaded')
          .waitFor();
        const mail = page.frameLocator('iframe[title="Email preview"]');
        await mail
          .getByText('No document is uploaded yet. This e-mail is sent when the document is uploaded')
          .waitFor();
        expect(await mail.getByText('attached to this e-mail:').count()).toBe(0);
        const logo = mail.locator('img').first();
        expect(await logo.getAttribute('src')).toBe('/brand/japan-arrival.svg');
        await expect.poll(() => loaded(logo), { message: `mail preview logo on ${host}` }).toBe(true);

        await page.goto(`${host}/track-order/${encodeId(orderId)}`);
        const publicLogo = page.locator('img.public-logo').first();
        await publicLogo.waitFor();
        await expect.poll(() => loaded(publicLogo), { message: `public logo on ${host}` }).toBe(true);
        expect(violations, host).toEqual([]);
        await context.close();
      }
    } finally {
      await server.database.db
        .update(landingSites)
        .set({ logoUrl: site!.logoUrl })
        .where(eq(landingSites.id, site!.id));
    }
  });
});
