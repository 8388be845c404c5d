/**
 * The shared filter contract (issue 24): the schema's forms and messages, each filter's conditions against a
 * hand-written SQL count, and every sort against a hand-written ORDER BY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import {
  ORDER_SORTS,
  queueFiltersSchema,
  queueFiltersToQuery,
  queueFilterIssues,
  type OrderSort,
  type QueueFilters,
} from '../../../shared/schemas/queue-filters';
import { queueFilterConditions, queueFilterWhere, queueOrderBy } from './queue-filters';
import { AppError } from '../../lib/errors';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
let t: TestContext;
let member: number;
let visitSite: number;

beforeAll(async () => {
  t = await buildTestApp();
  member = (await t.loginAs('Team')).member.id;
  await t.seedOrders(400);
  [{ id: visitSite }] = (await selectRows<{ id: number }>(
    t.database.db,
    sql`select id from landing_sites where site_key = 'visit-japan-card'`,
  )) as [{ id: number }];
  // A few orders the seed does not make: other currencies, a known assignee, amounts at the edges.
  await insertOrder(t.database.db, {
    paymentAmount: '49.00',
    paymentCurrency: 'EUR',
    assignedToId: member,
    processStatus: 'Pending',
    nationality: 'India',
    landingSiteId: visitSite,
  });
  await insertOrder(t.database.db, {
    paymentAmount: '120.50',
    paymentCurrency: 'JPY',
    nationality: 'India',
    processingMode: 'priority',
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const count = async (where: SQL) =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders o where ${where}`))[0]!.n;
const filtered = (filters: Record<string, unknown>) => count(queueFilterWhere(queueFiltersSchema().parse(filters)));

describe('queueFiltersSchema', () => {
  it('takes lists as arrays or comma-separated text, and leaves out blank entries', () => {
    expect(queueFiltersSchema().parse({ nationality: 'India, USA', assigneeId: '0,4', currency: ['usd'] })).toEqual({
      nationality: ['India', 'USA'],
      assigneeId: [0, 4],
      currency: ['USD'],
    });
    expect(queueFiltersSchema().parse({ nationality: '' })).toEqual({ nationality: [] });
  });

  it('refuses bad values with a message naming the field', () => {
    const message = (input: Record<string, unknown>) => {
      const result = queueFiltersSchema().safeParse(input);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(message({ processingMode: 'express' })).toBe('processingMode must be standard, priority, future.');
    expect(message({ nationality: 'Atlantis' })).toMatch(/^nationality must be country names/);
    expect(message({ arrivalFrom: '2026-02-30' })).toBe('arrivalFrom must be a date as YYYY-MM-DD.');
    expect(message({ status: 'Deleted' })).toMatch(/^status must be New, Pending/);
    expect(message({ amountMin: -1 })).toBe('amountMin must be 0 or more.');
    expect(message({ currency: 'US' })).toBe('currency must be ISO codes such as USD.');
    expect(message({ assigneeId: 'x' })).toBe('assigneeId must be member ids (0 = unassigned).');
    expect(queueFilterIssues({ arrivalFrom: '2026-05-02', arrivalTo: '2026-05-01' })).toEqual([
      { path: 'arrivalTo', message: 'arrivalTo must be on or after arrivalFrom.' },
    ]);
    expect(queueFilterIssues({ status: ['Completed'] }, 'newOrder')).toEqual([
      { path: 'status', message: 'The status filter is available in Order History only.' },
    ]);
    expect(queueFilterIssues({ status: ['Completed'] }, 'orderHistory')).toEqual([]);
  });

  it('writes filters back as address values the schema reads again', () => {
    const filters: QueueFilters = {
      nationality: ['India', 'USA'],
      arrivalFrom: '2026-01-01',
      amountMin: 10,
      assigneeId: [0],
    };
    const query = queueFiltersToQuery(filters);
    expect(query).toEqual({ nationality: 'India,USA', arrivalFrom: '2026-01-01', assigneeId: '0', amountMin: '10' });
    expect(queueFiltersSchema().parse(query)).toEqual(filters);
  });
});

describe('queueFilterConditions', () => {
  it('no filter, no condition', () => {
    expect(queueFilterConditions({})).toEqual([]);
    expect(queueFilterConditions({ nationality: [] })).toEqual([]);
  });

  it('refuses a status filter outside Order History (400)', () => {
    expect(() => queueFilterConditions({ status: ['Completed'] }, 'pendingOrder')).toThrowError(AppError);
    expect(queueFilterConditions({ status: ['Completed'] }, 'orderHistory')).toHaveLength(1);
  });

  it('each filter selects what a hand-written condition selects', async () => {
    const arrival = sql`make_date(o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan)`;
    const cases: [Record<string, unknown>, SQL][] = [
      [{ landingSite: 'visit-japan-card' }, sql`o.landing_site_id = ${visitSite}`],
      [{ processingMode: 'priority,future' }, sql`o.processing_mode <> 'standard'`],
      [{ nationality: ['India'] }, sql`o.nationality = 'India'`],
      [{ arrivalFrom: isoDay(0) }, sql`${arrival} >= ${isoDay(0)}::date`],
      [{ arrivalTo: isoDay(0) }, sql`${arrival} <= ${isoDay(0)}::date`],
      [
        { arrivalFrom: isoDay(-10), arrivalTo: isoDay(10) },
        sql`${arrival} between ${isoDay(-10)}::date and ${isoDay(10)}::date`,
      ],
      [
        { orderFrom: isoDay(-40), orderTo: isoDay(-20) },
        sql`(o.created_at at time zone 'UTC')::date between ${isoDay(-40)}::date and ${isoDay(-20)}::date`,
      ],
      [{ assigneeId: [member] }, sql`o.assigned_to_id = ${member}`],
      [{ assigneeId: [0] }, sql`o.assigned_to_id is null`],
      [{ assigneeId: [0, member] }, sql`coalesce(o.assigned_to_id, ${member}) = ${member}`],
      [{ status: ['Refunds', 'ChargeBack'] }, sql`o.process_status in ('Refunds', 'ChargeBack')`],
      [{ amountMin: 50 }, sql`o.payment_amount >= 50`],
      [{ amountMax: 50 }, sql`o.payment_amount <= 50`],
      [{ currency: 'eur,jpy' }, sql`o.payment_currency in ('EUR', 'JPY')`],
      [{ nationality: 'India', amountMin: 100 }, sql`o.nationality = 'India' and o.payment_amount >= 100`],
    ];
    for (const [filters, expected] of cases) {
      const want = await count(expected);
      expect(await filtered(filters), JSON.stringify(filters)).toBe(want);
    }
    // The cases select some orders and not all, so the comparison means something.
    const all = await count(sql`true`);
    expect(await filtered({ nationality: ['India'] })).toBeGreaterThan(1);
    expect(await filtered({ nationality: ['India'] })).toBeLessThan(all);
    expect(await filtered({ currency: 'EUR' })).toBe(1);
  });
});

describe('queueOrderBy', () => {
  const ids = async (order: SQL) =>
    (
      await selectRows<{ order_id: number }>(
        t.database.db,
        sql`select o.order_id::int as order_id from orders o order by ${order}`,
      )
    ).map((r) => r.order_id);
  it('orders by each sort as a hand-written ORDER BY does, newest first by default', async () => {
    const arrival = sql`make_date(o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan)`;
    const expected: Record<OrderSort, SQL> = {
      newest: sql`o.created_at desc, o.order_id desc`,
      oldest: sql`o.created_at, o.order_id`,
      arrival: sql`${arrival}, o.created_at, o.order_id`,
      arrival_desc: sql`${arrival} desc, o.created_at desc, o.order_id desc`,
      order_id: sql`o.order_id`,
      order_id_desc: sql`o.order_id desc`,
      name: sql`lower(o.surname), lower(o.given_name), o.order_id`,
      name_desc: sql`lower(o.surname) desc, lower(o.given_name) desc, o.order_id desc`,
    };
    for (const sort of ORDER_SORTS) expect(await ids(queueOrderBy(sort)), sort).toEqual(await ids(expected[sort]));
    expect(await ids(queueOrderBy())).toEqual(await ids(expected.newest));
    expect(await ids(queueOrderBy('name'))).not.toEqual(await ids(expected.newest));
  });
});
