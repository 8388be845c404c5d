/**
 * Issue 24 point 4 in the browser: tick rows, move them with one confirmation that says how many, read the result
 * (an order a colleague moved meanwhile is refused with its reason) and see the counts change; then "Select all N
 * matching the filter" past the page and delete them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { insertOrder } from '../../server/test/order-factory';
import {
  type E2EServer,
  launchBrowser,
  newPage,
  orderRow,
  screenshot,
  signIn,
  startServer,
  tileNumber,
} from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Seed Staff');
  await server.seedRecentOrders(120);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const statuses = async (ids: number[]) =>
  (
    await selectRows<{ order_id: number; process_status: string }>(
      server.database.db,
      sql`select order_id::int as order_id, process_status from orders where order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by order_id`,
    )
  ).map((r) => r.process_status);
const logLines = async (ids: number[], step: string) =>
  (
    await selectRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from process_logs where step_name = ${step} and order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  )[0]!.n;

/** A sidebar link's count badge (Deleted Orders has no dashboard tile). */
const sidebarCount = async (page: Page, field: string) =>
  Number(await page.locator(`.badge[data-count="${field}"]`).textContent());

describe('bulk moves in the browser', () => {
  it('moves the ticked rows with one confirmation, lists the refused order and its reason, and the counts follow', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await insertOrder(server.database.db, { surname: 'BULKMOVER', givenName: `ROW${i}` }));
    const manager = await server.createMember('Manager', 'Mina Mover');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/recent-order?q=bulkmover`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await expect.poll(() => page.locator('.queue-table-scroll tbody tr').count()).toBe(4);
    await expect.poll(() => tileNumber(page, 'pendingOrdersCount')).toBeGreaterThan(0);
    const newBefore = await tileNumber(page, 'newOrdersCount');
    const pendingBefore = await tileNumber(page, 'pendingOrdersCount');

    await page.getByLabel('Select all rows on this page').check();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('4 selected').waitFor();
    // Meanwhile a colleague moves one of them on.
    await server.database.db.execute(sql`update orders set process_status = 'Awaiting' where order_id = ${ids[1]!}`);

    await toolbar.getByRole('button', { name: 'Move selected to…' }).click();
    await toolbar.getByRole('button', { name: 'Pending', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Move 4 orders to Pending?').waitFor();
    await screenshot(page, 'bulk-move-confirm');
    await confirm.getByRole('button', { name: 'Move' }).click();

    const result = page.getByRole('dialog', { name: 'Result' });
    await result.getByText('Moved 3 orders to Pending; 1 refused.').waitFor();
    const refused = result.getByRole('table', { name: 'Refused orders' });
    await refused.getByRole('row', { name: `${ids[1]} No longer in New Order.` }).waitFor();
    await screenshot(page, 'bulk-move-result');
    await result.getByRole('button', { name: 'Close' }).first().click();
    await result.waitFor({ state: 'detached' });

    expect(await statuses(ids)).toEqual(['Pending', 'Awaiting', 'Pending', 'Pending']);
    expect(await logLines(ids, 'Status changed to Pending')).toBe(3);
    await expect.poll(() => tileNumber(page, 'pendingOrdersCount')).toBe(pendingBefore + 3);
    await expect.poll(() => tileNumber(page, 'newOrdersCount')).toBe(newBefore - 4);
    for (const id of [ids[0]!, ids[2]!, ids[3]!]) await orderRow(page, id).waitFor({ state: 'detached' });
    await context.close();
  });

  it("a Manager assigns the ticked rows to a colleague from the toolbar's member menu, with one confirmation", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(await insertOrder(server.database.db, { surname: 'BULKASSIGNEE', givenName: `ROW${i}` }));
    const colleague = await server.createMember('Team', 'Asha Assignee');
    const manager = await server.createMember('Manager', 'Mo Assigner');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/recent-order?q=bulkassignee`);
    await expect.poll(() => page.locator('.queue-table-scroll tbody tr').count()).toBe(2);

    await page.getByLabel('Select all rows on this page').check();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('2 selected').waitFor();
    await toolbar.getByRole('button', { name: 'Assign selected to…' }).click();
    await toolbar.getByRole('button', { name: /^Asha Assignee/ }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Assign 2 orders to Asha Assignee?').waitFor();
    await confirm.getByRole('button', { name: 'Assign' }).click();
    await page
      .getByRole('dialog', { name: 'Result' })
      .getByText(/^Assigned 2 orders/)
      .waitFor();

    const assigned = await selectRows<{ assigned_to_id: number }>(
      server.database.db,
      sql`select assigned_to_id from orders where order_id in (${ids[0]!}, ${ids[1]!})`,
    );
    expect(assigned.map((r) => r.assigned_to_id)).toEqual([colleague.id, colleague.id]);
    await context.close();
  });

  it('"Select all N matching the filter" reaches past the page, with the filter of the address: one confirmation for all of them', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 13; i++)
      ids.push(
        await insertOrder(server.database.db, { surname: 'BULKALLMATCH', givenName: `ROW${i}`, nationality: 'India' }),
      );
    // Same search, filtered out by the nationality filter in the address: they stay.
    const others = [
      await insertOrder(server.database.db, { surname: 'BULKALLMATCH', nationality: 'Australia' }),
      await insertOrder(server.database.db, { surname: 'BULKALLMATCH', nationality: 'Australia' }),
    ];
    const manager = await server.createMember('Manager', 'Dana Deleter');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/recent-order?q=bulkallmatch&nationality=India`);
    await page.getByText('Showing 1 to 10 of 13 entries').waitFor();
    await expect.poll(() => sidebarCount(page, 'deletedOrdersCount')).not.toBeNaN();
    const deletedBefore = await sidebarCount(page, 'deletedOrdersCount');

    await page.getByLabel('Select all rows on this page').check();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByRole('button', { name: 'Select all 13 matching the filter' }).click();
    await toolbar.getByText('All 13 matching orders selected').waitFor();
    await screenshot(page, 'bulk-select-all-matching');
    await toolbar.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog').getByText('Delete 13 orders?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Result' }).getByText('Deleted 13 orders.').waitFor();
    await page.getByRole('dialog', { name: 'Result' }).getByRole('button', { name: 'Close' }).first().click();

    expect(new Set(await statuses(ids))).toEqual(new Set(['Deleted']));
    expect(await statuses(others)).toEqual(['New', 'New']);
    expect(await logLines(ids, 'Order deleted')).toBe(13);
    await expect.poll(() => sidebarCount(page, 'deletedOrdersCount')).toBe(deletedBefore + 13);
    await page.getByText('No data available in table').waitFor();
    await context.close();
  });
});
