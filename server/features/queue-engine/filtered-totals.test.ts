/**
 * Filtered totals (docs/decisions/0055): a filtered list whose count the planner prices above FILTERED_COUNT_MAX_COST
 * answers an estimate flagged `totalEstimated`, and the exact count when asked (`exactTotal`); under it, the exact
 * count unflagged. The plain queues and searches keep their totals. One app estimates every filtered total
 * (FILTERED_COUNT_MAX_COST=0), the other runs with the default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import type { Folder } from '../../../shared/orders';
import { folderPredicate } from './folders';
import { estimatedTotal } from './filtered-totals';

type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let estimating: TestContext;
let counting: TestContext;
let admin: Login;
let countingAdmin: Login;

beforeAll(async () => {
  estimating = await buildTestApp({ FILTERED_COUNT_MAX_COST: '0' });
  admin = await estimating.loginAs('Admin');
  await estimating.seedOrders(300);
  counting = await buildTestApp();
  countingAdmin = await counting.loginAs('Admin');
  await counting.seedOrders(300);
}, 120_000);
afterAll(async () => {
  await estimating?.close();
  await counting?.close();
});

/** The ids a hand-written query selects, newest first. */
async function expectedIds(t: TestContext, folder: Folder, where: SQL): Promise<number[]> {
  const rows = await selectRows<{ order_id: number }>(
    t.database.db,
    sql`
    select o.order_id::int as order_id from orders o where ${folderPredicate(folder, 0)} and ${where}
    order by o.created_at desc, o.order_id desc`,
  );
  return rows.map((r) => r.order_id);
}

const list = (t: TestContext, login: Login, query: string) =>
  t.app.inject({ url: `/api/admin/get-orders-list/orderHistory?${query}`, headers: login.headers });
const search = (t: TestContext, login: Login, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/search-order',
    headers: login.headers,
    payload: { folderName: 'orderHistory', start: 0, end: 10, searchVal: '', ...body },
  });
const idsOf = (body: { data: { order_id: number }[] }) => body.data.map((r) => r.order_id);

describe('a filtered total the count would cost too much for', () => {
  it('is an estimate flagged as one, at least one past the page; exactTotal counts it exactly', async () => {
    const expected = await expectedIds(estimating, 'orderHistory', sql`o.processing_mode = 'standard'`);
    expect(expected.length).toBeGreaterThan(20);

    const estimated = await list(estimating, admin, 'processingMode=standard');
    expect(estimated.statusCode).toBe(200);
    expect(idsOf(estimated.json())).toEqual(expected.slice(0, 10));
    expect(estimated.json()).toMatchObject({ totalEstimated: true, totalCapped: false });
    expect(estimated.json().totalRecords).toBeGreaterThan(10);

    const exact = await list(estimating, admin, 'processingMode=standard&exactTotal=1');
    expect(idsOf(exact.json())).toEqual(expected.slice(0, 10));
    expect(exact.json()).toMatchObject({ totalRecords: expected.length, totalEstimated: false, totalCapped: false });
  });

  it('is estimated and exact on request through search-order too (exactTotal in the body)', async () => {
    const expected = await expectedIds(estimating, 'orderHistory', sql`o.processing_mode = 'priority'`);
    const estimated = (await search(estimating, admin, { processingMode: ['priority'] })).json();
    expect(idsOf(estimated)).toEqual(expected.slice(0, 10));
    expect(estimated.totalEstimated).toBe(true);
    const exact = (await search(estimating, admin, { processingMode: ['priority'], exactTotal: true })).json();
    expect(exact).toMatchObject({ totalRecords: expected.length, totalEstimated: false });
  });

  it('is exact when the page ends the list', async () => {
    const expected = await expectedIds(estimating, 'orderHistory', sql`o.processing_mode = 'standard'`);
    const lastPage = Math.ceil(expected.length / 10);
    const res = (await list(estimating, admin, `processingMode=standard&page=${lastPage}`)).json();
    expect(idsOf(res)).toEqual(expected.slice((lastPage - 1) * 10));
    expect(res).toMatchObject({ totalRecords: expected.length, totalEstimated: false });
  });

  it('leaves the plain queues, a sort alone and a search exact or capped as before, never estimated', async () => {
    const all = await expectedIds(estimating, 'orderHistory', sql`true`);
    for (const query of ['', 'sort=name']) {
      const plain = (await list(estimating, admin, query)).json();
      expect(plain, query).toMatchObject({ totalRecords: all.length, totalEstimated: false });
    }
    const searched = await expectedIds(
      estimating,
      'orderHistory',
      sql`o.processing_mode = 'standard' and strpos(o.search_text, 'a') > 0`,
    );
    const res = (await search(estimating, admin, { processingMode: ['standard'], searchVal: 'a' })).json();
    expect(res).toMatchObject({ totalRecords: searched.length, totalEstimated: false, totalCapped: false });
  });

  it('refuses an exactTotal that is not a flag', async () => {
    const res = await list(estimating, admin, 'processingMode=standard&exactTotal=maybe');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('exactTotal must be 1 or 0.');
  });
});

describe('a filtered total the count may afford (the default cost)', () => {
  it('is the exact count, unflagged', async () => {
    const expected = await expectedIds(counting, 'orderHistory', sql`o.processing_mode = 'standard'`);
    const res = (await list(counting, countingAdmin, 'processingMode=standard')).json();
    expect(idsOf(res)).toEqual(expected.slice(0, 10));
    expect(res).toMatchObject({ totalRecords: expected.length, totalEstimated: false });
  });
});

describe('estimatedTotal: the estimate held within what the page proves', () => {
  it('takes the estimate past a full page, and at least one row past it', () => {
    expect(estimatedTotal(9000, 0, 10, 11)).toEqual({ totalRecords: 9000, totalEstimated: true });
    expect(estimatedTotal(5, 40, 10, 11)).toEqual({ totalRecords: 51, totalEstimated: true });
  });
  it('is exact when the page ends the list, or the list is empty', () => {
    expect(estimatedTotal(9000, 20, 10, 4)).toEqual({ totalRecords: 24, totalEstimated: false });
    expect(estimatedTotal(9000, 0, 10, 0)).toEqual({ totalRecords: 0, totalEstimated: false });
  });
  it('stays short of a page past the end', () => {
    expect(estimatedTotal(9000, 500, 10, 0)).toEqual({ totalRecords: 500, totalEstimated: true });
    expect(estimatedTotal(300, 500, 10, 0)).toEqual({ totalRecords: 300, totalEstimated: true });
  });
});
