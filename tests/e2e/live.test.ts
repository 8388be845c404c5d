/**
 * Issue 23 in the browser: two members signed in side by side. One assigns an order; the other's New Orders row is
 * marked and then leaves, and the counts change, without a reload. A new order waits behind "1 new order". Who has
 * an order open shows on its detail page (and as an eye on the queue row), and a colleague's change shows a notice.
 * The tabs of one browser share one stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { wakeLiveHubs } from '../../server/features/live/notify';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import {
  type E2EServer,
  holdRequests,
  launchBrowser,
  newPage,
  orderRow,
  screenshot,
  signIn,
  startServer,
  tile,
  tileNumber,
} from './harness';
import { RENDER_COUNTER, rendersOf, settleRenders } from './react-renders';

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
  // Ben's pages count what React renders (issue 27: a change to one row redraws that row alone).
  await ben.context.addInitScript(RENDER_COUNTER);
  await signIn(asha.page, server.baseUrl, ashaMember.email);
  await signIn(ben.page, server.baseUrl, benMember.email);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A new order, written straight to the database, and the live hub woken as a request that wrote wakes it: its
 * event is read now, not at the hub's next one-second read, which could fall after a page opened here and mark the
 * row as changed just as a colleague acts on it.
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
const openQueue = async (page: Page) => {
  await page.goto(`${server.baseUrl}/admin/recent-order`);
  await page.getByRole('heading', { name: 'New Order' }).waitFor();
  await page.locator('tbody tr td:nth-child(2)').first().waitFor();
  await expect.poll(() => tile(page, 'newOrdersCount').textContent()).toMatch(/^\d+$/);
  // A page load opens a new stream: what colleagues do before it is connected reaches the screen only as a reload.
  await page.locator('[data-live-status="connected"]').waitFor({ timeout: 10_000 });
};

describe('live queues and presence', () => {
  it('a page whose answers hold every change before its stream opened reads nothing again, and its queue never dims', async () => {
    await openQueue(ben.page); // the first stream of this server starts its live hub; the load below is a later one
    const asked = new Map<string, number>();
    const count = (request: { url(): string }) => {
      const at = new URL(request.url()).pathname;
      if (/\/(get-orders-list\/newOrder|get-folder-count|arrival-urgency)$/.test(at))
        asked.set(at, (asked.get(at) ?? 0) + 1);
    };
    ben.page.on('request', count);
    // The queue's table marks itself busy while its rows are read again (it dims): recorded once it has rows.
    await ben.page.addInitScript(() => {
      const w = window as unknown as { __dimmedAfterRows: boolean };
      w.__dimmedAfterRows = false;
      new MutationObserver(() => {
        if (document.querySelector('table[aria-busy=true] tbody tr td:nth-child(2)')) w.__dimmedAfterRows = true;
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    await openQueue(ben.page);
    await ben.page.waitForTimeout(1000); // a read again would start as the stream said hello
    ben.page.off('request', count);
    expect(Object.fromEntries(asked)).toEqual({
      '/api/admin/get-orders-list/newOrder': 1,
      '/api/admin/get-folder-count': 1,
      '/api/admin/arrival-urgency': 1,
    });
    expect(await ben.page.evaluate('window.__dimmedAfterRows')).toBe(false);
  });

  it("a colleague's assignment marks the row, then removes it, and the counts change without a reload", async () => {
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

    // Ben's screen: the row says what happened, greyed, while the counts already changed.
    const row = orderRow(ben.page, orderId);
    await row.getByText('Assigned to Asha Assigner').waitFor({ timeout: 5000 });
    expect(await row.getAttribute('class')).toContain('live-departed');
    await expect.poll(() => tileNumber(ben.page, 'newOrdersCount'), { timeout: 5000 }).toBe(newBefore - 1);
    await screenshot(ben.page, 'live-row-assigned-by-colleague');
    // ...and then leaves the table (the pointer is not over it).
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(navigations).toEqual([]);
  });

  it("keeps a colleague's departed row for its whole notice when another row's change reads the page again", async () => {
    const stays = await newOrder();
    const leaves = await newOrder();
    await openQueue(ben.page);
    await openQueue(asha.page);
    await orderRow(ben.page, stays).waitFor();
    await ashaAssigns(leaves);
    const row = orderRow(ben.page, leaves);
    await row.getByText('Assigned to Asha Assigner').waitFor({ timeout: 5000 });
    const markedAt = Date.now();
    // Another row changes and stays in New Orders (due today instead of standard): Ben's page reads the queue again
    // for it, but only once the departed row has had its notice (DEPARTED_SHOW_MS, 4 s).
    await server.database.db
      .update(orders)
      .set({ processingMode: 'future', processingDate: new Date().toISOString().slice(0, 10) })
      .where(eq(orders.orderId, stays));
    wakeLiveHubs(server.database.db);
    await ben.page.waitForTimeout(2000);
    expect(await row.getByText('Assigned to Asha Assigner').count()).toBe(1);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - markedAt).toBeGreaterThanOrEqual(3000);
  });

  it('keeps a departed row in its place for its whole notice when "Show it" reads the page sooner', async () => {
    const leaves = await newOrder();
    await openQueue(ben.page);
    await openQueue(asha.page);
    await orderRow(ben.page, leaves).waitFor();
    const arrives = await newOrder();
    await ben.page.getByText('1 new order arrived in this queue.').waitFor({ timeout: 5000 });
    await ashaAssigns(leaves);
    const row = orderRow(ben.page, leaves);
    await row.getByText('Assigned to Asha Assigner').waitFor({ timeout: 5000 });
    const markedAt = Date.now();
    // Ben asks for the new order at once: the page is read again, and its answer no longer has the assigned order.
    await ben.page.getByRole('button', { name: 'Show it' }).click();
    await orderRow(ben.page, arrives).waitFor();
    expect(await row.getByText('Assigned to Asha Assigner').count()).toBe(1);
    await screenshot(ben.page, 'live-departed-kept-after-show-new');
    // The bar went, so the table moved up under the pointer; rows leave only while it is elsewhere.
    await ben.page.mouse.move(5, 5);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - markedAt).toBeGreaterThanOrEqual(3000);
  });

  it('drops a departed row at once when the page is read in another order (another page of the queue)', async () => {
    const leaves = await newOrder();
    await openQueue(ben.page);
    await openQueue(asha.page);
    await ashaAssigns(leaves);
    const row = orderRow(ben.page, leaves);
    await row.getByText('Assigned to Asha Assigner').waitFor({ timeout: 5000 });
    // Within its notice, Ben sorts the queue: the rows read for that order are shown as they are.
    await ben.page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Order date, oldest first' });
    // Gone with that answer, well before its 4 s would have ended (kept, it would stay until then).
    await expect.poll(() => row.count(), { timeout: 2000 }).toBe(0);
    expect(new URL(ben.page.url()).searchParams.get('sort')).toBe('oldest');
  });

  it('a new order waits behind "1 new order" until asked for', async () => {
    await openQueue(ben.page);
    const firstBefore = await ben.page.locator('tbody tr td:nth-child(2)').first().textContent();
    const orderId = await newOrder();
    await ben.page.getByText('1 new order arrived in this queue.').waitFor({ timeout: 5000 });
    expect(await orderRow(ben.page, orderId).count()).toBe(0);
    expect(await ben.page.locator('tbody tr td:nth-child(2)').first().textContent()).toBe(firstBefore);
    await ben.page.getByRole('button', { name: 'Show it' }).click();
    await orderRow(ben.page, orderId).waitFor();
    expect(await ben.page.getByText('1 new order arrived in this queue.').count()).toBe(0);
  });

  it("shows who has an order open, what they do, and a colleague's change to it", async () => {
    const orderId = await newOrder();
    const detail = (id: number) => `${server.baseUrl}/admin/view-order/${encodeId(id)}`;
    await asha.page.goto(detail(orderId));
    await asha.page.getByText(`Order ${orderId}`, { exact: true }).waitFor();

    // The queue row shows an eye with Asha's name.
    await openQueue(ben.page);
    const eye = orderRow(ben.page, orderId).locator('.live-eye');
    await eye.waitFor({ timeout: 5000 });
    expect(await eye.getAttribute('title')).toBe('Open by Asha Assigner');

    await ben.page.goto(detail(orderId));
    const presence = ben.page.getByTestId('order-presence');
    await presence.getByText('Asha Assigner · viewing').waitFor({ timeout: 5000 });
    await asha.page.locator('#remark').fill('Calling the customer now');
    await presence.getByText('Asha Assigner · writing a remark').waitFor({ timeout: 5000 });
    await screenshot(ben.page, 'live-order-presence');

    // Asha moves the order: Ben is told, and loads the change when he asks.
    await asha.page.getByRole('group', { name: 'Move order to' }).getByRole('button', { name: 'Pending' }).click();
    await ben.page.getByTestId('order-changed-notice').getByText('Asha Assigner').waitFor({ timeout: 5000 });
    await ben.page.getByRole('button', { name: 'Show the change' }).click();
    await expect.poll(() => ben.page.getByTestId('order-status').textContent()).toBe('Pending');

    // Longer than the presence expiry (3 s here): Asha's open tab keeps renewing it.
    await ben.page.waitForTimeout(3500);
    expect(await presence.getByText(/Asha Assigner/).count()).toBe(1);

    // Asha leaves the order: her name goes from Ben's page.
    await asha.page.goto(`${server.baseUrl}/admin`);
    await presence.waitFor({ state: 'detached', timeout: 5000 });
  });

  /**
   * One row drawn again, not the page's: at least once, and at most three times (the live queue may read the page
   * again after a colleague's action and draw the changed row with its new data), against once per row (five or more)
   * when every row is drawn again.
   */
  const expectOneRowDrawn = (drawn: number, rows: number, what: string) => {
    expect(drawn, `${what}: its row drawn again`).toBeGreaterThanOrEqual(1);
    expect(drawn, `${what}: that row only, not all ${rows}`).toBeLessThanOrEqual(3);
  };

  it("redraws only the row that changed: a ticked box, a colleague's eye (issue 27)", async () => {
    await openQueue(ben.page);
    await settleRenders(ben.page);
    const rows = await ben.page.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(5);
    // The name cell's component: drawn once per row the page draws again. (Not the truncated text inside it: that
    // also draws itself when a column's new width cuts or uncuts its text.)
    const nameCells = () => rendersOf(ben.page, 'tbody tr td.queue-cell-name');
    const first = orderRow(ben.page, Number(await ben.page.locator('tbody tr td:nth-child(2)').first().textContent()));

    let before = await nameCells();
    await first.locator('input[type=checkbox]').check();
    await expect.poll(() => first.getAttribute('class')).toContain('table-active');
    await settleRenders(ben.page, 500);
    expectOneRowDrawn((await nameCells()) - before, rows, 'a ticked box');

    const orderId = Number(await first.locator('td:nth-child(2)').textContent());
    before = await nameCells();
    await asha.page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    await first.locator('.live-eye').waitFor({ timeout: 5000 });
    await settleRenders(ben.page, 500);
    expectOneRowDrawn((await nameCells()) - before, rows, 'the eye');
    await asha.page.goto(`${server.baseUrl}/admin`);
  });

  it('says "Live" in the top bar, "Reconnecting…" while the stream is away, and catches up when it is back', async () => {
    await openQueue(asha.page);
    const status = asha.page.locator('[data-live-status]');
    expect(await status.textContent()).toBe('Live');
    // The connection drops and the browser is offline: its attempts to reconnect fail until it is back.
    await asha.context.setOffline(true);
    server.dropConnections();
    await asha.page
      .locator('[data-live-status="reconnecting"]')
      .getByText('Reconnecting…')
      .waitFor({ timeout: 10_000 });
    await screenshot(asha.page, 'live-status-reconnecting');
    // Meanwhile a colleague assigns an order from Asha's queue: once back, her stream replays it.
    const orderId = await newOrder();
    await asha.context.setOffline(false);
    await asha.page.locator('[data-live-status="connected"]').waitFor({ timeout: 30_000 });
    await asha.page.getByText('1 new order arrived in this queue.').waitFor({ timeout: 5000 });
    await asha.page.getByRole('button', { name: 'Show it' }).click();
    await orderRow(asha.page, orderId).waitFor();
  }, 60_000);

  it('a change made while a page was still connecting shows once its stream is up', async () => {
    const orderId = await newOrder();
    let openStream!: () => void;
    const streamHeld = new Promise<void>((resolve) => {
      openStream = resolve;
    });
    await ben.page.route('**/api/admin/live/stream', async (route) => {
      await streamHeld;
      await route.continue();
    });
    await ben.page.goto(`${server.baseUrl}/admin/recent-order`);
    await orderRow(ben.page, orderId).waitFor();
    const newBefore = await tileNumber(ben.page, 'newOrdersCount');
    expect(await ben.page.locator('[data-live-status]').getAttribute('data-live-status')).toBe('connecting');

    await asha.page.goto(`${server.baseUrl}/admin/recent-order`);
    await ashaAssigns(orderId);
    await asha.page.getByText('Order has been assigned successfully').waitFor();

    openStream();
    await ben.page.locator('[data-live-status="connected"]').waitFor({ timeout: 10_000 });
    await orderRow(ben.page, orderId).waitFor({ state: 'detached', timeout: 5000 });
    await expect.poll(() => tileNumber(ben.page, 'newOrdersCount'), { timeout: 5000 }).toBe(newBefore - 1);
    await ben.page.unroute('**/api/admin/live/stream');
  });

  it("a tab that joins its browser's stream reads its queue again when a change came between its first answer and its joining", async () => {
    const orderId = await newOrder();
    await openQueue(ben.page); // Ben's first tab reads the stream for the browser
    await orderRow(ben.page, orderId).waitFor();
    const newBefore = await tileNumber(ben.page, 'newOrdersCount');
    const second = await ben.context.newPage();
    // Closed also when the test fails: a tab left open would read the stream for the next test.
    try {
      // The second tab's staff app is held back, so the queue's first page, asked for by its entry, answers first.
      const release = await holdRequests(second, /\/assets\/start-staff-app-[\w-]+\.js$/);
      const firstPage = second.waitForResponse((r) => r.url().includes('/api/admin/get-orders-list/newOrder'));
      const loading = second.goto(`${server.baseUrl}/admin/recent-order`);
      await firstPage;
      await asha.page.goto(`${server.baseUrl}/admin/recent-order`);
      await ashaAssigns(orderId);
      await asha.page.getByText('Order has been assigned successfully').waitFor();
      await expect.poll(() => tileNumber(ben.page, 'newOrdersCount'), { timeout: 5000 }).toBe(newBefore - 1);

      // The second tab joins the stream after the change was sent: its hello names that change, so the answer it
      // already holds is read again (with the stream's first hello it would have kept the assigned order).
      release();
      await loading;
      await second.locator('[data-live-status="connected"]').waitFor({ timeout: 10_000 });
      await orderRow(second, orderId).waitFor({ state: 'detached', timeout: 5000 });
    } finally {
      await second.close();
    }
  });

  it('tabs of one browser share one stream; another tab takes over when the reading tab closes', async () => {
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
