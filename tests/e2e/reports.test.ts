import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';
import { RENDER_COUNTER, settleRenders, typeOneKey } from './react-renders';

let server: E2EServer;
let browser: Browser;
let manager: { email: string; name: string };

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Rin Reporter');
  await server.createMember('Team', 'Sota Sorter');
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

/** A fresh 390 px wide session on `path`, photographed once its table or form has data. */
async function phoneScreenshot(path: string, name: string, heading: string) {
  const { context, page } = await newPage(browser, 390, 844);
  await signIn(page, server.baseUrl, manager.email);
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page
    .locator('table tbody tr td:nth-child(2), form select option:nth-child(2), section.process-log-group')
    .first()
    .waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  await screenshot(page, name);
  await context.close();
}

describe('reports in the browser', () => {
  it('Country Order List: this month by default, filtered by dates and search, CSV equals the table and the database', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/country-order-list`);
    await page.getByRole('heading', { name: 'Country Order Details' }).waitFor();
    // The range defaults to the current month.
    const now = new Date();
    const monthStart = `${now.toISOString().slice(0, 8)}01`;
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(monthStart);
    await page.getByText('Country order list fetched successfully.').first().waitFor();

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
    // The chart beside it shows the largest of the same rows.
    const chart = page.getByRole('img', { name: /^Orders per nationality: / });
    expect(await chart.getAttribute('aria-label')).toContain(`${expected[0]!.nationality} ${expected[0]!.count}`);

    // Export > CSV: the server writes the same rows (POST /api/admin/export-report, with its audit line).
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

    // Nothing matches: the table says so and Export is off.
    await page.getByLabel('Search').fill('no-such-country');
    await page.locator('table').getByText('No records found').waitFor();
    expect(await page.getByRole('button', { name: 'Export Country Order Details' }).isDisabled()).toBe(true);

    await context.close();
    await phoneScreenshot(
      `/admin/country-order-list?from=${from}&to=${to}`,
      'reports-country-phone',
      'Country Order Details',
    );
  });

  it('Order Processed: counts follow who completed orders; chart per staff member', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/processed-order?from=&to=`);
    await page.getByRole('heading', { name: 'Processed By' }).waitFor();
    const expected = await selectRows<{ name: string; count: number }>(
      server.database.db,
      sql`
      select processed_by_name as name, count(*)::int as count from orders where processed_at is not null and process_status <> 'Deleted'
      group by 1 order by 2 desc, 1`,
    );
    await page
      .getByRole('status')
      .filter({ hasText: `${expected.length} rows` })
      .waitFor();
    expect(await allTableRows(page)).toEqual(
      expected.map((r, i) => [String(i + 1), r.name, r.count.toLocaleString('en-US')]),
    );
    await page.getByRole('img', { name: /^Orders per staff member: / }).waitFor();
    await page.getByLabel('Search').fill('sota');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    await screenshot(page, 'reports-processed-desktop');
    await context.close();
    await phoneScreenshot('/admin/processed-order', 'reports-processed-phone', 'Processed By');
  });

  it('Order Processing Logs: both dates needed, search an order id, View opens its logs grouped by step', async () => {
    const orderId = await insertOrder(server.database.db);
    const [rin] = await selectRows<{ id: number }>(
      server.database.db,
      sql`select id from team_members where name = 'Rin Reporter'`,
    );
    await server.database.db
      .execute(sql`insert into process_logs (order_id, step_name, staff_id, staff_name, update_time) values
      (${orderId}, 'Order received', null, null, now() - interval '2 hours'),
      (${orderId}, 'Assigned', ${rin!.id}, 'Rin Reporter', now() - interval '90 minutes'),
      (${orderId}, 'Remark added', ${rin!.id}, 'Rin Reporter', now() - interval '1 hour'),
      (${orderId}, 'Remark added', ${rin!.id}, 'Rin Reporter', now())`);

    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/processed-by-info`);
    await page.getByRole('heading', { name: 'Order Processing Logs' }).waitFor();
    await page.locator('table tbody tr td:nth-child(2)').first().waitFor();
    // Newest activity first: the order just logged heads the list.
    expect(await page.locator('table tbody tr').first().locator('td:nth-child(2)').textContent()).toBe(String(orderId));
    await screenshot(page, 'reports-logs-desktop');

    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select both From and To dates.').waitFor();
    await page.getByLabel('From', { exact: true }).fill(day(-1));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/from=/);

    await page.getByLabel('Search order id').fill(String(orderId));
    await page.waitForURL(new RegExp(`q=${orderId}`));
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    await page.getByRole('link', { name: `View process logs of order ${orderId}` }).click();
    await page.waitForURL(`${server.baseUrl}/admin/view-process-logs/${encodeId(orderId)}`);
    await page.getByRole('heading', { name: 'Process Logs Details' }).waitFor();
    const groups = page.locator('section.process-log-group');
    await groups.first().waitFor();
    expect(await groups.locator('h2').allTextContents()).toEqual(['Order received 1', 'Assigned 1', 'Remark added 2']);
    const received = await page.getByRole('region', { name: 'Order received' }).locator('td').allTextContents();
    expect(received[0]).toBe('N/A');
    expect(received[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T$/);
    expect(
      await page.getByRole('region', { name: 'Remark added' }).locator('tr td:first-child').allTextContents(),
    ).toEqual(['Rin Reporter', 'Rin Reporter']);
    // The step catalog's topics narrow the groups: what the log holds, with line counts.
    const topics = page.getByRole('group', { name: 'Show steps about' });
    expect(await topics.getByRole('button').allTextContents()).toEqual([
      'All 4',
      'Intake 1',
      'Assignment 1',
      'Remarks 2',
    ]);
    await topics.getByRole('button', { name: 'Remarks 2' }).click();
    await expect.poll(() => groups.locator('h2').allTextContents()).toEqual(['Remark added 2']);
    expect(await topics.getByRole('button', { name: 'Remarks 2' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'reports-log-detail-desktop');
    await topics.getByRole('button', { name: 'All 4' }).click();
    await expect.poll(() => groups.count()).toBe(3);
    await page.goBack();
    await page.getByRole('heading', { name: 'Order Processing Logs' }).waitFor();
    await context.close();
    await phoneScreenshot(
      `/admin/view-process-logs/${encodeId(orderId)}`,
      'reports-log-detail-phone',
      'Process Logs Details',
    );
    await phoneScreenshot('/admin/processed-by-info', 'reports-logs-phone', 'Order Processing Logs');
  });

  it("a key in a report's search box redraws the box alone, not the report around it (issue 27)", async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(RENDER_COUNTER);
    await signIn(page, server.baseUrl, manager.email);
    for (const report of [
      { path: 'country-order-list', heading: 'Country Order Details', box: 'Search', key: 'a' },
      { path: 'processed-order', heading: 'Processed By', box: 'Search', key: 'a' },
      { path: 'processed-by-info', heading: 'Order Processing Logs', box: 'Search order id', key: '1' },
    ]) {
      await page.goto(`${server.baseUrl}/admin/${report.path}`);
      await page.getByRole('heading', { name: report.heading }).waitFor();
      await settleRenders(page, 500);
      // The heading is drawn by the report's PageHeader, which draws again whenever the report does.
      const afterKey = await typeOneKey(page, `input[aria-label="${report.box}"]`, 'h1', report.key);
      expect(afterKey.searched, `${report.path}: the search went out before the key was drawn`).toBe(false);
      expect(afterKey.box, `${report.path}: the box drew the key`).toBeGreaterThan(0);
      expect(afterKey.screen, `${report.path}: the report drawn again for a key`).toBe(0);
      await page.waitForURL(/q=/);
    }
    await context.close();
  });

  it('Gateway Setting: a Manager switches the active gateway; a Team member is refused', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.goto(`${server.baseUrl}/admin/gateway-setting`);
    await page.getByRole('heading', { name: 'Change Gateway' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Active gateway: Stripe' }).waitFor();
    await page.getByLabel('Gateway').selectOption({ label: 'Select gateway' });
    await page.getByRole('button', { name: 'Active Gateway' }).click();
    await page.getByText('Please select gateway.').waitFor();
    await page.getByLabel('Gateway').selectOption({ label: 'Adyen' });
    await page.getByRole('button', { name: 'Active Gateway' }).click();
    await page.getByText('Adyen is now the active gateway.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Active gateway: Adyen' }).waitFor();
    await page.getByText(/Last changed to Adyen by Mei Manager/).waitFor();
    const active = await selectRows<{ gateway_name: string }>(
      server.database.db,
      sql`select gateway_name from payment_gateways where is_active`,
    );
    expect(active).toEqual([{ gateway_name: 'Adyen' }]);
    await screenshot(page, 'gateway-setting-desktop');
    await context.close();
    await phoneScreenshot('/admin/gateway-setting', 'gateway-setting-phone', 'Change Gateway');

    const team = await server.createMember('Team', 'Taro Team');
    const other = await newPage(browser);
    await signIn(other.page, server.baseUrl, team.email);
    await other.page.goto(`${server.baseUrl}/admin/gateway-setting`);
    await other.page.getByText('You do not have permission to view this page.').waitFor();
    await other.context.close();
  });
});
