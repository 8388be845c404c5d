/**
 * A report as the browser downloads it: Country Order List filtered by dates and a search shows the database's
 * counts, and its CSV export (written by the server) holds exactly the rows of the table. The screens' own behaviour
 * (default range, filters, chart, paging, the processing logs) is in web/src/features/reports/reports.test.tsx.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
let manager: { email: string; name: string };

beforeAll(async () => {
  server = await startServer();
  manager = await server.createMember('Manager', 'Mei Manager');
  await server.seedOrders(400);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Every body row of the table, each as its cells' text, across all pages (Next until it is disabled). */
async function allTableRows(page: Page): Promise<string[][]> {
  const rows: string[][] = [];
  for (;;) {
    const cells = await page
      .locator('table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    rows.push(...cells);
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.count()) || (await next.evaluate((el) => el.closest('li')!.classList.contains('disabled')))) break;
    const first = cells[0]![0];
    await next.click();
    await page
      .locator('table tbody tr')
      .first()
      .locator('td')
      .first()
      .filter({ hasNotText: new RegExp(`^${first}$`) })
      .waitFor();
  }
  return rows;
}

describe('reports in the browser', () => {
  it("Country Order List filtered by dates and a search: the table is the database's counts and the CSV is the table", async () => {
    const { context, page } = await newPage(browser);
    await signInThroughApi(page, server.baseUrl, manager.email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Country Order List' }).click();
    await page.getByRole('heading', { name: 'Country Order Details' }).waitFor();

    const from = day(-45);
    const to = day(-12);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`from=${from}&to=${to}`));
    await page.getByLabel('Search').fill('IA');
    await page.waitForURL(/q=IA/);

    const expected = await selectRows<{
      nationality: string;
      count: number;
      standard: number;
      priority: number;
      future: number;
    }>(
      server.database.db,
      sql`
      select nationality, count(*)::int as count, (count(*) filter (where processing_mode = 'standard'))::int as standard,
        (count(*) filter (where processing_mode = 'priority'))::int as priority, (count(*) filter (where processing_mode = 'future'))::int as future
      from orders where process_status <> 'Deleted' and (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
        and nationality ilike '%ia%'
      group by nationality order by count desc, nationality`,
    );
    expect(expected.length).toBeGreaterThan(3);
    await page
      .getByRole('status')
      .filter({ hasText: `${expected.length} rows` })
      .waitFor();
    await screenshot(page, 'reports-country-desktop');

    const table = await allTableRows(page);
    expect(table).toEqual(
      expected.map((r, i) => [
        String(i + 1),
        r.nationality,
        String(r.count),
        String(r.standard),
        String(r.priority),
        String(r.future),
      ]),
    );

    await page.getByRole('button', { name: 'Export Country Order Details' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`country-orders_${from}_${to}.csv`);
    const bytes = readFileSync((await download.path())!, 'utf8');
    const lines = bytes.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'S. No,State/Territory,Order Count,Standard Processing,Priority Processing,Future Order Processing',
    );
    expect(lines.slice(1, -1).map((l) => l.split(','))).toEqual(table);
    expect(lines.at(-1)).toBe('');
    await context.close();
  });
});
