/**
 * Every staff screen an Admin can open, at a laptop's 1366x768 and a phone's 390x844 (issue 26): each shows its title
 * and content, the page never scrolls sideways (a wide table scrolls inside its own box), and nothing logs an error.
 * The screenshots (test-results/screenshots/screen-*) are the ones looked at before a screen change is called done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_TILES, SIDEBAR_LINKS } from '../../web/src/features/layout/navigation';
import { paths } from '../../web/src/lib/paths';
import { insertOrder } from '../../server/test/order-factory';
import { type E2EServer, launchBrowser, newPage, screenshot, signIn, startServer } from './harness';

let server: E2EServer;
let browser: Browser;
let admin: { email: string };
let orderId: number;

beforeAll(async () => {
  server = await startServer();
  admin = await server.createMember('Admin', 'Tour Admin');
  await server.seedRecentOrders(60);
  orderId = await insertOrder(server.database.db, { processStatus: 'Pending', processingMode: 'standard' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const screens = [
  ...[...DASHBOARD_TILES, ...SIDEBAR_LINKS]
    .filter((link) => link.to !== '/logout')
    .map((link) => ({ name: link.label, path: link.to })),
  { name: 'Order detail', path: '' },
  { name: 'Process logs of an order', path: '' },
];
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function visit(page: Page, screen: { name: string; path: string }) {
  const path =
    screen.name === 'Order detail'
      ? paths.admin.viewOrder(orderId)
      : screen.name === 'Process logs of an order'
        ? paths.admin.viewProcessLogs(orderId)
        : screen.path;
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
  // Loaded: no spinner, no "Loading…" left (the live stream keeps a request open, so the network is never idle).
  await expect
    .poll(() => page.locator('main .spinner-border, main [aria-busy="true"]').count(), { timeout: 15_000 })
    .toBe(0);
  await expect.poll(() => page.getByText(/^Loading…?$/).count(), { timeout: 15_000 }).toBe(0);
}

describe.each([
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])('every staff screen at $width x $height', ({ width, height }) => {
  it('shows its content without sideways scrolling or errors', async () => {
    const { context, page } = await newPage(browser, width, height);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, server.baseUrl, admin.email);
    const wide: string[] = [];
    for (const screen of screens) {
      await visit(page, screen);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) wide.push(`${screen.name}: ${overflow} px wider than the window`);
      await screenshot(page, `screen-${slug(screen.name)}-${width}`, { fullPage: false });
    }
    await context.close();
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
