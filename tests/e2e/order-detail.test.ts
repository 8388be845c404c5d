/**
 * The order page against the real server and Chromium's layout: from a queue to an order and a move that the server
 * keeps (the queue no longer lists it), and a long order laid out on a laptop and a phone (sections apart, the sticky
 * bar's moves in sight at the bottom of the page, one line of moves on a phone). What a member sees and does on the
 * page otherwise is in web/src/features/order-detail/order-page.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, remarks } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, orderRow, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

async function session(name: string, path: string, width = 1366, height = 900) {
  const member = await server.createMember('Team', name);
  const s = await newPage(browser, width, height);
  contexts.push(s.context);
  await signInThroughApi(s.page, server.baseUrl, member.email, { path });
  return { page: s.page };
}

const bar = (page: Page) => page.getByRole('region', { name: 'Order status and moves' });
const moves = (page: Page) => bar(page).getByRole('group', { name: 'Move order to' }).getByRole('button');
const movesOnOneLine = async (page: Page) =>
  new Set(await moves(page).evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top))))
    .size === 1;

describe('order page', () => {
  it('opens an order from its queue, moves it, and the queue no longer lists it', async () => {
    const orderId = await insertOrder(server.database.db, { processStatus: 'New', surname: 'MOVER' });
    const { page } = await session('Mo Mover', '/admin/recent-order');
    await orderRow(page, orderId).getByRole('link', { name: 'View' }).click();
    await bar(page).getByText(`Order ${orderId}`, { exact: true }).waitFor();
    await bar(page).getByTestId('order-status').filter({ hasText: 'New' }).waitFor();

    await moves(page).filter({ hasText: 'Awaiting Govt' }).click();
    await page.getByText('Order has been moved successfully').waitFor();
    await bar(page).getByTestId('order-status').filter({ hasText: 'Awaiting Govt' }).waitFor();
    const step = page.getByRole('list', { name: 'Process log' }).getByRole('listitem').last();
    await step.getByText('Status changed to AwaitingGovt').waitFor();
    await step.getByText('Mo Mover', { exact: false }).waitFor();
    const [row] = await server.database.db
      .select({ status: orders.processStatus })
      .from(orders)
      .where(eq(orders.orderId, orderId));
    expect(row!.status).toBe('AwaitingGovt');

    await page.keyboard.press('u'); // back to the queue it was opened from
    await page.waitForURL(`${server.baseUrl}/admin/recent-order`);
    await page.locator('table[aria-busy=false] tbody').waitFor();
    await expect.poll(() => orderRow(page, orderId).count()).toBe(0);
  });

  it('lays a long order out on a laptop and a phone: sections apart, the moves in sight, one line of them on a phone', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000 + 9 * 3_600_000);
    const orderId = await insertOrder(server.database.db, {
      processingMode: 'priority',
      givenName: 'MAXIMILIANA ALEXANDRA',
      surname: 'VON HOHENZOLLERN-SIGMARINGEN',
      email: 'maximiliana.alexandra.von.hohenzollern@a-very-long-mail-domain.example',
      prefecture: 'OTHER',
      otherPrefecture: 'NAGANO',
      city: 'OTHER',
      otherCity: 'HAKUBA-MURA KITAAZUMI-GUN',
      address: '4-12-7 Hokujo Wadano Forest Lodge Building East Wing Room 1203',
      hotelName: 'Hakuba Mountain Grand Resort & Spa Residence',
      purposeOfVisit: 'Others',
      specificPurposeForVisit: 'International ski mountaineering competition',
      declarationTwo: 'yes',
      declarationFour: 'yes',
      declarationEight: 'yes',
      quantityOfUnaccompaniedArticles: 2,
      alcoholicBeverages: 3,
      cigarettes: 400,
      perfume: '4.00',
      articleName: 'Professional camera with telephoto lens',
      quantity: 1,
      unit: 'pcs',
      marketValue: '4800.00',
      currency: 'EUR',
      transactionId: 'pi_3Qm0verylongtransactionidentifier0001',
      merchantName: 'Arrival Services Ltd',
      dateOfArrivalInJapan: tomorrow.getUTCDate(),
      monthOfArrivalInJapan: tomorrow.getUTCMonth() + 1,
      yearOfArrivalInJapan: tomorrow.getUTCFullYear(),
    });
    const staff = await server.createMember('Team', 'Hana Long-Name Processor');
    await server.database.db.insert(remarks).values(
      Array.from({ length: 4 }, (_, i) => ({
        orderId,
        remarkName: staff.name,
        staffId: staff.id,
        remark: `Remark ${i + 1}: spoke with the customer about the ski equipment sent separately.`,
      })),
    );
    const { page } = await session('Lay Out', `/admin/view-order/${encodeId(orderId)}`, 1366, 768);
    await page.getByRole('heading', { name: 'Comment History' }).waitFor();

    /** Every section below the one before it, none wider than the window, and the page not scrolling sideways. */
    const expectLaidOut = async (width: number) => {
      const boxes = await page
        .locator('section.od-section')
        .evaluateAll((sections) => sections.map((s) => ({ id: s.id, ...s.getBoundingClientRect().toJSON() })));
      expect(boxes.length).toBeGreaterThanOrEqual(14);
      for (const [i, box] of boxes.entries()) {
        expect(box.right, `${box.id} fits the window at ${width}px`).toBeLessThanOrEqual(width);
        if (i > 0) expect(box.top, `${box.id} below ${boxes[i - 1]!.id}`).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };

    await expectLaidOut(1366);
    expect(await moves(page).count()).toBe(8);
    expect(await movesOnOneLine(page)).toBe(true);
    await screenshot(page, 'order-detail-1366');
    // At the bottom of the page the sticky bar is right under the top bar, its moves in the window.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Enter Transaction Details' }).waitFor();
    expect((await bar(page).boundingBox())!.y).toBe(60);
    const pending = (await moves(page).filter({ hasText: 'Pending' }).boundingBox())!;
    expect(pending.y).toBeGreaterThanOrEqual(60);
    expect(pending.y + pending.height).toBeLessThanOrEqual(768);
    await screenshot(page, 'order-detail-1366-bottom', { fullPage: false });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectLaidOut(390);
    expect(await movesOnOneLine(page)).toBe(true);
    expect((await bar(page).boundingBox())!.height).toBeLessThan(844 / 3);
    await screenshot(page, 'order-detail-390');
  });
});
