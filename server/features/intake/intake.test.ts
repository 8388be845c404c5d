import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTravelOpened } from '../../db/sealed-travel';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import { decodeOrderId } from '../../../shared/ids';
import { intakeApplication as valid } from '../../test/order-factory';

const JAPAN_KEY = 'ja-key-0123456789abcdef';
const VISIT_KEY = 'vj-key-0123456789abcdef';
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({
    INTAKE_API_KEYS: `japan-arrival=${JAPAN_KEY},visit-japan-card=${VISIT_KEY}`,
    PUBLIC_BASE_URL: 'https://track.example',
  });
});
afterAll(async () => {
  await t.close();
});

const submit = (
  body: unknown,
  { key = JAPAN_KEY, idem = `idem-${Math.random()}` }: { key?: string | null; idem?: string | null } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/intake/orders',
    payload: body as Record<string, unknown>,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(idem ? { 'idempotency-key': idem } : {}) },
  });
const orderCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0]!.n;

describe('POST /api/intake/orders', () => {
  it("creates the order for the key's landing site and answers its id and track URL", async () => {
    const res = await submit({ ...valid(), landing_site_id: 999, process_status: 'Completed' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: 'Order received' });
    const { orderId, trackUrl } = body.data;
    expect(orderId).toBeGreaterThanOrEqual(100001);
    expect(trackUrl).toMatch(/^https:\/\/track\.example\/track-order\/[A-Za-z0-9+/]+$/);
    expect(decodeOrderId(trackUrl.split('/').pop())).toBe(orderId);
    const [stored] = await selectRows<Record<string, unknown>>(
      t.database.db,
      sql`
      select o.process_status, o.processing_mode, o.given_name, o.surname, o.passport_number, o.prefecture, o.city, o.postal_code_japan,
        o.personal_phone_code, o.personal_telephone_number, o.date_of_dob, o.payment_amount, o.payment_currency, s.site_key,
        o.travel_sealed
      from orders o join landing_sites s on s.id = o.landing_site_id where o.order_id = ${orderId}`,
    );
    // The passport and address answers are stored sealed, blank in their columns (server/db/sealed-travel.ts).
    expect(stored).toMatchObject({ passport_number: '', prefecture: '', city: '', date_of_dob: 0 });
    const row = withTravelOpened(t.app.keyRing, stored!);
    expect(row).toMatchObject({
      process_status: 'New',
      processing_mode: 'standard',
      given_name: 'CLAIRE',
      surname: 'MOREAU',
      passport_number: 'PA1234567',
      prefecture: 'TOKYO',
      city: 'SHINJUKU-KU',
      postal_code_japan: '1600023',
      personal_phone_code: '33',
      personal_telephone_number: '612345678',
      date_of_dob: 7,
      payment_amount: '49.00',
      payment_currency: 'USD',
      site_key: 'japan-arrival',
    });
    const logs = await selectRows<{ step_name: string; staff_name: string | null }>(
      t.database.db,
      sql`select step_name, staff_name from process_logs where order_id = ${orderId}`,
    );
    expect(logs).toEqual([{ step_name: 'Order received', staff_name: null }]);
    // It arrives in New Orders.
    const admin = await t.loginAs('Admin');
    const list = (await t.app.inject({ url: '/api/admin/get-orders-list/newOrder', headers: admin.headers })).json();
    expect(list.data[0].order_id).toBe(orderId);
  });

  it('answers 401 for a missing or unknown key, whatever the body, and creates nothing', async () => {
    const before = await orderCount();
    for (const key of [null, 'not-a-real-key-0000000000']) {
      const res = await submit(valid(), { key });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: 'Invalid or missing API key.' });
    }
    expect((await submit({}, { key: 'wrong' })).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('answers 400 with an error per field for a bad body, and creates nothing', async () => {
    const before = await orderCount();
    const res = await submit(
      valid({
        email: 'not-an-email',
        nationality: 'Atlantis',
        prefecture: 'NARNIA',
        month_of_dob: 13,
        declaration_one: 'maybe' as 'yes',
        passport_number: undefined as unknown as string,
      }),
    );
    expect(res.statusCode).toBe(400);
    const { errors, status } = res.json();
    expect(status).toBe(0);
    expect(errors).toMatchObject({
      email: 'Please enter a valid email.',
      nationality: 'The nationality must be a country name from the list.',
      prefecture: 'Prefecture must be one of the 47 prefectures or OTHER.',
      month_of_dob: 'Month of birth must be 1-12.',
      declaration_one: 'Declaration 1: answer yes or no.',
      passport_number: 'Please enter the passport number.',
    });
    const crossField = await submit(
      valid({
        processing_mode: 'future',
        purpose_of_visit: 'Others',
        declaration_eight: 'yes',
        date_of_arrival_in_japan: 31,
        month_of_arrival_in_japan: 2,
      }),
    );
    expect(crossField.statusCode).toBe(400);
    expect(crossField.json().errors).toMatchObject({
      processing_date: 'A future order needs a processing_date.',
      specific_purpose_for_visit: 'Please enter the specific purpose.',
      quantity_of_unaccompanied_articles: 'Please enter the quantity of unaccompanied articles.',
      date_of_arrival_in_japan: 'Arrival date is not a valid date.',
    });
    const noKey = await submit(valid(), { idem: null });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toHaveProperty('idempotency-key');
    expect(await orderCount()).toBe(before);
  });

  it('refuses a NUL character (U+0000) in a text answer with 400 naming the field, and creates nothing', async () => {
    // PostgreSQL cannot store U+0000 in text: it used to fail the INSERT, answer 500 and log the whole row.
    const before = await orderCount();
    const res = await submit(
      valid({ surname: 'Mor\u0000eau', hotel_name: '\u0000', duration_of_stay: '10 days\u0000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 0,
      message: 'The surname must not contain the NUL character (U+0000).',
      errors: {
        surname: 'The surname must not contain the NUL character (U+0000).',
        hotel_name: 'The hotel name must not contain the NUL character (U+0000).',
        duration_of_stay: 'The duration of stay must not contain the NUL character (U+0000).',
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it('returns the first order for a retried Idempotency-Key, never a second one', async () => {
    const before = await orderCount();
    const first = await submit(valid(), { idem: 'checkout-42' });
    const retry = await submit(valid(), { idem: 'checkout-42' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);
    expect(await orderCount()).toBe(before + 1);
    // The same key with a different order is a client bug: 409.
    const different = await submit(valid({ given_name: 'Other' }), { idem: 'checkout-42' });
    expect(different.statusCode).toBe(409);
    // Keys belong to a landing site: another site's same key is its own order.
    const otherSite = await submit(valid(), { key: VISIT_KEY, idem: 'checkout-42' });
    expect(otherSite.statusCode).toBe(201);
    expect(await orderCount()).toBe(before + 2);
  });

  it('makes one order when the same submission arrives twice at once', async () => {
    const before = await orderCount();
    const results = await Promise.all(
      [1, 2, 3].map(() => submit(valid({ given_name: 'Twin' }), { idem: 'double-click-7' })),
    );
    expect(new Set(results.map((r) => r.json().data.orderId)).size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await orderCount()).toBe(before + 1);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/intake/orders'].post;
    expect(
      op.parameters.some((p: { name: string; in: string }) => p.name === 'idempotency-key' && p.in === 'header'),
    ).toBe(true);
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('passport_number');
    expect(doc.paths).toHaveProperty('/api/admin/search-order');
  });
});
