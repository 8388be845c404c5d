import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { insertOrder, type OrderValues } from '../../server/test/order-factory';
import { decodeOrderId, encodeId } from '../../shared/ids';
import {
  type E2EServer,
  holdRequests,
  launchBrowser,
  newPage,
  orderRow,
  screenshot,
  signIn,
  startServer,
} from './harness';

let server: E2EServer;
let browser: Browser;
const DAY = 86_400_000;
/** The calendar date in Japan `days` from today there. */
function jstArrival(
  days: number,
): Pick<OrderValues, 'yearOfArrivalInJapan' | 'monthOfArrivalInJapan' | 'dateOfArrivalInJapan'> {
  const d = new Date(Date.now() + 9 * 3600_000 + days * DAY);
  return {
    yearOfArrivalInJapan: d.getUTCFullYear(),
    monthOfArrivalInJapan: d.getUTCMonth() + 1,
    dateOfArrivalInJapan: d.getUTCDate(),
  };
}
const order = (days: number, hoursAgo: number, name: string) =>
  insertOrder(server.database.db, {
    ...jstArrival(days),
    createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    givenName: name,
  });
const orderOf = async (orderId: number) =>
  (
    await selectRows<{ process_status: string; assigned_to_id: number | null }>(
      server.database.db,
      sql`select process_status, assigned_to_id from orders where order_id = ${orderId}`,
    )
  )[0]!;

const ids = {} as Record<'tomorrow' | 'passed' | 'inTwoDays' | 'later', number>;

beforeAll(async () => {
  server = await startServer();
  ids.later = await order(10, 1, 'LATER');
  ids.passed = await order(-1, 2, 'PASSED');
  ids.inTwoDays = await order(2, 3, 'INTWODAYS');
  ids.tomorrow = await order(1, 4, 'TOMORROW');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('work next, arrival urgency and keys in the browser', () => {
  it('highlights urgent rows with their urgency in words, counts them on the tile, and sorts by arrival from the header', async () => {
    const member = await server.createMember('Team', 'Uma Urgent');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.goto(`${server.baseUrl}/admin/recent-order`);
    await orderRow(page, ids.tomorrow).waitFor();

    await expect.poll(() => orderRow(page, ids.tomorrow).getAttribute('class')).toContain('arrival-very-urgent');
    expect(await orderRow(page, ids.tomorrow).locator('.visually-hidden').textContent()).toContain(
      'Very urgent: arrives tomorrow',
    );
    expect(await orderRow(page, ids.inTwoDays).getAttribute('class')).toContain('arrival-urgent');
    expect(await orderRow(page, ids.inTwoDays).locator('.visually-hidden').textContent()).toContain(
      'Urgent: arrives in 2 days',
    );
    expect(await orderRow(page, ids.passed).getAttribute('class')).toContain('arrival-passed');
    expect(await orderRow(page, ids.passed).locator('.visually-hidden').textContent()).toContain(
      'Arrival passed: arrived yesterday',
    );
    expect((await orderRow(page, ids.later).getAttribute('class')) ?? '').not.toContain('arrival-');
    expect(await orderRow(page, ids.later).locator('.visually-hidden').count()).toBe(0);
    // The words are what a screen reader reads for the cell.
    const cell = orderRow(page, ids.tomorrow).locator('td.arrival-cell');
    expect(await cell.evaluate((td) => td.textContent)).toMatch(/Very urgent: arrives tomorrow/);

    // Tomorrow and in two days are urgent; the passed one and the later one are not.
    await expect.poll(() => page.locator('.tile-urgent[data-urgent="newOrder"]').textContent()).toBe('2 urgent');
    await expect.poll(() => page.locator('.tile-urgent[data-urgent="priorityOrder"]').textContent()).toBe('0 urgent');

    await page.getByRole('button', { name: /Arrival Date/ }).click();
    await page.waitForURL(/sort=arrival/);
    const firstIds = async () => (await page.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number);
    await expect.poll(firstIds).toEqual([ids.passed, ids.tomorrow, ids.inTwoDays, ids.later]);
    await screenshot(page, 'work-next-urgency-sorted');
    await page.reload();
    await expect.poll(firstIds).toEqual([ids.passed, ids.tomorrow, ids.inTwoDays, ids.later]);
    await page.getByRole('button', { name: /Arrival Date/ }).click();
    await expect.poll(() => page.url()).not.toMatch(/sort=arrival/);
    await expect.poll(firstIds).toEqual([ids.later, ids.passed, ids.inTwoDays, ids.tomorrow]);
    await context.close();
  });

  it('Work next takes the most urgent order and opens it; an empty queue says so', async () => {
    const member = await server.createMember('Team', 'Wes Worker');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.goto(`${server.baseUrl}/admin/recent-order`);
    await orderRow(page, ids.tomorrow).waitFor();
    await page.getByRole('button', { name: 'Work next' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/view-order/${encodeId(ids.tomorrow)}`);
    await page.getByText(`Order ${ids.tomorrow}`, { exact: true }).waitFor();
    expect((await orderOf(ids.tomorrow)).assigned_to_id).toBe(member.id);

    await page.goto(`${server.baseUrl}/admin/priority-order`);
    await page.getByRole('heading', { name: 'Priority Order' }).waitFor();
    await page.getByRole('button', { name: 'Work next' }).click();
    await page.getByText('No unassigned order is waiting in Priority Orders.').waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/admin/priority-order`);
    await context.close();
  });

  it('keys: from a queue to an order, a move behind its confirmation, and back; nothing fires while typing', async () => {
    const member = await server.createMember('Team', 'Kai Keys');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.goto(`${server.baseUrl}/admin/recent-order?sort=arrival`);
    await orderRow(page, ids.passed).waitFor();

    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Queue keyboard shortcuts' });
    await help.getByText('Open the order of the focused row').waitFor();
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshot(page, 'work-next-queue-keys');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // Typing in the search box moves nothing.
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await page.keyboard.type('jj');
    expect(await page.locator('tr.queue-row-focused').count()).toBe(0);
    await page.getByLabel('Search').fill('');
    await page.locator('h1, h2').first().click();
    await page.waitForTimeout(600); // past the search's debounce: the list stays the unsearched one
    expect(page.url()).not.toMatch(/q=/);

    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    const focused = page.locator('tr.queue-row-focused');
    await expect.poll(() => focused.locator('td:nth-child(2)').textContent()).toBe(String(ids.inTwoDays));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-row-index'))).toBe('1');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByLabel(`Select order ${ids.inTwoDays}`).isChecked()).toBe(true);
    await page.keyboard.press('Control+a'); // a modifier: not "assign"
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('a'); // the Assign to me button's own question
    await page.getByRole('dialog').getByText('Are you sure want to assigned orders.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await orderOf(ids.inTwoDays)).assigned_to_id).toBeNull();
    await orderRow(page, ids.inTwoDays).focus();
    await page.keyboard.press('x');
    await expect.poll(() => page.getByLabel(`Select order ${ids.inTwoDays}`).isChecked()).toBe(false);

    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/admin/view-order/${encodeId(ids.inTwoDays)}`);
    await page.getByText(`Order ${ids.inTwoDays}`, { exact: true }).waitFor();

    // 1 is the first move button (Pending for a New order): it asks first; Cancel leaves the order as it was.
    await page.keyboard.press('1');
    const ask = page.getByRole('dialog');
    await ask.getByText(`Move order ${ids.inTwoDays} to Pending?`).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await orderOf(ids.inTwoDays)).process_status).toBe('New');
    await page.keyboard.press('1');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await ask.waitFor({ state: 'detached' }); // keys are ignored while a dialog (even a closing one) is open
    await expect.poll(async () => (await orderOf(ids.inTwoDays)).process_status).toBe('Pending');
    await page.getByTestId('order-status').filter({ hasText: 'Pending' }).waitFor();

    await page.keyboard.press('Shift+Slash');
    await page.getByRole('dialog', { name: 'Order keyboard shortcuts' }).getByText('Back to the queue').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('u');
    await page.waitForURL(`${server.baseUrl}/admin/recent-order?sort=arrival`);
    await orderRow(page, ids.passed).waitFor();
    await orderRow(page, ids.inTwoDays).waitFor({ state: 'detached' });
    await context.close();
  });

  it("Enter on a row, and Work next, ask for the order's mails with the order, before the order has come (issue 27)", async () => {
    const member = await server.createMember('Team', 'Ada Ahead');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    // The order's answer held back: its mails are asked for meanwhile only if they went with it. The page itself
    // asks for them once the order has come (its mails section needs the order).
    const mails: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/admin/get-email-history/')) mails.push(pathname);
    });
    const opened = async (open: () => Promise<void>) => {
      mails.length = 0;
      const release = await holdRequests(page, '**/api/admin/get-orders-details/**');
      await open();
      await expect.poll(() => mails.length, { message: 'the mails asked for before the order came' }).toBe(1);
      const orderId = decodeOrderId(new URL(page.url()).pathname.split('/').pop()!);
      expect(mails).toEqual([`/api/admin/get-email-history/${orderId}`]);
      release();
      await page.locator('.od-page').waitFor();
    };

    await page.goto(`${server.baseUrl}/admin/recent-order`);
    await orderRow(page, ids.later).waitFor();
    await opened(async () => {
      await page.keyboard.press('j'); // the first row
      await page.locator('tbody tr[data-row-index="0"]').and(page.locator(':focus')).waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/view-order\//);
    });

    await page.goto(`${server.baseUrl}/admin/recent-order`);
    await orderRow(page, ids.later).waitFor();
    await opened(async () => {
      await page.getByRole('button', { name: 'Work next' }).click();
      await page.waitForURL(/\/admin\/view-order\//);
    });
    await context.close();
  });
});
