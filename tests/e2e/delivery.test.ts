/**
 * The built app as a browser receives it: no console error or CSP violation on sign-in, a queue, an order and the
 * track page; scripts and styles brotli-compressed and cached a year; the app's logo and icon cached a year, so
 * moving between screens asks the server for no image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let staffEmail = '';

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  server = await startServer();
  staffEmail = (await server.createMember('Admin', 'Delivery Admin')).email;
  await server.seedRecentOrders(40);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('delivery of the built app', () => {
  it('shows no console error or CSP violation on sign-in, a queue, an order and the track page', async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    // The first order of the queue, by its View link, as a member opens it.
    const orderId = await page.locator('tbody tr td:nth-child(2)').first().textContent();
    await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByLabel('Order ID').fill(String(orderId));
    await page.getByLabel('Email ID').fill('nobody@example.com');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.getByRole('alert').first().waitFor();
    // The track form's refusal is a 404 answer, which Chromium logs as a failed resource: not a page error.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });

  it('sends scripts and styles brotli-compressed and cached a year', async () => {
    const { context, page } = await newPage(browser);
    const assets: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (!/\/assets\/.+\.(?:js|css)$/.test(response.url())) return;
      const headers = await response.allHeaders();
      assets.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    });
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
    expect(assets.length).toBeGreaterThan(2);
    // Files too small to gain from compression are sent as they are.
    for (const asset of assets.filter((a) => !/rolldown-runtime|app-name|eastern-time/.test(a.url))) {
      expect(asset, asset.url).toMatchObject({ encoding: 'br', cache: YEAR_IMMUTABLE });
    }
    await context.close();
  });

  it("keeps the app's logo and icon a year, so moving between screens asks the server for no image", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const logo = await page.locator('header img').first().getAttribute('src');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(logo).toMatch(/^\/assets\/app-logo-[\w-]+\.svg$/);
    expect(icon).toMatch(/^\/assets\/app-icon-[\w-]+\.png$/);
    for (const image of [logo, icon]) {
      const answer = await page.request.get(`${server.baseUrl}${image}`);
      expect(answer.headers()['cache-control']).toBe(YEAR_IMMUTABLE);
    }
    // What reaches the server from here on; an answer from the browser's cache is not a request.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: string[] = [];
    cdp.on('Network.responseReceived', ({ type, response }) => {
      if ((type === 'Image' || type === 'Other') && !response.fromDiskCache)
        asked.push(`${type} ${new URL(response.url).pathname} ${response.status}`);
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order History' }).click();
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.locator('.od-page').waitFor();
    await page.goBack();
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });
});
