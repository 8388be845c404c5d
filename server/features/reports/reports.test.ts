import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import { insertOrder } from '../../test/order-factory';
import { encodeId } from '../../../shared/ids';
import type { Role } from '../../../shared/roles';
import { rebuildReportCounts } from './report-counters';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
const staff = {} as Record<'admin' | 'manager' | 'team' | 'telecaller' | 'night', Login>;

beforeAll(async () => {
  t = await buildTestApp();
  staff.admin = await t.loginAs('Admin');
  staff.manager = await t.loginAs('Manager');
  staff.team = await t.loginAs('Team', { name: 'Tomoko Team' });
  staff.telecaller = await t.loginAs('Telecaller');
  staff.night = await t.loginAs('Night Staff');
  // Demo orders over the last 120 days, with processed-by and process-log lines; some Deleted.
  await t.seedOrders(600);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, who: Login, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: who.headers, payload });

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const monthStart = (monthsBack: number) => {
  const n = new Date();
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
};
const monthEnd = (monthsBack: number) => {
  const n = new Date();
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - monthsBack + 1, 0)).toISOString().slice(0, 10);
};

interface Range {
  fromDate?: string;
  toDate?: string;
}
const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
const within = (
  column: string,
  r: Range,
) => sql`${r.fromDate ? sql`${utcDay(column)} >= ${r.fromDate}::date` : sql`true`}
  and ${r.toDate ? sql`${utcDay(column)} <= ${r.toDate}::date` : sql`true`}`;

/** The Country Order List computed straight from the orders, for comparison. */
const directCountry = (r: Range) =>
  selectRows<Record<string, unknown>>(
    t.database.db,
    sql`
  select nationality, count(*)::int as count,
    (count(*) filter (where processing_mode = 'standard'))::int as standard_count,
    (count(*) filter (where processing_mode = 'priority'))::int as priority_count,
    (count(*) filter (where processing_mode = 'future'))::int as future_count
  from orders where process_status <> 'Deleted' and ${within('created_at', r)}
  group by nationality order by count desc, nationality`,
  );

const directProcessed = (r: Range) =>
  selectRows<Record<string, unknown>>(
    t.database.db,
    sql`
  select processed_by_name as processed_by, count(*)::int as count
  from orders where processed_at is not null and process_status <> 'Deleted' and ${within('processed_at', r)}
  group by processed_by_name order by count desc, processed_by_name`,
  );

// Ranges that exercise whole months, the days at both ends, one open end, and no dates at all.
const RANGES: [string, Range][] = [
  ['all time', {}],
  ['one whole month', { fromDate: monthStart(1), toDate: monthEnd(1) }],
  ['mid-month to mid-month across a whole month', { fromDate: day(-95), toDate: day(-20) }],
  ['inside one month', { fromDate: `${monthStart(2).slice(0, 8)}05`, toDate: `${monthStart(2).slice(0, 8)}19` }],
  ['from a day on', { fromDate: day(-40) }],
  ['up to a day', { toDate: day(-50) }],
  ["the current month (the screens' default)", { fromDate: monthStart(0), toDate: monthEnd(0) }],
];

describe('POST /api/admin/get-country-order-count', () => {
  it.each(RANGES)('equals a direct count of the orders per nationality and mode: %s', async (_name, range) => {
    const res = await post('get-country-order-count', staff.night, range as Record<string, unknown>);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.message).toBe('Country order list fetched successfully.');
    const expected = await directCountry(range);
    expect(body.data).toEqual(expected);
  });

  it('the seeded data has deleted orders and several nationalities, so the comparison means something', async () => {
    const [row] = await selectRows<{ deleted: number; nationalities: number }>(
      t.database.db,
      sql`
      select (count(*) filter (where process_status = 'Deleted'))::int as deleted, count(distinct nationality)::int as nationalities from orders`,
    );
    expect(row!.deleted).toBeGreaterThan(0);
    expect(row!.nationalities).toBeGreaterThan(10);
  });

  it('follows new, deleted and restored orders at once', async () => {
    const today = { fromDate: day(0), toDate: day(0) };
    const iceland = async () =>
      ((await post('get-country-order-count', staff.team, today)).json().data as { nationality: string }[]).find(
        (r) => r.nationality === 'Iceland',
      );
    expect(await iceland()).toBeUndefined();
    const a = await insertOrder(t.database.db, { nationality: 'Iceland', processingMode: 'priority' });
    await insertOrder(t.database.db, { nationality: 'Iceland', processingMode: 'future', processingDate: day(40) });
    expect(await iceland()).toEqual({
      nationality: 'Iceland',
      count: 2,
      standard_count: 0,
      priority_count: 1,
      future_count: 1,
    });

    const del = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers: staff.manager.headers,
      payload: { orderId: [a], updatingStatus: 'Deleted' },
    });
    expect(del.statusCode).toBe(200);
    expect(await iceland()).toEqual({
      nationality: 'Iceland',
      count: 1,
      standard_count: 0,
      priority_count: 0,
      future_count: 1,
    });
    const restore = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers: staff.manager.headers,
      payload: { orderId: [a], updatingStatus: 'Pending' },
    });
    expect(restore.statusCode).toBe(200);
    expect(await iceland()).toEqual({
      nationality: 'Iceland',
      count: 2,
      standard_count: 0,
      priority_count: 1,
      future_count: 1,
    });
    expect((await post('get-country-order-count', staff.team, {})).json().data).toEqual(await directCountry({}));
  });

  it('forgets orders whose rows are deleted, several in one statement, processed or not', async () => {
    const today = { fromDate: day(0), toDate: day(0) };
    const tuvalu = async () =>
      ((await post('get-country-order-count', staff.team, today)).json().data as { nationality: string }[]).find(
        (r) => r.nationality === 'Tuvalu',
      );
    const processedBy = async () =>
      ((await post('get-processed-by-count', staff.manager, today)).json().data as { processed_by: string }[]).find(
        (r) => r.processed_by === 'Rowena Remover',
      );
    await insertOrder(t.database.db, { nationality: 'Tuvalu', processingMode: 'standard' });
    const gone = [
      await insertOrder(t.database.db, { nationality: 'Tuvalu', processingMode: 'standard' }),
      await insertOrder(t.database.db, { nationality: 'Tuvalu', processingMode: 'priority' }),
      await insertOrder(t.database.db, {
        nationality: 'Tuvalu',
        processingMode: 'priority',
        processStatus: 'Completed',
        processedAt: new Date(),
        processedByName: 'Rowena Remover',
      }),
    ];
    expect(await tuvalu()).toEqual({
      nationality: 'Tuvalu',
      count: 4,
      standard_count: 2,
      priority_count: 2,
      future_count: 0,
    });
    expect(await processedBy()).toEqual({ processed_by: 'Rowena Remover', count: 1 });

    await t.database.db.execute(
      sql`delete from orders where order_id in (${sql.join(
        gone.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(await tuvalu()).toEqual({
      nationality: 'Tuvalu',
      count: 1,
      standard_count: 1,
      priority_count: 0,
      future_count: 0,
    });
    expect(await processedBy()).toBeUndefined();
    expect((await post('get-country-order-count', staff.team, {})).json().data).toEqual(await directCountry({}));
    expect((await post('get-processed-by-count', staff.manager, {})).json().data).toEqual(await directProcessed({}));
  });

  it('answers every role, and an empty list for a range without orders', async () => {
    for (const role of ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] as Role[]) {
      const who = await t.loginAs(role);
      const res = await post('get-country-order-count', who, { fromDate: '2001-01-01', toDate: '2001-12-31' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/get-country-order-count', payload: {} });
    expect(none.statusCode).toBe(401);
  });

  it('accepts no body and empty dates, and refuses bad ones with 400', async () => {
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/get-country-order-count',
      headers: staff.team.headers,
    });
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().data).toEqual(await directCountry({}));
    const empty = await post('get-country-order-count', staff.team, { fromDate: '', toDate: '' });
    expect(empty.json().data).toEqual(await directCountry({}));

    const reversed = await post('get-country-order-count', staff.team, {
      fromDate: '2025-03-10',
      toDate: '2025-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ toDate: 'From date must be on or before To date.' });
    const impossible = await post('get-country-order-count', staff.team, { fromDate: '2025-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors).toEqual({ fromDate: 'Dates are written YYYY-MM-DD.' });
  });
});

describe('POST /api/admin/get-processed-by-count', () => {
  it.each(RANGES)('equals a direct count of processed orders per staff member: %s', async (_name, range) => {
    const res = await post('get-processed-by-count', staff.manager, range as Record<string, unknown>);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(await directProcessed(range));
  });

  it('follows who completes orders: Completed by a Team member adds one to their name', async () => {
    const today = { fromDate: day(0), toDate: day(0) };
    const completer = await t.loginAs('Team', { name: 'Kenji Completer' });
    const mine = async () =>
      (
        (await post('get-processed-by-count', staff.admin, today)).json().data as {
          processed_by: string;
          count: number;
        }[]
      ).find((r) => r.processed_by === 'Kenji Completer')?.count ?? 0;
    expect(await mine()).toBe(0);
    const a = await insertOrder(t.database.db, { processStatus: 'Pending' });
    const b = await insertOrder(t.database.db, { processStatus: 'Pending' });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers: completer.headers,
      payload: { orderId: [a, b], updatingStatus: 'Completed' },
    });
    expect(done.statusCode).toBe(200);
    expect(await mine()).toBe(2);
    // Deleting a processed order takes it out of the report, as from the dashboard's processed count.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers: staff.admin.headers,
      payload: { orderId: [b], updatingStatus: 'Deleted' },
    });
    expect(await mine()).toBe(1);
    expect((await post('get-processed-by-count', staff.admin, {})).json().data).toEqual(await directProcessed({}));
  });

  it('is refused (403) to Team, Telecaller and Night Staff', async () => {
    for (const who of [staff.team, staff.telecaller, staff.night]) {
      const res = await post('get-processed-by-count', who, {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, message: 'You do not have permission to do this.' });
    }
  });
});

/** Orders with process-log lines in the range, latest activity first, computed straight from process_logs. */
const directLogOrders = (r: Range) =>
  selectRows<{ order_id: number; last: string }>(
    t.database.db,
    sql`
  select order_id, max(update_time) as last from process_logs where ${within('update_time', r)}
  group by order_id order by max(update_time) desc, order_id desc`,
  );

describe('POST /api/admin/get-processed-by-info', () => {
  it.each([
    ['all time', {}],
    ['a month back to three weeks back', { fromDate: day(-30), toDate: day(-21) }],
    ['the current month', { fromDate: monthStart(0), toDate: monthEnd(0) }],
  ] as [string, Range][])(
    'pages the orders with log lines, latest first, with an exact total: %s',
    async (_name, range) => {
      const expected = await directLogOrders(range);
      expect(expected.length).toBeGreaterThan(25);
      const page1 = (await post('get-processed-by-info', staff.manager, { page: 1, limit: 25, ...range })).json();
      const page2 = (await post('get-processed-by-info', staff.manager, { page: 2, limit: 25, ...range })).json();
      expect(page1).toMatchObject({ status: 1, totalRecords: expected.length });
      expect(page1.data.map((r: { order_id: number }) => r.order_id)).toEqual(
        expected.slice(0, 25).map((r) => Number(r.order_id)),
      );
      expect(page2.data.map((r: { order_id: number }) => r.order_id)).toEqual(
        expected.slice(25, 50).map((r) => Number(r.order_id)),
      );
      expect(page1.data[0].last_update_time).toBe(new Date(expected[0]!.last).toISOString());
    },
  );

  it('an old order worked on today is listed today and still in its own past range', async () => {
    const [old] = await selectRows<{ order_id: number; created: string }>(
      t.database.db,
      sql`
      select o.order_id, (o.created_at at time zone 'UTC')::date::text as created from orders o
      where o.created_at < now() - interval '60 days' and o.process_status <> 'Deleted'
        and not exists (select 1 from process_logs l where l.order_id = o.order_id and l.update_time > now() - interval '50 days')
      order by o.order_id limit 1`,
    );
    const id = Number(old!.order_id);
    const today = { fromDate: day(0), toDate: day(0) };
    const past = { fromDate: old!.created, toDate: old!.created };
    const totalToday = (await post('get-processed-by-info', staff.admin, { ...today, limit: 100 })).json().totalRecords;
    const totalPast = (await post('get-processed-by-info', staff.admin, { ...past, limit: 100 })).json();
    expect(totalPast.data.map((r: { order_id: number }) => r.order_id)).toContain(id);

    const remark = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      headers: staff.team.headers,
      payload: { orderId: id, remark: 'Called the customer back' },
    });
    expect(remark.statusCode).toBe(200);

    const nowToday = (await post('get-processed-by-info', staff.admin, { ...today, limit: 10 })).json();
    expect(nowToday.totalRecords).toBe(totalToday + 1);
    expect(nowToday.data[0].order_id).toBe(id);
    const stillPast = (await post('get-processed-by-info', staff.admin, { ...past, limit: 100 })).json();
    expect(stillPast.totalRecords).toBe(totalPast.totalRecords);
    expect(stillPast.data.map((r: { order_id: number }) => r.order_id)).toContain(id);
    // Across both days it is one order, listed once.
    const across = (
      await post('get-processed-by-info', staff.admin, { fromDate: old!.created, toDate: day(0), limit: 10 })
    ).json();
    expect(across.totalRecords).toBe((await directLogOrders({ fromDate: old!.created, toDate: day(0) })).length);
    expect(across.data.filter((r: { order_id: number }) => r.order_id === id)).toHaveLength(1);
  });

  it('stays exact when many staff log lines on the same orders at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 4 }, () => insertOrder(t.database.db, { processStatus: 'Pending' })),
    );
    const writers = [staff.team, staff.telecaller, staff.manager, staff.admin];
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/add-new-remark',
          headers: writers[i % 4]!.headers,
          payload: { orderId: ids[i % 4], remark: `Note ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    for (const range of [{}, { fromDate: day(0), toDate: day(0) }]) {
      const body = (await post('get-processed-by-info', staff.admin, { ...range, limit: 10 })).json();
      expect(body.totalRecords).toBe((await directLogOrders(range)).length);
    }
    const [steps] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select sum(steps)::int as n from order_log_days where order_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(steps!.n).toBe(24);
  });

  it('searches by order id prefix', async () => {
    const [some] = await selectRows<{ order_id: number }>(
      t.database.db,
      sql`select order_id from process_logs order by order_id desc limit 1 offset 7`,
    );
    const id = Number(some!.order_id);
    const exact = (await post('get-processed-by-info', staff.admin, { search: String(id) })).json();
    expect(exact.data.map((r: { order_id: number }) => r.order_id)).toEqual([id]);
    expect(exact.totalRecords).toBe(1);
    const prefix = String(id).slice(0, 5);
    const byPrefix = (await post('get-processed-by-info', staff.admin, { search: prefix, limit: 100 })).json();
    const [direct] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(distinct order_id)::int as n from process_logs where order_id::text like ${`${prefix}%`}`,
    );
    expect(byPrefix.totalRecords).toBe(direct!.n);
    expect(byPrefix.data.every((r: { order_id: number }) => String(r.order_id).startsWith(prefix))).toBe(true);
    const nothing = (await post('get-processed-by-info', staff.admin, { search: 'abc' })).json();
    expect(nothing).toMatchObject({ data: [], totalRecords: 0 });
  });

  it('needs both dates or neither, and a page size of 10, 25, 50 or 100', async () => {
    const one = await post('get-processed-by-info', staff.admin, { fromDate: day(-3) });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toEqual({ toDate: 'Please select both From and To dates.' });
    const size = await post('get-processed-by-info', staff.admin, { limit: 20 });
    expect(size.statusCode).toBe(400);
    const defaults = (
      await post('get-processed-by-info', staff.admin, { fromDate: '', toDate: '', search: '' })
    ).json();
    expect(defaults.data).toHaveLength(10);
  });

  it('is refused (403) to Team, Telecaller and Night Staff', async () => {
    for (const who of [staff.team, staff.telecaller, staff.night]) {
      expect((await post('get-processed-by-info', who, {})).statusCode).toBe(403);
    }
  });
});

describe('GET /api/admin/get-processlogs-by-orderid/{orderId}', () => {
  it("answers the order's lines oldest first, by number or encoded id; N/A lines have no staff name", async () => {
    const id = await insertOrder(t.database.db);
    await t.database.db
      .execute(sql`insert into process_logs (order_id, step_name, staff_id, staff_name, update_time) values
      (${id}, 'Order received', null, null, '2025-06-01T10:00:00Z'),
      (${id}, 'Assigned', ${staff.team.member.id}, 'Tomoko Team', '2025-06-01T11:30:05Z')`);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers: staff.team.headers,
      payload: { orderId: [id], updatingStatus: 'Pending' },
    });
    const byNumber = await t.app.inject({
      method: 'GET',
      url: `/api/admin/get-processlogs-by-orderid/${id}`,
      headers: staff.manager.headers,
    });
    expect(byNumber.statusCode).toBe(200);
    const data = byNumber.json().data;
    expect(data.slice(0, 2)).toEqual([
      { order_id: id, step_name: 'Order received', staff_name: null, update_time: '2025-06-01T10:00:00.000Z' },
      { order_id: id, step_name: 'Assigned', staff_name: 'Tomoko Team', update_time: '2025-06-01T11:30:05.000Z' },
    ]);
    expect(data[2]).toMatchObject({ order_id: id, staff_name: 'Tomoko Team' });
    const byCode = await t.app.inject({
      method: 'GET',
      url: `/api/admin/get-processlogs-by-orderid/${encodeId(id)}`,
      headers: staff.admin.headers,
    });
    expect(byCode.json().data).toEqual(data);
  });

  it('404 for an unknown order, 403 for roles other than Admin and Manager', async () => {
    // An id no order has, and a path that names no order at all: the same answer.
    for (const ref of ['999999999', 'not-an-order']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/admin/get-processlogs-by-orderid/${ref}`,
        headers: staff.admin.headers,
      });
      expect(missing.statusCode, ref).toBe(404);
      expect(missing.json()).toMatchObject({ status: 0, message: 'Order not found.' });
    }
    const id = await insertOrder(t.database.db);
    for (const who of [staff.team, staff.telecaller, staff.night]) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/get-processlogs-by-orderid/${id}`,
            headers: who.headers,
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('the report counters’ rebuild', () => {
  // The logs list takes both dates or neither; a range with one end is read by the two counts only.
  const logsRange = (range: Range) => !range.fromDate === !range.toDate;
  /** What the three reports answer a Manager for a range: the counts and the logs list's total. */
  const reportsFor = async (range: Range) => ({
    country: (await post('get-country-order-count', staff.manager, range as Record<string, unknown>)).json().data,
    processed: (await post('get-processed-by-count', staff.manager, range as Record<string, unknown>)).json().data,
    logs: logsRange(range)
      ? (await post('get-processed-by-info', staff.manager, { page: 1, limit: 100, ...range })).json().totalRecords
      : null,
  });
  const directFor = async (range: Range) => ({
    country: await directCountry(range),
    processed: await directProcessed(range),
    logs: logsRange(range) ? (await directLogOrders(range)).length : null,
  });

  it('counts every report again from the orders and process logs after the counters are lost', async () => {
    await t.database.db.execute(sql`delete from order_report_counts`);
    await t.database.db.execute(sql`delete from order_log_days`);
    await t.database.db.execute(sql`delete from order_log_day_counts`);
    expect(await reportsFor({})).toEqual({ country: [], processed: [], logs: 0 });

    await rebuildReportCounts(t.database.db);
    for (const [name, range] of RANGES) {
      const expected = await directFor(range);
      expect(await reportsFor(range), name).toEqual(expected);
    }
    expect((await directFor({})).country.length).toBeGreaterThan(10);
  });

  it('keeps following changes after a rebuild', async () => {
    const today = { fromDate: day(0), toDate: day(0) };
    await rebuildReportCounts(t.database.db);
    await insertOrder(t.database.db, { nationality: 'Iceland' });
    expect(await reportsFor(today)).toEqual(await directFor(today));
  });
});
