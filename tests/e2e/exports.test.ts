import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { selectRows } from '../../server/db/client';
import { folderPredicate } from '../../server/features/queue-engine';
import { ORDER_EXPORT_HEADERS } from '../../shared/schemas/order-export';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let manager: { id: number; email: string; name: string };

// A limit below Order History's size and above New Orders', so one server shows both an export and the refusal.
const LIMIT = 250;

beforeAll(async () => {
  server = await startServer({ EXPORT_MAX_ROWS: String(LIMIT) });
  manager = await server.createMember('Manager', 'Mona Exporter');
  await server.seedRecentOrders(320);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ids = async (where: ReturnType<typeof sql>, order = sql`o.created_at desc, o.order_id desc`) =>
  (
    await selectRows<{ order_id: number }>(
      server.database.db,
      sql`select o.order_id::int as order_id from orders o where ${where} order by ${order}`,
    )
  ).map((r) => Number(r.order_id));

describe('exports in the browser', () => {
  it("exports a searched, filtered queue as CSV and XLSX: the downloaded rows are the queue's", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    // New Orders, priority and standard only, searched for "a", in the list's default order (newest first).
    await page.goto(`${server.baseUrl}/admin/recent-order?q=a&processingMode=standard`);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();
    const expected = await ids(
      sql`${folderPredicate('newOrder', manager.id)} and o.processing_mode = 'standard' and o.search_text like '%a%'`,
    );
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThanOrEqual(LIMIT);

    await page.getByRole('button', { name: 'Export New Order' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^orders-newOrder-\d{8}-\d{6}\.csv$/);
    const rows = parse(readFileSync((await csv.path())!), { bom: true }) as string[][];
    expect(rows[0]).toEqual([...ORDER_EXPORT_HEADERS]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(expected);
    await page
      .getByTestId('export-message')
      .filter({ hasText: `Exported ${expected.length} rows.` })
      .waitFor();
    await screenshot(page, 'exports-queue-done');

    await page.getByRole('button', { name: 'Export New Order' }).click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel (XLSX)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^orders-newOrder-\d{8}-\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const xlsxIds: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) xlsxIds.push(Number(row.getCell(1).value));
    });
    expect(xlsxIds).toEqual(expected);
    await page
      .getByTestId('export-message')
      .filter({ hasText: `Exported ${expected.length} rows.` })
      .waitFor();
    await context.close();
  });

  it('the Export menu opens from the keyboard, and from a click that came without the pointer first (a touch, a screen reader)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    const menuItem = page.getByRole('button', { name: 'CSV', exact: true });

    // Keyboard: Tab to the toggle, Enter opens the menu with the focus on its button, Escape closes it.
    await page.getByLabel('Search', { exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedLabel).toBe('Export New Order');
    await page.keyboard.press('Enter');
    await menuItem.waitFor();
    expect(await focusedLabel()).toBe('Export New Order');
    expect(await page.getByRole('button', { name: 'Export New Order' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menuItem.waitFor({ state: 'hidden' });
    expect(await focusedLabel()).toBe('Export New Order');

    // A click event alone, as a screen reader or a touch sends it, opens the menu at once.
    await page.reload();
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();
    await page.getByRole('button', { name: 'Export New Order' }).evaluate((button: HTMLElement) => button.click());
    await menuItem.waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), menuItem.click()]);
    expect(csv.suggestedFilename()).toMatch(/^orders-newOrder-\d{8}-\d{6}\.csv$/);
    await context.close();
  });

  it("build a filter, save it as a view, reload, open the view, export it: the file is the view's rows in its sort", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    // The processing mode with the fewest orders in Order History: its export must stay under the limit (the
    // generated orders' modes are drawn at random; "priority" alone passed the limit in some runs and was refused).
    const byMode = await selectRows<{ mode: string; n: number }>(
      server.database.db,
      sql`select o.processing_mode as mode, count(*)::int as n from orders o
          where ${folderPredicate('orderHistory', manager.id)} group by 1 order by 2`,
    );
    const mode = byMode.find((m) => m.n > 5)!.mode;
    expect(byMode.find((m) => m.mode === mode)!.n).toBeLessThanOrEqual(LIMIT);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Processing mode').selectOption(mode);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(new RegExp(`processingMode=${mode}`));
    await page.getByLabel('Sort').selectOption('name');
    await page.waitForURL(/sort=name/);
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByLabel('Name').fill('By mode and name');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const views = page.getByRole('navigation', { name: 'Saved views' });
    await views.getByRole('link', { name: /By mode and name/ }).waitFor();
    // Reload, leave the filter, then open the view again.
    await page.reload();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.search.includes('processingMode'));
    await views.getByRole('link', { name: /By mode and name/ }).click();
    await page.waitForURL(new RegExp(`processingMode=${mode}`));
    // The page has drawn the view (the address changes before React commits the new location, in a transition).
    await views.locator('a[aria-current="page"]', { hasText: 'By mode and name' }).waitFor();
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();

    const expected = await ids(
      sql`${folderPredicate('orderHistory', manager.id)} and o.processing_mode = ${mode}`,
      sql`lower(o.surname), lower(o.given_name), o.order_id`,
    );
    expect(expected.length).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Export Order History' }).click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel (XLSX)' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
    const fileIds: number[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) fileIds.push(Number(row.getCell(1).value));
    });
    expect(fileIds).toEqual(expected);
    await page
      .getByTestId('export-message')
      .filter({ hasText: `Exported ${expected.length} rows.` })
      .waitFor();
    await screenshot(page, 'exports-saved-view');
    await context.close();
  });

  it('says why an export past the limit is refused, and no file comes', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();
    const total = (await ids(folderPredicate('orderHistory', manager.id))).length;
    expect(total).toBeGreaterThan(LIMIT);
    let downloads = 0;
    page.on('download', () => {
      downloads++;
    });
    await page.getByRole('button', { name: 'Export Order History' }).click();
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This export would hold' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `This export would hold ${total} rows; an export holds at most ${LIMIT}. Narrow the search or filters (for example an order date range) and export in parts.`,
    );
    await screenshot(page, 'exports-limit');
    expect(downloads).toBe(0);
    await context.close();
  });
});
