/**
 * Queue filters and sorts through the API (issue 24): every filter and combinations of them, in every folder,
 * against a hand-written SQL query on the seeded orders; the sorts; with a search; the 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { FOLDERS, type Folder } from '../../../shared/orders';
import { ORDER_SORTS, type OrderSort } from '../../../shared/schemas/queue-filters';
import { folderPredicate } from './folders';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let admin: Login;
let carla: Login;
let visitSite: number;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('Admin');
  carla = await t.loginAs('Team', { name: 'Carla Team' });
  await t.seedOrders(500);
  visitSite = (
    await selectRows<{ id: number }>(
      t.database.db,
      sql`select id from landing_sites where site_key = 'visit-japan-card'`,
    )
  )[0]!.id;
  const db = t.database.db;
  // What the seed does not make: other currencies, open orders of one member, New orders of each mode with known values.
  for (const [status, mode] of [
    ['New', 'standard'],
    ['New', 'priority'],
    ['Pending', 'standard'],
    ['Refunds', 'standard'],
    ['Awaiting', 'priority'],
  ] as const) {
    await insertOrder(db, {
      processStatus: status,
      processingMode: mode,
      nationality: 'India',
      paymentAmount: '75.00',
      paymentCurrency: 'EUR',
      landingSiteId: visitSite,
      assignedToId: status === 'New' ? null : carla.member.id,
    });
  }
  await insertOrder(db, {
    processStatus: 'Pending',
    assignedToId: carla.member.id,
    paymentAmount: '20.00',
    paymentCurrency: 'JPY',
    nationality: 'Iceland',
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const ARRIVAL = sql`make_date(o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan)`;
const ORDER_DAY = sql`(o.created_at at time zone 'UTC')::date`;

/** Hand-written ORDER BY of each sort. */
const SORT_SQL: Record<OrderSort, SQL> = {
  newest: sql`o.created_at desc, o.order_id desc`,
  oldest: sql`o.created_at, o.order_id`,
  arrival: sql`${ARRIVAL}, o.created_at, o.order_id`,
  arrival_desc: sql`${ARRIVAL} desc, o.created_at desc, o.order_id desc`,
  order_id: sql`o.order_id`,
  order_id_desc: sql`o.order_id desc`,
  name: sql`lower(o.surname), lower(o.given_name), o.order_id`,
  name_desc: sql`lower(o.surname) desc, lower(o.given_name) desc, o.order_id desc`,
};

async function expectedIds(folder: Folder, staffId: number, where: SQL, sort: OrderSort = 'newest'): Promise<number[]> {
  const rows = await selectRows<{ order_id: number }>(
    t.database.db,
    sql`
    select o.order_id::int as order_id from orders o where ${folderPredicate(folder, staffId)} and ${where} order by ${SORT_SQL[sort]}`,
  );
  return rows.map((r) => r.order_id);
}

const search = (body: Record<string, unknown>, login = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/search-order',
    headers: login.headers,
    payload: { start: 0, end: 5000, searchVal: '', ...body },
  });
const idsOf = (body: { data: { order_id: number }[] }) => body.data.map((r) => r.order_id);

/** A filter body and the hand-written condition it must select. */
const FILTER_CASES = (): [string, Record<string, unknown>, SQL][] => [
  ['landing site', { landingSite: ['visit-japan-card'] }, sql`o.landing_site_id = ${visitSite}`],
  ['processing mode', { processingMode: ['priority', 'future'] }, sql`o.processing_mode in ('priority', 'future')`],
  ['nationality', { nationality: 'India,Iceland' }, sql`o.nationality in ('India', 'Iceland')`],
  ['arrival from', { arrivalFrom: isoDay(0) }, sql`${ARRIVAL} >= ${isoDay(0)}::date`],
  [
    'arrival range',
    { arrivalFrom: isoDay(-20), arrivalTo: isoDay(20) },
    sql`${ARRIVAL} between ${isoDay(-20)}::date and ${isoDay(20)}::date`,
  ],
  [
    'order date range',
    { orderFrom: isoDay(-60), orderTo: isoDay(-30) },
    sql`${ORDER_DAY} between ${isoDay(-60)}::date and ${isoDay(-30)}::date`,
  ],
  ['order date to', { orderTo: isoDay(-90) }, sql`${ORDER_DAY} <= ${isoDay(-90)}::date`],
  ['assignee', { assigneeId: [carla.member.id] }, sql`o.assigned_to_id = ${carla.member.id}`],
  ['unassigned', { assigneeId: '0' }, sql`o.assigned_to_id is null`],
  ['amount range', { amountMin: 30, amountMax: 80 }, sql`o.payment_amount between 30 and 80`],
  ['currency', { currency: ['eur', 'JPY'] }, sql`o.payment_currency in ('EUR', 'JPY')`],
  [
    'nationality + mode + landing site',
    { nationality: ['India'], processingMode: 'standard', landingSite: 'visit-japan-card' },
    sql`o.nationality = 'India' and o.processing_mode = 'standard' and o.landing_site_id = ${visitSite}`,
  ],
  [
    'arrival + assignee or unassigned',
    { arrivalFrom: isoDay(-5), assigneeId: [0, carla.member.id] },
    sql`${ARRIVAL} >= ${isoDay(-5)}::date and (o.assigned_to_id is null or o.assigned_to_id = ${carla.member.id})`,
  ],
  [
    'order date + currency + amount',
    { orderFrom: isoDay(-30), currency: 'USD', amountMin: 50 },
    sql`${ORDER_DAY} >= ${isoDay(-30)}::date and o.payment_currency = 'USD' and o.payment_amount >= 50`,
  ],
];

describe('POST /api/admin/search-order with filters', () => {
  it('answers, in every folder, exactly the orders a hand-written query selects, with their exact total', async () => {
    let nonEmpty = 0;
    for (const folder of FOLDERS) {
      for (const [label, filters, where] of FILTER_CASES()) {
        const expected = await expectedIds(folder, admin.member.id, where);
        const res = await search({ folderName: folder, ...filters });
        expect(res.statusCode, `${folder} ${label}`).toBe(200);
        expect(idsOf(res.json()), `${folder} ${label}`).toEqual(expected);
        expect(res.json().totalRecords, `${folder} ${label}`).toBe(expected.length);
        if (expected.length) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(60); // the cases select real orders in most folders
    // A filter narrows: Order History by nationality India is some of the orders, not all.
    const india = await expectedIds('orderHistory', admin.member.id, sql`o.nationality = 'India'`);
    expect(india.length).toBeGreaterThan(5);
    expect(india.length).toBeLessThan((await expectedIds('orderHistory', admin.member.id, sql`true`)).length);
  });

  it('filters Order History by status, and a page of 10 carries the whole filtered total', async () => {
    const expected = await expectedIds(
      'orderHistory',
      admin.member.id,
      sql`o.process_status in ('Refunds', 'ChargeBack')`,
    );
    const body = { folderName: 'orderHistory', status: ['Refunds', 'ChargeBack'], nationality: [] };
    expect(idsOf((await search(body)).json())).toEqual(expected);
    const page = (await search({ ...body, end: 10 })).json();
    const total = expected.length;
    expect(page.data).toHaveLength(Math.min(10, total));
    expect(page.totalRecords).toBe(total);
    expect(total).toBeGreaterThan(10);
  });

  it("My Orders filters the member's own orders", async () => {
    const expected = await expectedIds('myOrder', carla.member.id, sql`o.payment_currency = 'JPY'`);
    const res = await search({ folderName: 'myOrder', currency: 'JPY' }, carla);
    expect(idsOf(res.json())).toEqual(expected);
    expect(expected).toHaveLength(1);
  });

  it('filters with a search: a short term and an indexed term', async () => {
    const [common] = await selectRows<{ surname: string }>(
      t.database.db,
      sql`
      select surname from orders where length(surname) >= 4 group by surname order by count(*) desc limit 1`,
    );
    const term = common!.surname.toLowerCase();
    for (const [searchVal, match] of [
      ['a', sql`strpos(o.search_text, 'a') > 0`],
      [term, sql`strpos(o.search_text, ${term}) > 0`],
    ] as const) {
      const where = sql`${match} and o.processing_mode = 'standard'`;
      for (const folder of ['orderHistory', 'newOrder', 'completedOrder'] as const) {
        const expected = await expectedIds(folder, admin.member.id, where);
        const res = await search({ folderName: folder, searchVal, processingMode: 'standard' });
        expect(idsOf(res.json()), `${folder} ${searchVal}`).toEqual(expected);
        expect(res.json().totalRecords).toBe(expected.length);
      }
    }
  });

  it('takes the filters on the list route too (comma-separated in the address)', async () => {
    const expected = await expectedIds(
      'orderHistory',
      admin.member.id,
      sql`o.nationality in ('India', 'Iceland')`,
      'name',
    );
    const res = await t.app.inject({
      url: '/api/admin/get-orders-list/orderHistory?limit=500&nationality=India,Iceland&sort=name',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual(expected);
    expect(res.json().totalRecords).toBe(expected.length);
  });

  it('answers a filtered page read again, as a live refresh does, with the orders as they are now', async () => {
    // From its second read the page runs as a prepared statement on PostgreSQL (decision 0059): a plan kept, never
    // rows kept.
    const body = { folderName: 'orderHistory', nationality: ['India'], processingMode: ['standard'], end: 10 };
    const where = sql`o.nationality = 'India' and o.processing_mode = 'standard'`;
    const read = async () => {
      const res = await search(body);
      expect(res.statusCode).toBe(200);
      return { ids: idsOf(res.json()), total: res.json().totalRecords as number };
    };
    const before = await expectedIds('orderHistory', admin.member.id, where);
    expect(await read()).toEqual({ ids: before.slice(0, 10), total: before.length });
    expect(await read()).toEqual({ ids: before.slice(0, 10), total: before.length });

    const moved = before[0]!;
    await t.database.db.execute(sql`update orders set processing_mode = 'priority' where order_id = ${moved}`);
    try {
      const after = await expectedIds('orderHistory', admin.member.id, where);
      expect(after).not.toContain(moved);
      expect(await read()).toEqual({ ids: after.slice(0, 10), total: before.length - 1 });
    } finally {
      await t.database.db.execute(sql`update orders set processing_mode = 'standard' where order_id = ${moved}`);
    }
  });

  it('refuses bad filters with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ folderName: 'newOrder', status: ['Completed'] }, 'The status filter is available in Order History only.'],
      [
        { folderName: 'orderHistory', status: ['Deleted'] },
        'status must be New, Pending, Awaiting, AwaitingGovt, Contact Customer, Customer Called, Completed, Refunds, ChargeBack.',
      ],
      [{ folderName: 'orderHistory', landingSite: 'nowhere-site' }, 'Unknown landing site: nowhere-site.'],
      [
        { folderName: 'orderHistory', arrivalFrom: isoDay(3), arrivalTo: isoDay(1) },
        'arrivalTo must be on or after arrivalFrom.',
      ],
      [
        { folderName: 'orderHistory', nationality: 'Atlantis' },
        'nationality must be country names as in the order form (e.g. India, USA).',
      ],
      [{ folderName: 'orderHistory', orderFrom: '2026-13-01' }, 'orderFrom must be a date as YYYY-MM-DD.'],
      [{ folderName: 'orderHistory', sort: 'price' }, `sort must be one of ${ORDER_SORTS.join(', ')}.`],
    ];
    for (const [body, message] of cases) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
    }
    const list = await t.app.inject({
      url: '/api/admin/get-orders-list/pendingOrder?status=Completed',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe('The status filter is available in Order History only.');
  });
});

describe('sorting', () => {
  it('orders every folder by each sort, as a hand-written ORDER BY', async () => {
    for (const folder of ['orderHistory', 'newOrder', 'pendingOrder', 'completedOrder', 'myOrder'] as const) {
      const login = folder === 'myOrder' ? carla : admin;
      for (const sort of ORDER_SORTS) {
        const expected = await expectedIds(folder, login.member.id, sql`true`, sort);
        const res = await search({ folderName: folder, sort }, login);
        expect(res.statusCode, `${folder} ${sort}`).toBe(200);
        expect(idsOf(res.json()), `${folder} ${sort}`).toEqual(expected);
        expect(res.json().totalRecords, `${folder} ${sort}`).toBe(expected.length);
      }
    }
  });

  it('pages a sort: page 3 of 25 by name is the hand-written window', async () => {
    const expected = await expectedIds('orderHistory', admin.member.id, sql`true`, 'name_desc');
    const res = await t.app.inject({
      url: '/api/admin/get-orders-list/orderHistory?page=3&limit=25&sort=name_desc&nationality=',
      headers: admin.headers,
    });
    expect(idsOf(res.json())).toEqual(expected.slice(50, 75));
    expect(res.json().totalRecords).toBe(expected.length);
  });

  it('sorts filtered orders and a filtered search', async () => {
    const expected = await expectedIds(
      'orderHistory',
      admin.member.id,
      sql`o.processing_mode = 'priority' and strpos(o.search_text, 'e') > 0`,
      'arrival_desc',
    );
    const res = await search({
      folderName: 'orderHistory',
      processingMode: 'priority',
      searchVal: 'e',
      sort: 'arrival_desc',
    });
    expect(idsOf(res.json())).toEqual(expected);
    expect(expected.length).toBeGreaterThan(3);
  });
});
