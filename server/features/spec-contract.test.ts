/**
 * The original client's fields that the server has no use for (product: api.md#ignored-fields) (issue 26 point 6): the client written against the
 * spec sends `userName` on the list and count calls and the assignment, `remarkerName` on the remark, `delay` on
 * the list, `customername`/`file1` on the download. Each is accepted (never a 400) and ignored in favour of the
 * bearer token, and the API document says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../test/helper';
import { insertOrder } from '../test/order-factory';
import { selectRows } from '../db/client';

let t: TestContext;
let uma: Awaited<ReturnType<TestContext['loginAs']>>;
let ben: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  t = await buildTestApp();
  uma = await t.loginAs('Team', { name: 'Uma Assignee' });
  ben = await t.loginAs('Team', { name: 'Ben Bystander' });
});
afterAll(async () => t.close());

const inject = (headers: { authorization: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe("the spec client's userName, remarkerName and delay", () => {
  it("assign-order-status takes userName and assigns the token's member, whatever name it carries", async () => {
    const orderId = await insertOrder(t.database.db);
    const res = await inject(uma.headers, 'PUT', '/api/admin/assign-order-status', {
      orderId: String(orderId),
      userName: ben.member.name,
    });
    expect(res.statusCode, res.body).toBe(200);

    // The list with the spec's query (page, limit, delay fixed at 1, userName): My Orders is the token's member's.
    const mine = await inject(
      uma.headers,
      'GET',
      `/api/admin/get-orders-list/myOrder?page=1&limit=10&delay=1&userName=${encodeURIComponent(ben.member.name)}`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((r: { order_id: number }) => r.order_id)).toContain(orderId);
    const bens = await inject(
      ben.headers,
      'GET',
      `/api/admin/get-orders-list/myOrder?page=1&limit=10&delay=1&userName=${encodeURIComponent(uma.member.name)}`,
    );
    expect(bens.statusCode).toBe(200);
    expect(bens.json().data).toEqual([]);

    // The count with userName: the same numbers as without it, the token's member's My Orders.
    const count = async (who: typeof uma, userName?: string) => {
      const r = await inject(
        who.headers,
        'GET',
        `/api/admin/get-folder-count${userName ? `?userName=${encodeURIComponent(userName)}` : ''}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as Record<string, number>;
    };
    expect((await count(uma, ben.member.name)).myOrdersCount).toBe(1);
    expect(await count(uma, ben.member.name)).toEqual(await count(uma));
    expect((await count(ben, uma.member.name)).myOrdersCount).toBe(0);
  });

  it("add-new-remark takes remarkerName and records the remark under the token's member", async () => {
    const orderId = await insertOrder(t.database.db);
    const res = await inject(uma.headers, 'POST', '/api/admin/add-new-remark', {
      orderId,
      remark: 'Called the customer',
      remarkerName: 'Somebody Else',
      whatsapp: false,
      telephone: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ remark_name: 'Uma Assignee', remark: 'Called the customer' });
    const detail = (await inject(uma.headers, 'GET', `/api/admin/get-orders-details/${orderId}`)).json().data;
    expect(detail.remark.map((r: { remark_name: string }) => r.remark_name)).toEqual(['Uma Assignee']);
  });

  it('are documented in /api/docs as accepted and ignored', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const param = (path: string, name: string) =>
      (doc.paths[path].get.parameters as { name: string; description?: string }[]).find((p) => p.name === name)
        ?.description;
    expect(param('/api/admin/get-folder-count', 'userName')).toMatch(/accepted .* and ignored/i);
    expect(param('/api/admin/get-orders-list/{orderName}', 'userName')).toMatch(/accepted .* and ignored/i);
    expect(param('/api/admin/get-orders-list/{orderName}', 'delay')).toMatch(/accepted .* and ignored/i);
    const bodyProp = (path: string, method: string, name: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema.properties[name]?.description;
    expect(bodyProp('/api/admin/add-new-remark', 'post', 'remarkerName')).toMatch(/accepted .* and ignored/i);
    expect(bodyProp('/api/admin/assign-order-status', 'put', 'userName')).toMatch(/accepted .* and ignored/i);
    expect(bodyProp('/api/front/download-passport-doc-pdf', 'post', 'customername')).toMatch(/accepted and ignored/i);
    const download = doc.paths['/api/front/download-passport-doc-pdf'];
    expect(download.post.description).toContain('{status, message}');
    expect(download.get.description).toMatch(/once/);
  });
});

describe('every call of the original client with its payload (product: api.md#calls)', () => {
  it("is accepted: no call refuses a field the spec's client sends", async () => {
    const admin = await t.loginAs('Admin', { name: 'Ada Admin' });
    const spare = await t.loginAs('Team', { name: 'Spare Member' });
    const orderId = await insertOrder(t.database.db, {
      paymentAmount: '49.00',
      paymentCurrency: 'USD',
      paymentGateway: 'Fuzzpay',
      paidAt: new Date(),
    });
    const toDelete = await insertOrder(t.database.db);
    const refund = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    const [gateway] = await selectRows<{ id: number }>(
      t.database.db,
      sql`select id from payment_gateways order by id limit 1`,
    );
    const calls: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
      ['get-folder-count', 'GET', '/api/admin/get-folder-count?userName=Ada%20Admin'],
      ['get-orders-list', 'GET', '/api/admin/get-orders-list/ChargeBack?page=1&limit=10&delay=1&userName=Ada%20Admin'],
      [
        'get-orders-list futureOrder',
        'GET',
        '/api/admin/get-orders-list/futureOrder?page=1&limit=10&delay=1&userName=Ada%20Admin',
      ],
      [
        'change-order-status (Future Order delete)',
        'PUT',
        '/api/admin/change-order-status',
        { orderId: [String(toDelete)], permanentDeletedFlag: false, updatingStatus: 'Deleted' },
      ],
      ['move-to-complete-refund', 'PUT', '/api/admin/move-to-complete-refund', { orderId: [String(refund)] }],
      [
        'search-order',
        'POST',
        '/api/admin/search-order',
        { start: 0, end: 10, searchVal: '', folderName: 'orderHistory' },
      ],
      ['get-orders-details', 'GET', `/api/admin/get-orders-details/${orderId}`],
      ['get-defence-pack-pdf', 'POST', '/api/admin/get-defence-pack-pdf', { orderId, defencePackType: 1 }],
      ['get-country-order-count', 'POST', '/api/admin/get-country-order-count', { fromDate: '', toDate: '' }],
      ['get-processed-by-count', 'POST', '/api/admin/get-processed-by-count', {}],
      ['send-invoice', 'POST', '/api/admin/send-invoice', { orderId: String(orderId) }],
      [
        'get-processed-by-info',
        'POST',
        '/api/admin/get-processed-by-info',
        { page: 1, limit: 10, search: '', fromDate: '', toDate: '' },
      ],
      ['get-processlogs-by-orderid', 'GET', `/api/admin/get-processlogs-by-orderid/${orderId}`],
      [
        'add-new-remark',
        'POST',
        '/api/admin/add-new-remark',
        { orderId, remark: 'Spec remark', remarkerName: 'Ada Admin' },
      ],
      ['get-team-member-list', 'GET', '/api/admin/get-team-member-list'],
      [
        'add-team-member',
        'POST',
        '/api/admin/add-team-member',
        { name: 'New Person', email: 'new.person@staff.example', password: 'secret1', type: 'Team' },
      ],
      ['team-member-info', 'GET', `/api/admin/team-member-info/${spare.member.id}`],
      [
        'update-team-member',
        'POST',
        '/api/admin/update-team-member',
        { name: 'Spare Member', email: spare.member.email, password: '', type: 'Team', tmId: spare.member.id },
      ],
      ['delete-team-member', 'PUT', '/api/admin/delete-team-member', { teamMemberId: spare.member.id }],
      ['get-team-member-type', 'GET', '/api/admin/get-team-member-type'],
      ['payment-gateways', 'GET', '/api/admin/payment-gateways'],
      ['payment-gateway-setting', 'POST', '/api/admin/payment-gateway-setting', { gatewayId: gateway!.id }],
      ['user_info', 'GET', '/api/user_info'],
    ];
    const refused: string[] = [];
    for (const [name, method, url, payload] of calls) {
      const res = await inject(admin.headers, method, url, payload);
      if (res.statusCode !== 200) refused.push(`${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(refused).toEqual([]);

    // The public calls, with a customer's order token.
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(orderId), email: 'emily.tanaka@mail.example' },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const customer = { authorization: `Bearer ${tracked.json().data.accessToken}` };
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/front/get-download-history',
      payload: { orderId: String(orderId) },
      headers: customer,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(Object.keys(history.json())).toEqual(
      expect.arrayContaining(['status', 'message', 'data', 'mainResult', 'path']),
    );
  });
});
