import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';

const SITE_KEY = 'ja-key-gateway-0123456789';
let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let admin: Login;
let manager: Login;

beforeAll(async () => {
  t = await buildTestApp({ INTAKE_API_KEYS: `japan-arrival=${SITE_KEY}` });
  admin = await t.loginAs('Admin', { name: 'Aiko Admin' });
  manager = await t.loginAs('Manager', { name: 'Mika Manager' });
});
afterAll(async () => {
  await t.close();
});

const gateways = () =>
  selectRows<{ id: number; gateway_name: string; is_active: boolean }>(
    t.database.db,
    sql`select id, gateway_name, is_active from payment_gateways order by id`,
  );
const active = async () => (await gateways()).filter((g) => g.is_active);
const changes = () =>
  selectRows<{ gateway_id: number; staff_name: string }>(
    t.database.db,
    sql`select gateway_id, staff_name from payment_gateway_changes order by id`,
  );
const switchTo = (who: Login, gatewayId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/payment-gateway-setting',
    headers: who.headers,
    payload: { gatewayId },
  });
const landingSiteAsks = (key: string | null = SITE_KEY) =>
  t.app.inject({
    method: 'GET',
    url: '/api/intake/active-gateway',
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });

describe('Gateway Setting', () => {
  it('lists the gateways with is_active "1" on the one active gateway', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payment-gateways', headers: manager.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((g: { gateway_name: string }) => g.gateway_name)).toEqual([
      'Stripe',
      'PayPal',
      'Adyen',
      'Checkout.com',
    ]);
    expect(body.data.filter((g: { is_active: string }) => g.is_active === '1')).toEqual([
      { id: expect.any(Number), gateway_name: 'Stripe', is_active: '1' },
    ]);
    expect(body.data.filter((g: { is_active: string }) => g.is_active === '0')).toHaveLength(3);
    expect(body.lastChange).toBeNull();
  });

  it('switches the active gateway, records who did it, and the landing sites read the new one', async () => {
    const paypal = (await gateways()).find((g) => g.gateway_name === 'PayPal')!;
    expect((await landingSiteAsks()).json()).toMatchObject({ status: 1, data: { gateway_name: 'Stripe' } });

    const res = await switchTo(manager, paypal.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'PayPal is now the active gateway.',
      data: { id: paypal.id, gateway_name: 'PayPal', is_active: '1' },
    });
    expect((await active()).map((g) => g.gateway_name)).toEqual(['PayPal']);
    expect(await changes()).toEqual([{ gateway_id: paypal.id, staff_name: 'Mika Manager' }]);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payment-gateways', headers: admin.headers })
    ).json();
    expect(list.lastChange).toMatchObject({ gateway_name: 'PayPal', staff_name: 'Mika Manager' });
    expect((await landingSiteAsks()).json()).toMatchObject({
      status: 1,
      data: { id: paypal.id, gateway_name: 'PayPal' },
    });

    // The active one again: nothing changes, nothing is recorded.
    const again = await switchTo(admin, String(paypal.id));
    expect(again.json().message).toBe('PayPal is already the active gateway.');
    expect(await changes()).toHaveLength(1);
  });

  it('leaves exactly one gateway active after 20 concurrent switches, the last one recorded', async () => {
    const all = await gateways();
    const before = (await changes()).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => switchTo(i % 2 ? admin : manager, all[i % all.length]!.id)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const now = await active();
    expect(now).toHaveLength(1);
    const recorded = await changes();
    expect(recorded.length).toBeGreaterThan(before);
    expect(recorded.at(-1)!.gateway_id).toBe(now[0]!.id);
    expect((await landingSiteAsks()).json().data.id).toBe(now[0]!.id);
  });

  it('asks to select a gateway (400) and answers 404 for an unknown one, changing nothing', async () => {
    const before = await gateways();
    for (const gatewayId of [undefined, '', 0, 'paypal']) {
      const res = await switchTo(admin, gatewayId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, errors: { gatewayId: 'Please select gateway.' } });
    }
    const missing = await switchTo(admin, 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 0, message: 'Payment gateway not found.' });
    expect(await gateways()).toEqual(before);
  });

  it('is refused (403) to Team, Telecaller and Night Staff, and nothing changes', async () => {
    const before = await gateways();
    const target = before.find((g) => !g.is_active)!;
    for (const role of ['Team', 'Telecaller', 'Night Staff'] as const) {
      const who = await t.loginAs(role);
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/payment-gateways', headers: who.headers });
      expect(list.statusCode).toBe(403);
      const res = await switchTo(who, target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, message: 'You do not have permission to do this.' });
    }
    expect(await gateways()).toEqual(before);
  });

  it('the landing-site call needs a landing site key', async () => {
    expect((await landingSiteAsks(null)).statusCode).toBe(401);
    expect((await landingSiteAsks('wrong-key-0123456789abcdef')).json()).toMatchObject({
      status: 401,
      message: 'Invalid or missing API key.',
    });
    // A staff token is not a landing site key.
    const staffToken = await t.app.inject({ method: 'GET', url: '/api/intake/active-gateway', headers: admin.headers });
    expect(staffToken.statusCode).toBe(401);
  });
});
