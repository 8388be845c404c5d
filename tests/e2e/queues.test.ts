/**
 * A queue in the real browser and server: what the screen tests (web/src/features/queues) cannot prove is that an
 * action on a queue changes the orders on the server, and that the queue, the other queue and the counts follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
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

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Seed Staff');
  await server.seedRecentOrders(150);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const assigneeOf = async (orderId: number) =>
  (
    await selectRows<{ assigned_to_id: number | null }>(
      server.database.db,
      sql`select assigned_to_id from orders where order_id = ${orderId}`,
    )
  )[0]!.assigned_to_id;

describe('order queues in the browser', () => {
  it('a Team member assigns an order from New Orders: it leaves New, appears in My Orders and both counts change', async () => {
    const member = await server.createMember('Team', 'Asha Assigner');
    const { context, page } = await newPage(browser);
    await signInThroughApi(page, server.baseUrl, member.email, { path: '/admin/recent-order' });
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    const firstRow = page.locator('tbody tr').first();
    await firstRow.locator('td:nth-child(2)').waitFor();
    const orderId = Number(await firstRow.locator('td:nth-child(2)').textContent());
    await expect.poll(() => tile(page, 'newOrdersCount').textContent()).toMatch(/^[\d,]+$/);
    const newBefore = await tileNumber(page, 'newOrdersCount');
    const myBefore = await tileNumber(page, 'myOrdersCount');

    await page.getByLabel(`Select order ${orderId}`).check();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('dialog').getByText('Are you sure want to assigned orders.').waitFor();
    await screenshot(page, 'queue-assign-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Order has been assigned successfully').waitFor();
    // The centred dialog's Yes leaves the pointer over the table, where a departed row waits (rows never move under
    // the pointer): the member moves it away, as a reader does.
    await page.mouse.move(5, 5);
    await orderRow(page, orderId).waitFor({ state: 'detached' });
    await expect.poll(() => tileNumber(page, 'newOrdersCount')).toBe(newBefore - 1);
    await expect.poll(() => tileNumber(page, 'myOrdersCount')).toBe(myBefore + 1);
    expect(await assigneeOf(orderId)).toBe(member.id);

    await page.locator('.dashboard-tiles a[href="/admin/my-order"]').click();
    await page.getByRole('heading', { name: 'My Order' }).waitFor();
    await orderRow(page, orderId).waitFor();
    // An assigned order's View is grey.
    await expect
      .poll(() => orderRow(page, orderId).getByRole('link', { name: 'View' }).getAttribute('class'))
      .toContain('btn-secondary');
    await screenshot(page, 'queue-my-orders');
    await context.close();
  });
});
