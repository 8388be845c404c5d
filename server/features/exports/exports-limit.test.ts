/** The export limit (EXPORT_MAX_ROWS, 1,000,000 by default), set to 40 rows for this file. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { grantExports } from '../../test/export-grant';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';

let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  t = await buildTestApp({ EXPORT_MAX_ROWS: '40' });
  team = await t.loginAs('Team');
  await grantExports(t, ['Team']);
  await t.seedRecentOrders(100);
});
afterAll(async () => {
  await t.close();
});

const exportOrders = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-orders', headers: team.headers, payload: body });
const audits = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_exports`))[0]!.n;

describe('the export limit', () => {
  it('refuses an export past the limit with 422 and a message saying how to narrow it; nothing written', async () => {
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where process_status <> 'Deleted'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(40);
    const res = await exportOrders({ folderName: 'orderHistory', format: 'xlsx' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 0,
      message: `This export would hold ${n} rows; an export holds at most 40. Narrow the search or filters (for example an order date range) and export in parts.`,
    });
    expect(await audits()).toBe(0);
  });

  it('exports a narrower filter of the same queue', async () => {
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from orders where process_status <> 'Deleted' and processing_mode = 'priority'`,
    )) as [{ n: number }];
    expect(n).toBeLessThanOrEqual(40);
    const res = await exportOrders({ folderName: 'orderHistory', processingMode: 'priority', format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-rows'])).toBe(n);
    expect(await audits()).toBe(1);
  });
});
