/**
 * The order answers sealed at rest (product: security.md#columns, security.md#existing-data): read with plain SQL,
 * `orders` holds no passport number, birth date, expiry, address or flight in clear, for an order taken by intake
 * and for the seed's orders; the order page shows them as given. Orders stored in clear (before sealing) read as
 * before, and the sealing job seals them a batch at a time, leaving erased orders alone, and finds nothing the
 * second time. A request for information's change set keeps a sealed answer's old and new values sealed too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows } from '../../db/client';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder, intakeApplication } from '../../test/order-factory';
import { sealRequestAnswers } from '../information-requests';
import { sealOrdersInClear } from './seal-orders';
import { mailedAnswerToken } from '../../test/answer-link';

const INTAKE_KEY = 'sealing-test-intake-key-0123456789';
let t: TestContext;
let headers: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp({ INTAKE_API_KEYS: `japan-arrival=${INTAKE_KEY}` });
  headers = (await t.loginAs('Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const detail = async (orderId: number) => {
  const res = await t.app.inject({ url: `/api/admin/get-orders-details/${orderId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};

/** Orders not erased whose sealed columns hold anything but the blank of their type. */
const IN_CLEAR_COUNT = sql`select count(*)::int as n from orders where travel_erased_at is null and (
  passport_number <> '' or date_of_dob <> 0 or month_of_dob <> 0 or year_of_dob <> 0 or date_of_expiry <> 0
  or month_of_expiry <> 0 or year_of_expiry <> 0 or home_address_country_name is not null
  or home_address_city_name is not null or airline_company <> '' or flight_number <> '' or point_of_embarkation <> ''
  or postal_code_japan <> '' or prefecture <> '' or city <> '' or address <> '' or hotel_name <> ''
  or declaration_one <> '' or occupation <> '')`;
const countSchema = z.object({ n: z.number() });

describe('order answers sealed at rest', () => {
  it('keeps no passport number, birth date, expiry, address or flight in clear, and the order page reads them', async () => {
    const application = intakeApplication({
      passport_number: 'zq9081726',
      year_of_dob: 1979,
      address: '9-9-9 Sealed-dori',
      hotel_name: 'Hotel Ciphertext',
      flight_number: 'NH 847',
      home_address_city_name: 'Montevideo',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/intake/orders',
      headers: { authorization: `Bearer ${INTAKE_KEY}`, 'idempotency-key': 'sealing-test-1' },
      payload: application as unknown as Record<string, unknown>,
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.orderId as number;
    await t.seedOrders(40);

    const rows = await selectRows(
      t.database.db,
      z.object({ row: z.string() }),
      sql`select o::text as row from orders o`,
    );
    expect(rows.length).toBe(41);
    const table = rows.map((r) => r.row).join('\n');
    for (const clear of [
      'ZQ9081726',
      'zq9081726',
      '1979',
      '9-9-9 Sealed-dori',
      'Hotel Ciphertext',
      'NH847',
      'Montevideo',
    ])
      expect(table).not.toContain(clear);
    expect((await selectRows(t.database.db, countSchema, IN_CLEAR_COUNT))[0]!.n).toBe(0);
    const sealed = await selectRows(
      t.database.db,
      countSchema,
      sql`select count(*)::int as n from orders where travel_sealed like 'ev1.ktest.%' and passport_number_index is not null`,
    );
    expect(sealed[0]!.n).toBe(41);

    expect(await detail(orderId)).toMatchObject({
      passport_number: 'ZQ9081726',
      year_of_dob: 1979,
      month_of_dob: 11,
      date_of_dob: 7,
      year_of_expiry: 2032,
      address: '9-9-9 Sealed-dori',
      hotel_name: 'Hotel Ciphertext',
      flight_number: 'NH847',
      home_address_city_name: 'Montevideo',
      prefecture: 'TOKYO',
      declaration_one: 'no',
      surname: 'MOREAU',
    });
    expect(await detail(orderId)).not.toHaveProperty('travel_sealed');
  });

  it('reads orders stored in clear as before, and the sealing job seals them a batch at a time, erased ones left', async () => {
    const clear = [];
    for (const n of [1, 2, 3, 4, 5])
      clear.push(
        await insertOrder(t.database.db, { passportNumber: `CL${n}00200`, perfume: '12.50' }, { inClear: true }),
      );
    const erased = await insertOrder(
      t.database.db,
      { passportNumber: '', travelErasedAt: new Date(), hotelName: '' },
      { inClear: true },
    );
    const before = await Promise.all(clear.map(detail));
    expect(before[0]).toMatchObject({
      passport_number: 'CL100200',
      perfume: '12.50',
      hotel_name: 'Sakura Garden Hotel',
    });
    expect((await selectRows(t.database.db, countSchema, IN_CLEAR_COUNT))[0]!.n).toBe(5);

    const batches: number[] = [];
    const sealed = await sealOrdersInClear(
      { db: t.database.db, ring: t.app.keyRing },
      { batchSize: 2, onBatch: (done) => batches.push(done) },
    );
    expect(sealed).toBe(5);
    expect(batches).toEqual([2, 4, 5]);
    expect((await selectRows(t.database.db, countSchema, IN_CLEAR_COUNT))[0]!.n).toBe(0);
    expect(await Promise.all(clear.map(detail))).toEqual(before);
    const [left] = await selectRows(
      t.database.db,
      z.object({ travel_sealed: z.string().nullable() }),
      sql`select travel_sealed from orders where order_id = ${erased}`,
    );
    expect(left).toEqual({ travel_sealed: null });

    expect(await sealOrdersInClear({ db: t.database.db, ring: t.app.keyRing })).toBe(0);
  });

  it("keeps a sealed answer's old and new values sealed in the request's change set, and seals those stored in clear", async () => {
    const orderId = await insertOrder(t.database.db, { passportNumber: 'RQ1122334', hotelName: 'Hotel Before' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/information-requests',
      headers,
      payload: { orderId, fields: ['passport_number'], note: 'Your passport number, please.' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await mailedAnswerToken(t.database.db, orderId);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/front/information-request/answer',
      payload: { token, answers: { passport_number: 'rq5566778' } },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // A change set written before sealing: the hotel's values in clear.
    const requestId = (asked.json().data as { id: number }).id;
    await t.database.db.execute(sql`
      insert into information_request_changes (request_id, order_id, field, old_value, new_value)
      values (${requestId}, ${orderId}, 'hotel_name', '"Hotel Before"'::jsonb, '"Hotel After"'::jsonb)`);

    const stored = async () =>
      (
        await selectRows(
          t.database.db,
          z.object({ row: z.string() }),
          sql`select c::text as row from information_request_changes c where order_id = ${orderId}`,
        )
      )
        .map((r) => r.row)
        .join('\n');
    expect(await stored()).not.toContain('RQ1122334');
    expect(await stored()).not.toContain('RQ5566778');
    expect(await stored()).toContain('Hotel After');
    const review = async () => {
      const res = await t.app.inject({ url: `/api/admin/order-information-requests/${orderId}`, headers });
      return (res.json().data as { changes: { field: string; old_value: unknown; new_value: unknown }[] }[])[0]!
        .changes;
    };
    const before = await review();
    expect(before).toEqual([
      expect.objectContaining({ field: 'passport_number', old_value: 'RQ1122334', new_value: 'RQ5566778' }),
      expect.objectContaining({ field: 'hotel_name', old_value: 'Hotel Before', new_value: 'Hotel After' }),
    ]);

    expect(await sealRequestAnswers({ db: t.database.db, ring: t.app.keyRing })).toBe(1);
    expect(await stored()).not.toContain('Hotel');
    expect(await review()).toEqual(before);
    expect(await sealRequestAnswers({ db: t.database.db, ring: t.app.keyRing })).toBe(0);
  });
});
