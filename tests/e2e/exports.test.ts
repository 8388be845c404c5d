/**
 * An export as the browser downloads it: a queue searched, filtered and sorted, exported as CSV and as XLSX; the
 * files hold the queue's orders, every page of them, in its order. The menu, its progress and its refusals are in
 * web/src/components/export/export-menu.test.tsx; the limit and the roles in the API tests.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { selectRows } from '../../server/db/client';
import { folderPredicate } from '../../server/features/queue-engine';
import { ORDER_EXPORT_HEADERS } from '../../shared/schemas/order-export';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let manager: { id: number; email: string; name: string };

beforeAll(async () => {
  server = await startServer();
  manager = await server.createMember('Manager', 'Mona Exporter');
  await server.seedRecentOrders(320);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('exports in the browser', () => {
  it("exports a searched, filtered, sorted queue as CSV and XLSX: the downloaded rows are the queue's", async () => {
    const { context, page } = await newPage(browser);
    // New Orders, standard processing only, searched for "a", sorted by name.
    await signInThroughApi(page, server.baseUrl, manager.email, {
      path: '/admin/recent-order?q=a&processingMode=standard&sort=name',
    });
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await page.locator('tbody tr td:nth-child(2)').first().waitFor();
    const expected = (
      await selectRows<{ order_id: number }>(
        server.database.db,
        sql`select o.order_id::int as order_id from orders o
            where ${folderPredicate('newOrder', manager.id)} and o.processing_mode = 'standard' and o.search_text like '%a%'
            order by lower(o.surname), lower(o.given_name), o.order_id`,
      )
    ).map((r) => Number(r.order_id));
    // More than one page of the queue, so the file is not just the rows on the screen.
    expect(expected.length).toBeGreaterThan(20);

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
    const xlsxIds: number[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) xlsxIds.push(Number(row.getCell(1).value));
    });
    expect(xlsxIds).toEqual(expected);
    await page
      .getByTestId('export-message')
      .filter({ hasText: `Exported ${expected.length} rows.` })
      .waitFor();
    await context.close();
  });
});
