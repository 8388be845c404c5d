/**
 * Queue filters and saved views in the browser (issue 24): build a filter, reload (kept), Back (gone), sort, save it
 * as a view, open the view from under the queue's title; a colleague sees a shared view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { insertOrder } from '../../server/test/order-factory';
import { type E2EServer, launchBrowser, newPage, screenshot, signIn, startServer } from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Seed Staff'); // the demo orders' assignees
  await server.seedOrders(80);
  const db = server.database.db;
  for (const [i, mode] of (['priority', 'priority', 'standard', 'priority'] as const).entries()) {
    await insertOrder(db, {
      nationality: 'Tokelau',
      processingMode: mode,
      surname: `TOKE${'DCBA'[i]}`,
      createdAt: new Date(Date.now() - (i + 1) * 3600_000),
    });
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Order History's ids for a condition, in an order (hand-written SQL). */
const expectedIds = async (where: ReturnType<typeof sql>, order = sql`created_at desc, order_id desc`) =>
  (
    await selectRows<{ id: number }>(
      server.database.db,
      sql`select order_id::int as id from orders where process_status <> 'Deleted' and ${where} order by ${order}`,
    )
  ).map((r) => r.id);

describe('queue filters and saved views in the browser', () => {
  it('builds a filter kept in the address, sorts, saves it as a shared view and opens it from the title area', async () => {
    const manager = await server.createMember('Manager', 'Mona Manager');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    const shownIds = async () =>
      (await page.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number).filter((n) => n > 0);
    const all = await expectedIds(sql`true`);
    await expect.poll(shownIds).toEqual(all.slice(0, 10));

    // Build the filter: nationality and processing mode.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Nationality').selectOption('Tokelau');
    await page.getByLabel('Processing mode').selectOption('priority');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/nationality=Tokelau/);
    expect(page.url()).toContain('processingMode=priority');
    const filtered = await expectedIds(sql`nationality = 'Tokelau' and processing_mode = 'priority'`);
    expect(filtered).toHaveLength(3);
    await expect.poll(shownIds).toEqual(filtered);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'entries' }).textContent())
      .toBe('Showing 1 to 3 of 3 entries');
    expect(await page.locator('.queue-filter-chip').allTextContents()).toEqual([
      'Mode: Priority',
      'Nationality: Tokelau',
    ]);

    // Reload keeps it; Back returns to the unfiltered queue, Forward to the filter.
    await page.reload();
    await expect.poll(shownIds).toEqual(filtered);
    await page.goBack();
    await expect.poll(shownIds).toEqual(all.slice(0, 10));
    await page.goForward();
    await expect.poll(shownIds).toEqual(filtered);

    // Sort by name, A to Z.
    await page.getByLabel('Sort').selectOption('name');
    await page.waitForURL(/sort=name/);
    const byName = await expectedIds(
      sql`nationality = 'Tokelau' and processing_mode = 'priority'`,
      sql`lower(surname), lower(given_name), order_id`,
    );
    expect(byName).not.toEqual(filtered);
    await expect.poll(shownIds).toEqual(byName);
    await screenshot(page, 'queue-filters-applied');

    // Save as a shared view.
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByLabel('Name').fill('Tokelau priority');
    await page.getByLabel('Share with everyone').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const views = page.getByRole('navigation', { name: 'Saved views' });
    await views.getByRole('link', { name: /Tokelau priority/ }).waitFor();
    const [row] = await selectRows<{ query: string; shared: boolean }>(
      server.database.db,
      sql`select query, shared from saved_views where name = 'Tokelau priority'`,
    );
    expect(row).toEqual({ query: 'processingMode=priority&nationality=Tokelau&sort=name', shared: true });

    // Clear the filter, then open the view from under the title.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).not.toContain('nationality=');
    await expect.poll(async () => (await shownIds()).length).toBe(10);
    await views.getByRole('link', { name: /Tokelau priority/ }).click();
    await page.waitForURL(/nationality=Tokelau/);
    await expect.poll(shownIds).toEqual(byName);
    expect(await views.getByRole('link', { name: /Tokelau priority/ }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'queue-filters-saved-view');
    await context.close();

    // A Team colleague sees the shared view, cannot share or delete it, and opens it.
    const team = await server.createMember('Team', 'Theo Team');
    const other = await newPage(browser);
    await signIn(other.page, server.baseUrl, team.email);
    await other.page.goto(`${server.baseUrl}/admin/order-history`);
    const theirViews = other.page.getByRole('navigation', { name: 'Saved views' });
    await theirViews.getByRole('link', { name: /Tokelau priority/ }).click();
    await other.page.waitForURL(/nationality=Tokelau/);
    expect(await theirViews.getByRole('button').count()).toBe(0);
    await expect
      .poll(async () => (await other.page.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number))
      .toEqual(byName);
    await other.context.close();
  });

  it('a sort chosen before the page redrew after Apply keeps the filter', async () => {
    const member = await server.createMember('Team', 'Quick Sorter');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Processing mode').selectOption('priority');
    // Apply and the sort in one task: the sort's handler still holds the render from before the filter.
    await page.evaluate(() => {
      const apply = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply filters')!;
      apply.click();
      const sort = document.querySelector<HTMLSelectElement>('select[aria-label="Sort"]')!;
      sort.value = 'name';
      sort.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForURL(/sort=name/);
    await expect.poll(() => new URL(page.url()).searchParams.get('processingMode')).toBe('priority');
    await context.close();
  });

  it('says what is wrong with a filter before asking the server', async () => {
    const member = await server.createMember('Team', 'Rita Range');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Arrival from').fill('2030-05-02');
    await page.getByLabel('Arrival to').fill('2030-05-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'arrivalTo' }).textContent())
      .toBe('arrivalTo must be on or after arrivalFrom.');
    expect(page.url()).not.toContain('arrivalFrom');
    await context.close();
  });
});
