/**
 * Finding an order by its sealed passport number (product: security.md#blind-index): the queue search, sorted by
 * arrival or filtered too, finds the order holding exactly that number (any case, spaces or dashes), never one holding
 * a part of it, and an order sealed under the previous key after a rotation began; the export and the bulk action of
 * that view take the same orders as its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { generateKeyEntry, keyRing, parseEncryptionKeys } from '../../lib/encryption/key-ring';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { TEST_ENCRYPTION_KEYS } from '../../test/test-keys';

let t: TestContext;
let headers: { authorization: string };
let found: number;
let twin: number;
let rotatedApp: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  headers = (await t.loginAs('Admin')).headers;
  await t.seedRecentOrders(80);
  found = await insertOrder(t.database.db, { passportNumber: 'XK4455667', nationality: 'Kenya' });
  // A passport number holding the first one's digits: a part of a number is not the number.
  twin = await insertOrder(t.database.db, { passportNumber: 'XK44556670', nationality: 'Kenya' });
  rotatedApp = await buildApp({
    config: t.config,
    database: t.database,
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    keyRing: keyRing(parseEncryptionKeys(`${generateKeyEntry('k2')},${TEST_ENCRYPTION_KEYS}`)),
  });
  await rotatedApp.ready();
});
afterAll(async () => {
  await rotatedApp.close();
  await t.close();
});

const ids = async (body: Record<string, unknown>, app: FastifyInstance = t.app) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/search-order',
    headers,
    payload: { start: 0, end: 50, folderName: 'newOrder', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { order_id: number }[]).map((r) => r.order_id);
};

describe('the queue search by passport number', () => {
  it('finds the order holding exactly that number, in every path of the search, and no other', async () => {
    for (const searchVal of ['XK4455667', 'xk4455667', ' xk 445-5667 '])
      expect(await ids({ searchVal })).toEqual([found]);
    expect(await ids({ searchVal: 'XK4455667', sort: 'arrival' })).toEqual([found]);
    expect(await ids({ searchVal: 'XK4455667', nationality: ['Kenya'] })).toEqual([found]);
    expect(await ids({ searchVal: 'XK4455667', folderName: 'orderHistory', sort: 'name' })).toEqual([found]);
    expect(await ids({ searchVal: 'XK44556670' })).toEqual([twin]);
    expect(await ids({ searchVal: 'XK445566' })).toEqual([]);
    expect(await ids({ searchVal: 'XK4455668' })).toEqual([]);
  });

  it('finds an order sealed under the previous key when the ring has a new one', async () => {
    expect(await ids({ searchVal: 'XK4455667' }, rotatedApp)).toEqual([found]);
  });

  it("exports and bulk-moves the same orders as the view's page", async () => {
    const view = { folderName: 'newOrder', searchVal: 'xk4455667' };
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export-orders',
      headers,
      payload: { ...view, format: 'csv' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [, ...rows] = parse(exported.rawPayload, { bom: true }) as string[][];
    expect(rows.map((r) => Number(r[0]))).toEqual([found]);

    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-orders',
      headers,
      payload: { action: 'move', status: 'Pending', all: view, expectedCount: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids({ searchVal: 'XK4455667', folderName: 'pendingOrder' })).toEqual([found]);
  });
});
