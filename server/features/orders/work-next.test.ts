import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder, type OrderValues } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { countFolders } from '../queue-engine';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let lead: Login;

const DAY = 86_400_000;
/** The calendar date in Japan `days` from today there, as the three arrival fields. */
function jstArrival(
  days: number,
): Pick<OrderValues, 'yearOfArrivalInJapan' | 'monthOfArrivalInJapan' | 'dateOfArrivalInJapan'> {
  const d = new Date(Date.now() + 9 * 3600_000 + days * DAY);
  return {
    yearOfArrivalInJapan: d.getUTCFullYear(),
    monthOfArrivalInJapan: d.getUTCMonth() + 1,
    dateOfArrivalInJapan: d.getUTCDate(),
  };
}
const placed = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);
const order = (arrivalInDays: number, hoursAgo: number, overrides: Partial<OrderValues> = {}) =>
  insertOrder(t.database.db, { ...jstArrival(arrivalInDays), createdAt: placed(hoursAgo), ...overrides });

/**
 * The reference ranking, written from the words in SQL of its own (PostgreSQL's Asia/Tokyo date):
 * arrivals not yet passed in Japan first, then priority, then the nearest arrival, then the oldest.
 */
const ARRIVAL = sql`make_date(o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan)`;
const JST_TODAY = sql`(now() at time zone 'Asia/Tokyo')::date`;
const UNASSIGNED_NEW = sql`o.process_status = 'New' and o.assigned_to_id is null
  and (o.processing_mode = 'standard' or (o.processing_mode = 'future' and o.processing_date <= (now() at time zone 'UTC')::date))`;
const UNASSIGNED_PRIORITY = sql`o.process_status = 'New' and o.assigned_to_id is null and o.processing_mode = 'priority'`;
async function expectedRanking(where: ReturnType<typeof sql>) {
  return (
    await selectRows<{ order_id: number }>(
      t.database.db,
      sql`
    select o.order_id::int as order_id from orders o where ${where}
    order by ${ARRIVAL} < ${JST_TODAY}, o.processing_mode <> 'priority', ${ARRIVAL}, o.created_at, o.order_id`,
    )
  ).map((r) => r.order_id);
}

const workNext = (who: Login, folderName: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/work-next', headers: who.headers, payload: { folderName } });
const assignee = async (id: number) =>
  (
    await selectRows<{ assigned_to_id: number | null }>(
      t.database.db,
      sql`select assigned_to_id from orders where order_id = ${id}`,
    )
  )[0]!.assigned_to_id;
const logLines = async (id: number) =>
  selectRows<{ step_name: string; staff_id: number | null; detail: string | null }>(
    t.database.db,
    sql`select step_name, staff_id, detail from process_logs where order_id = ${id} order by id`,
  );
const counts = async (who: Login) =>
  (await t.app.inject({ url: '/api/admin/get-folder-count', headers: who.headers })).json().data;
const unassignAll = () =>
  t.database.db.execute(sql`update orders set assigned_to_id = null, assigned_at = null where process_status = 'New'`);
const clearQueues = () =>
  t.database.db.execute(sql`update orders set process_status = 'Completed' where process_status = 'New'`);

beforeAll(async () => {
  t = await buildTestApp();
  lead = await t.loginAs('Manager');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/work-next', () => {
  it('gives one member the New orders one by one in urgency order, with the Assign line and the counts of Assign to me', async () => {
    await clearQueues();
    const ids = [
      await order(-2, 10), // passed: last
      await order(5, 40),
      await order(1, 2), // tomorrow, placed 2 h ago
      await order(1, 30), // tomorrow, placed 30 h ago: before the one above
      await order(0, 1), // today in Japan: first
      await order(-1, 50), // passed yesterday
      await order(3, 5, {
        processingMode: 'future',
        processingDate: new Date(Date.now() - DAY).toISOString().slice(0, 10),
      }), // due future order
      await order(2, 5, {
        processingMode: 'future',
        processingDate: new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10),
      }), // not due: never
      await order(0, 3, { processingMode: 'priority' }), // Priority, not New
    ];
    const expected = await expectedRanking(UNASSIGNED_NEW);
    expect(expected).toEqual([ids[4], ids[3], ids[2], ids[6], ids[1], ids[0], ids[5]]);
    const member = await t.loginAs('Team');
    const got: number[] = [];
    for (let i = 0; i < expected.length; i++) {
      const before = await counts(member);
      const res = await workNext(member, 'newOrder');
      expect(res.statusCode).toBe(200);
      const orderId = res.json().data.orderId as number;
      expect(res.json()).toEqual({
        status: 1,
        message: `Order ${orderId} has been assigned to you.`,
        data: { orderId },
      });
      got.push(orderId);
      expect(await assignee(orderId)).toBe(member.member.id);
      expect(await logLines(orderId)).toEqual([
        { step_name: 'Assigned', staff_id: member.member.id, detail: `Assigned to ${member.member.name}` },
      ]);
      const after = await counts(member);
      expect(after.newOrdersCount).toBe(before.newOrdersCount - 1);
      expect(after.myOrdersCount).toBe(before.myOrdersCount + 1);
    }
    expect(got).toEqual(expected);
    expect(await counts(member)).toEqual(await countFolders(t.database.db, member.member.id));
    // The queue is now empty: a clear message, nothing assigned.
    const empty = await workNext(member, 'newOrder');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      status: 1,
      message: 'No unassigned order is waiting in New Orders.',
      data: { orderId: null },
    });
    expect(await assignee(ids[8]!)).toBeNull();
    expect(await assignee(ids[7]!)).toBeNull();
  });

  it('gives twenty members pressing at once twenty different orders: the twenty most urgent', async () => {
    await clearQueues();
    for (let i = 0; i < 30; i++) await order(((i * 7) % 11) - 2, (i * 13) % 29);
    const expected = (await expectedRanking(UNASSIGNED_NEW)).slice(0, 20);
    const members: Login[] = [];
    for (let i = 0; i < 20; i++) members.push(await t.loginAs('Team'));
    const answers = await Promise.all(members.map((m) => workNext(m, 'newOrder')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const got = answers.map((a) => a.json().data.orderId as number);
    expect(new Set(got).size).toBe(20);
    expect([...got].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    for (const [i, orderId] of got.entries()) {
      expect(await assignee(orderId)).toBe(members[i]!.member.id);
      expect((await logLines(orderId)).map((l) => l.staff_id)).toEqual([members[i]!.member.id]);
    }
    expect(await counts(members[0]!)).toEqual(await countFolders(t.database.db, members[0]!.member.id));
  });

  it('in My Orders takes from Priority first, then New, leaving passed arrivals for last', async () => {
    await clearQueues();
    const standardSoon = await order(1, 10);
    const priorityLater = await order(6, 10, { processingMode: 'priority' });
    const priorityPassed = await order(-1, 10, { processingMode: 'priority' });
    const standardPassed = await order(-3, 10);
    const expected = await expectedRanking(sql`(${UNASSIGNED_NEW}) or (${UNASSIGNED_PRIORITY})`);
    expect(expected).toEqual([priorityLater, standardSoon, priorityPassed, standardPassed]);
    const member = await t.loginAs('Night Staff');
    const got = [];
    for (let i = 0; i < 4; i++) got.push((await workNext(member, 'myOrder')).json().data.orderId);
    expect(got).toEqual(expected);
    expect((await workNext(member, 'myOrder')).json()).toEqual({
      status: 1,
      message: 'No unassigned order is waiting in New Orders or Priority Orders.',
      data: { orderId: null },
    });
  });

  it('in Priority Orders takes only priority orders, and says so when there are none', async () => {
    await clearQueues();
    const standard = await order(0, 1);
    const priority = await order(2, 1, { processingMode: 'priority' });
    const member = await t.loginAs('Telecaller');
    expect((await workNext(member, 'priorityOrder')).json().data).toEqual({ orderId: priority });
    expect((await workNext(member, 'priorityOrder')).json()).toEqual({
      status: 1,
      message: 'No unassigned order is waiting in Priority Orders.',
      data: { orderId: null },
    });
    expect(await assignee(standard)).toBeNull();
  });

  it('refuses other queues (400) and callers without a session (401), assigning nothing', async () => {
    await clearQueues();
    const waiting = await order(0, 1);
    const member = await t.loginAs('Team');
    const other = await workNext(member, 'pendingOrder');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('Work next is available in New Orders, Priority Orders and My Orders.');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/work-next',
      payload: { folderName: 'newOrder' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await assignee(waiting)).toBeNull();
    expect(await logLines(waiting)).toEqual([]);
  });
});

describe('queues sorted by arrival date', () => {
  let ids: number[];
  beforeAll(async () => {
    await clearQueues();
    await unassignAll();
    ids = [await order(4, 1), await order(-1, 1), await order(2, 9), await order(2, 3), await order(9, 2)];
  });

  const byArrival = sql`${ARRIVAL}, o.created_at, o.order_id`;

  it('GET get-orders-list?sort=arrival answers nearest arrival first, then oldest; without sort, newest first as before', async () => {
    const expected = (
      await selectRows<{ order_id: number }>(
        t.database.db,
        sql`select o.order_id::int as order_id from orders o where ${UNASSIGNED_NEW} order by ${byArrival}`,
      )
    ).map((r) => r.order_id);
    expect(expected).toEqual([ids[1], ids[2], ids[3], ids[0], ids[4]]);
    const sorted = await t.app.inject({
      url: '/api/admin/get-orders-list/newOrder?sort=arrival&limit=10',
      headers: lead.headers,
    });
    expect(sorted.json().data.map((r: { order_id: number }) => r.order_id)).toEqual(expected);
    expect(sorted.json().totalRecords).toBe(5);
    const second = await t.app.inject({
      url: '/api/admin/get-orders-list/newOrder?sort=arrival&limit=2&page=2',
      headers: lead.headers,
    });
    expect(second.json().data.map((r: { order_id: number }) => r.order_id)).toEqual(expected.slice(2, 4));
    const plain = await t.app.inject({ url: '/api/admin/get-orders-list/newOrder?limit=10', headers: lead.headers });
    expect(plain.json().data.map((r: { order_id: number }) => r.order_id)).toEqual([
      ids[1],
      ids[0],
      ids[4],
      ids[3],
      ids[2],
    ]);
  });

  it("POST search-order with sort arrival sorts the matches; My Orders sorts the member's own orders", async () => {
    const payload = { start: 0, end: 10, searchVal: 'emily.tanaka', folderName: 'newOrder', sort: 'arrival' };
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-order',
      headers: lead.headers,
      payload,
    });
    expect(found.json().data.map((r: { order_id: number }) => r.order_id)).toEqual([
      ids[1],
      ids[2],
      ids[3],
      ids[0],
      ids[4],
    ]);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-order',
      headers: lead.headers,
      payload: { ...payload, searchVal: 'em' },
    });
    expect(short.json().data.map((r: { order_id: number }) => r.order_id)).toEqual([
      ids[1],
      ids[2],
      ids[3],
      ids[0],
      ids[4],
    ]);

    const member = await t.loginAs('Team');
    for (const id of [ids[0], ids[4], ids[2]]) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/admin/assign-order-status',
            headers: member.headers,
            payload: { orderId: [id] },
          })
        ).statusCode,
      ).toBe(200);
    }
    const mine = await t.app.inject({
      url: '/api/admin/get-orders-list/myOrder?sort=arrival',
      headers: member.headers,
    });
    expect(mine.json().data.map((r: { order_id: number }) => r.order_id)).toEqual([ids[2], ids[0], ids[4]]);
  });

  it('sorts every other queue by arrival too (issue 24: filtered-lists.ts), and refuses an unknown sort with 400', async () => {
    const pending = await t.app.inject({
      url: '/api/admin/get-orders-list/pendingOrder?sort=arrival',
      headers: lead.headers,
    });
    expect(pending.statusCode).toBe(200);
    const unknown = await t.app.inject({
      url: '/api/admin/get-orders-list/newOrder?sort=price',
      headers: lead.headers,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /api/admin/arrival-urgency', () => {
  it('answers the thresholds and urgent counts equal to a count straight from the orders in Japan time', async () => {
    await clearQueues();
    await unassignAll();
    for (const days of [-3, -1, 0, 0, 1, 2, 3, 4, 8]) await order(days, 1);
    for (const days of [-2, 0, 2, 5]) await order(days, 1, { processingMode: 'priority' });
    await order(1, 1, {
      processingMode: 'future',
      processingDate: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
    }); // not in New yet
    const direct = async (where: ReturnType<typeof sql>) =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`
      select count(*)::int as n from orders o where ${where}
        and ${ARRIVAL} >= ${JST_TODAY} and ${ARRIVAL} <= ((now() + interval '72 hours') at time zone 'Asia/Tokyo')::date`,
        )
      )[0]!.n;
    const res = await t.app.inject({ url: '/api/admin/arrival-urgency', headers: lead.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      urgentHours: 72,
      veryUrgentHours: 24,
      urgent: { newOrder: await direct(UNASSIGNED_NEW), priorityOrder: await direct(UNASSIGNED_PRIORITY) },
    });
    // Today (twice), tomorrow, +2 and +3: the day three days on always begins within 72 hours.
    expect(data.urgent.newOrder).toBe(5);
    expect(data.urgent.priorityOrder).toBe(2);
  });

  it('follows ARRIVAL_URGENT_HOURS', async () => {
    const narrow = await buildTestApp({ ARRIVAL_URGENT_HOURS: '1', ARRIVAL_VERY_URGENT_HOURS: '0' });
    try {
      const member = await narrow.loginAs('Team');
      const tomorrow = await insertOrder(narrow.database.db, { ...jstArrival(2) });
      const today = await insertOrder(narrow.database.db, { ...jstArrival(0) });
      expect(tomorrow).not.toBe(today);
      const res = await narrow.app.inject({ url: '/api/admin/arrival-urgency', headers: member.headers });
      expect(res.json().data).toEqual({
        urgentHours: 1,
        veryUrgentHours: 0,
        urgent: { newOrder: 1, priorityOrder: 0 },
      });
    } finally {
      await narrow.close();
    }
  });
});
