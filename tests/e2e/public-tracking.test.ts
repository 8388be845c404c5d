/**
 * The public tracking site in the browser (issue 5): a customer tracks an
 * order, downloads the document (bytes equal to what staff uploaded) and sees
 * the download in the history; every landing site's branding at desktop and
 * 390 px; the page without a token; the catch-all; the translation widget only
 * when configured; public pages load no admin code and reach no other host.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { downloadHistory, landingSites, processLogs } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { TEST_PASSWORD } from '../../server/test/helper';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-public-'));
let server: E2EServer;
let browser: Browser;
let staffToken: string;
let staffEmail: string;
const sites: Record<string, number> = {};

beforeAll(async () => {
  // Browser requests arrive from 127.0.0.1: trusted as a proxy here, so a test can present a public client address.
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
  browser = await launchBrowser();
  for (const site of await server.database.db.select().from(landingSites)) sites[site.siteKey] = site.id;
  const member = await server.createMember('Team', 'Uma Uploader');
  staffEmail = member.email;
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

async function trackAs(page: Page, orderId: number, email: string) {
  await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
  await page.getByRole('heading', { name: 'Download your Japan Arrival Card' }).waitFor();
  expect(await page.getByLabel('Order ID').inputValue()).toBe(String(orderId));
  await page.getByLabel('Email ID').fill(email);
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
}

describe('a customer tracks an order and downloads the document', () => {
  it('validates, refuses a wrong e-mail, then opens the download page, downloads the exact file and sees it in the history', async () => {
    const orderId = await orderOn('japan-arrival');
    const uploaded = await uploadDocument(orderId);
    const { context, page } = await newPage(browser);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '8.8.8.8' });
    const requests = recordRequests(page);

    await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await page.getByLabel('Order ID').fill('');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.getByText('Please enter your orderId').waitFor();
    await page.getByText('Please enter your email').waitFor();
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      'mailto:support@japan-arrival.example',
    );

    await trackAs(page, orderId, 'someone.else@mail.example');
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not find an order with this Order ID and Email ID.' })
      .waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/track-order/${encodeId(orderId)}`);

    await page.getByLabel('Email ID').fill('  Emily.Tanaka@MAIL.example ');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.waitForURL(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Order found. You can now download your Japan Arrival Card.' })
      .waitFor();
    await page.getByText('Your Japan Arrival Card application is completed.').waitFor();
    const headers = await page.locator('.download-history th').allTextContents();
    expect(headers).toEqual([
      '#',
      'Order ID',
      'Date & Time (EST)',
      'Device IP Address',
      'Device',
      'Device Type',
      'Browser',
      'OS',
      'Device Location',
    ]);
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

  it('keeps Download Now disabled while the document is not ready', async () => {
    const orderId = await orderOn('japan-arrival', 'waiting@mail.example');
    const { context, page } = await newPage(browser);
    await trackAs(page, orderId, 'waiting@mail.example');
    await page.getByText('is being processed').waitFor();
    expect(await page.getByRole('button', { name: 'Download Now' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('sends a customer without a token back to the track form, and a refused token never signs staff out', async () => {
    const orderId = await orderOn('japan-arrival');
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
    await page.waitForURL(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();

    // A staff member signed in in the same browser; a token the server refuses (tampered) on the public page.
    await signIn(page, server.baseUrl, staffEmail);
    await page.evaluate(
      ({ id }) =>
        sessionStorage.setItem(
          `order-access:${id}`,
          JSON.stringify({ token: 'not.a.token', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
        ),
      { id: orderId },
    );
    await page.goto(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
    await page.waitForURL(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await page.getByText('Please enter your Order ID and Email ID to see this order.').waitFor();
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByText('Welcome Uma Uploader').waitFor();
    await context.close();
  });
});

describe('branding by landing site', () => {
  const phone = { width: 390, height: 844 };

  async function expectNoSidewaysScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  }

  async function expectLogoLoaded(page: Page, src: string) {
    const logo = page.locator(`header img[src="${src}"]`);
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  it('the full site shows its whole menu, its logo and footer; on a phone the menu folds behind a toggle', async () => {
    const orderId = await orderOn('japan-arrival');
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await expectLogoLoaded(page, '/brand/japan-arrival.svg');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Apply Now',
      'Additional Benefits',
      'Terms',
      'Privacy',
      'Refund',
      'Contact',
    ]);
    expect(await menu.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(
      'https://japan-arrival.example/apply',
    );
    await page.getByText('© 2025 Japan Arrival Card Online. All rights reserved.').waitFor();
    await screenshot(page, 'public-track-japan-arrival-desktop');

    await page.setViewportSize(phone);
    await page.reload();
    await expectLogoLoaded(page, '/brand/japan-arrival.svg');
    expect(await page.getByRole('link', { name: 'Apply Now' }).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'public-track-japan-arrival-phone');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#public-menu.show').waitFor(); // opened, animation finished
    await page.getByRole('link', { name: 'Apply Now' }).waitFor({ state: 'visible' });
    await screenshot(page, 'public-track-japan-arrival-phone-menu');
    await context.close();
  });

  for (const [siteKey, name, contact] of [
    ['visit-japan-card', 'Visit Japan Card', 'https://visit-japan-card.example/contact'],
    ['nippon-entry', 'Nippon Entry Assist', 'https://nippon-entry.example/support'],
  ] as const) {
    it(`the reduced site ${name} shows only a contact link, its own logo and footer, at desktop and phone width`, async () => {
      const email = `${siteKey}@mail.example`;
      const orderId = await orderOn(siteKey, email);
      await uploadDocument(orderId);
      for (const [label, size] of [
        ['desktop', { width: 1366, height: 900 }],
        ['phone', phone],
      ] as const) {
        const { context, page } = await newPage(browser, size.width, size.height);
        await page.setExtraHTTPHeaders({ 'x-forwarded-for': '133.11.0.1' });
        await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
        await expectLogoLoaded(page, `/brand/${siteKey}.svg`);
        const header = page.locator('header');
        expect(await header.getByRole('link').allTextContents()).toEqual(['Contact']);
        expect(await header.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(contact);
        expect(await page.getByRole('link', { name: 'Apply Now' }).count()).toBe(0);
        await page.getByText(`© 2025 ${name}. All rights reserved.`).waitFor();
        if (label === 'phone') await expectNoSidewaysScroll(page);
        await screenshot(page, `public-track-${siteKey}-${label}`);

        await page.getByLabel('Email ID').fill(email);
        await page.getByRole('button', { name: 'TRACK ORDER' }).click();
        await page.waitForURL(/get-new-order-details/);
        await page.getByRole('button', { name: 'Download Now' }).click();
        await page.locator('.download-history td', { hasText: 'Japan' }).first().waitFor();
        if (label === 'phone') await expectNoSidewaysScroll(page);
        await screenshot(page, `public-download-${siteKey}-${label}`);
        await context.close();
      }
    });
  }

  it('unknown paths get the public catch-all page', async () => {
    const { context, page } = await newPage(browser, phone.width, phone.height);
    await page.goto(`${server.baseUrl}/no-such-page/here`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Track your order' }).click();
    await page.waitForURL(`${server.baseUrl}/track-order`);
    expect(await page.getByLabel('Order ID').inputValue()).toBe('');
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

describe('the translation widget', () => {
  it('is absent by default: no widget, no third-party script', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
    expect(await page.locator('script[src^="http"]').count()).toBe(0);
    expect(await page.locator('#google_translate_element').count()).toBe(0);
    await context.close();
  });

  it('loads its script at the top when configured (served here by the test, no outside network), and the page works when it fails', async () => {
    const widgetServer = await startServer({
      DATA_DIR: dataDir,
      TRANSLATE_WIDGET_URL: 'https://translate.widget.example/element.js?cb=initTranslateWidget',
    });
    try {
      const { context, page } = await newPage(browser, 390, 844);
      await page.route('https://translate.widget.example/**', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { translate: { TranslateElement: function (options, id) {
          var select = document.createElement('select'); select.setAttribute('aria-label', 'Select Language');
          select.innerHTML = '<option>Select Language</option><option>日本語</option>';
          document.getElementById(id).appendChild(select);
        } } }; window.initTranslateWidget();`,
        }),
      );
      await page.goto(`${widgetServer.baseUrl}/track-order`);
      await page.getByRole('combobox', { name: 'Select Language' }).waitFor();
      // The widget sits above the header.
      const order = await page.evaluate(() => {
        const widget = document.getElementById('google_translate_element')!.getBoundingClientRect().top;
        const header = document.querySelector('header')!.getBoundingClientRect().top;
        return widget < header;
      });
      expect(order).toBe(true);
      await screenshot(page, 'public-track-translate-widget-phone');
      await context.close();

      const offline = await newPage(browser);
      await offline.page.route('https://translate.widget.example/**', (route) => route.abort('internetdisconnected'));
      await offline.page.goto(`${widgetServer.baseUrl}/track-order`);
      await offline.page.getByLabel('Order ID').fill('100001');
      await offline.page.getByLabel('Email ID').fill('nobody@mail.example');
      await offline.page.getByRole('button', { name: 'TRACK ORDER' }).click();
      await offline.page.getByRole('alert').filter({ hasText: 'We could not find an order' }).waitFor();
      await offline.context.close();
    } finally {
      await widgetServer.close();
    }
  });
});
