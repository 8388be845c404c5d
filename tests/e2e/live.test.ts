/**
 * Live teamwork between real browsers and the real server: a colleague's assignment in a second browser marks the
 * row and changes the counts without a reload; the stream away ("Reconnecting…") while the server has dropped the
 * connection, and caught up when back; the tabs of one browser sharing one stream. What a member sees of each event
 * (marks, notices, held new orders, presence) is in web/src/features/live/*.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { wakeLiveHubs } from '../../server/features/live/notify';
import { insertOrder } from '../../server/test/order-factory';
import {
  type E2EServer,
  launchBrowser,
  newPage,
  orderRow,
  screenshot,
  signInThroughApi,
  startServer,
  tile,
  tileNumber,
} from './harness';

let server: E2EServer;
let browser: Browser;
let asha: { context: BrowserContext; page: Page };
let ben: { context: BrowserContext; page: Page };

beforeAll(async () => {
  server = await startServer({ LIVE_PRESENCE_TTL_MS: '3000', LIVE_HEARTBEAT_MS: '2000' });
  const ashaMember = await server.createMember('Team', 'Asha Assigner');
  const benMember = await server.createMember('Manager', 'Ben Watcher');
  await server.seedRecentOrders(40);
  browser = await launchBrowser();
  asha = await newPage(browser);
  ben = await newPage(browser);
  await signInThroughApi(asha.page, server.baseUrl, ashaMember.email);
  await signInThroughApi(ben.page, server.baseUrl, benMember.email);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A new order, written straight to the database, and the live hub woken as a request that wrote wakes it: its
 * event is read now, not at the hub's next one-second read.
 */
const newOrder = async () => {
  const orderId = await insertOrder(server.database.db, { processStatus: 'New', processingMode: 'standard' });
  wakeLiveHubs(server.database.db);
  return orderId;
};
/** Asha assigns an order to herself from the queue she has open, as a member does (its box, the button, Yes). */
const ashaAssigns = async (orderId: number) => {
  await asha.page.getByLabel(`Select order ${orderId}`).check();
  await asha.page.getByRole('button', { name: 'Assign to me' }).click();
  await asha.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
};
/** New Orders opened (a full load), its rows and counts there and its stream connected. */
const openQueue = async (page: Page) => {
  await page.goto(`${server.baseUrl}/admin/recent-order`);
  await page.getByRole('heading', { name: 'New Order' }).waitFor();
  await page.locator('tbody tr td:nth-child(2)').first().waitFor();
  await expect.poll(() => tile(page, 'newOrdersCount').textContent()).toMatch(/^[\d,]+$/);
  // What colleagues do before the stream is connected reaches the screen only as a reload.
  await page
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 10_000 });
};

describe('live queues between browsers', () => {
  it("a colleague's assignment in another browser marks the row, then removes it, and the counts change without a reload", async () => {
    const orderId = await newOrder();
    await openQueue(ben.page);
    await openQueue(asha.page);
    await orderRow(ben.page, orderId).waitFor();
    const newBefore = await tileNumber(ben.page, 'newOrdersCount');
    const navigations: string[] = [];
    ben.page.on('framenavigated', (frame) => {
      if (frame === ben.page.mainFrame()) navigations.push(frame.url());
    });

    await ashaAssigns(orderId);
    await asha.page.getByText('Order has been assigned successfully').waitFor();

    const row = orderRow(ben.page, orderId);
    await row.getByText('Assigned to Asha Assigner').waitFor({ timeout: 5000 });
    await expect.poll(() => tileNumber(ben.page, 'newOrdersCount'), { timeout: 5000 }).toBe(newBefore - 1);
    await screenshot(ben.page, 'live-row-assigned-by-colleague');
    // ...and then leaves the table (the pointer is not over it).
    await ben.page.mouse.move(5, 5);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(navigations).toEqual([]);
  });

  it('says "Reconnecting…" while the server has dropped the stream, and catches up on what happened meanwhile', async () => {
    await openQueue(asha.page);
    // The connection drops and the browser is offline: its attempts to reconnect fail until it is back.
    await asha.context.setOffline(true);
    server.dropConnections();
    await asha.page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 10_000 });
    await screenshot(asha.page, 'live-status-reconnecting');
    // Meanwhile an order arrives in Asha's queue: once back, her stream replays it.
    const orderId = await newOrder();
    await asha.context.setOffline(false);
    await asha.page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: 30_000 });
    await asha.page.getByText('1 new order arrived in this queue.').waitFor({ timeout: 5000 });
    await asha.page.getByRole('button', { name: 'Show it' }).click();
    await orderRow(asha.page, orderId).waitFor();
  }, 60_000);

  it('tabs of one browser share one stream; another tab takes over when the reading tab closes', async () => {
    await openQueue(ben.page);
    const second = await ben.context.newPage();
    const streamRequests: string[] = [];
    second.on('request', (request) => {
      if (request.url().includes('/api/admin/live/stream')) streamRequests.push(request.url());
    });
    await openQueue(second);
    await newOrder();
    await second.getByText('1 new order arrived in this queue.').waitFor({ timeout: 5000 });
    expect(streamRequests).toEqual([]); // Ben's first tab reads the stream for both
    await ben.page.close();
    await expect.poll(() => streamRequests.length, { timeout: 5000 }).toBe(1);
    await newOrder();
    await second.getByText('2 new orders arrived in this queue.').waitFor({ timeout: 5000 });
  });
});
