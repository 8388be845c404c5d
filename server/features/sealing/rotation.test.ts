/**
 * A key rotation while the product serves (product: security.md#key-procedure): the processes restarted with a new
 * key first (the old one after it) keep answering order pages and edits while `rotateKeys` seals every order again in
 * small batches; no request fails, every value ends under the new key, the old key is retired, and a ring holding
 * only the new key then opens everything and passes the start's check (before the rotation it would not). On
 * PostgreSQL: a row a member holds during a pass is left, and a later pass moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { selectRows } from '../../db/client';
import { openTravel } from '../../db/sealed-travel';
import { generateKeyEntry, keyIdOfValue, keyRing, parseEncryptionKeys } from '../../lib/encryption/key-ring';
import { checkStoredKeys, registerCurrentKey } from '../../lib/encryption/stored-keys';
import { buildTestApp, isPostgres, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { TEST_ENCRYPTION_KEYS } from '../../test/test-keys';
import { rotateKeys } from './rotation';
import { mailedAnswerToken } from '../../test/answer-link';

const newEntry = generateKeyEntry('k2');
const rotatedRing = keyRing(parseEncryptionKeys(`${newEntry},${TEST_ENCRYPTION_KEYS}`));
const newKeyOnly = keyRing(parseEncryptionKeys(newEntry));

let t: TestContext;
let headers: { authorization: string };
const apps: FastifyInstance[] = [];
/** The app as a process restarted with `ring` runs it, on the test's database. */
async function appWith(ring: typeof rotatedRing): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    keyRing: ring,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await buildTestApp();
  headers = (await t.loginAs('Admin')).headers;
  await t.seedRecentOrders(240);
  for (const n of [1, 2, 3]) await insertOrder(t.database.db, { passportNumber: `OLD${n}55501` }, { inClear: true });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

const sealedRows = () =>
  selectRows(
    t.database.db,
    z.object({ order_id: z.number(), travel_sealed: z.string().nullable() }),
    sql`select order_id::int as order_id, travel_sealed from orders order by order_id`,
  );

const mailedToken = (orderId: number) => mailedAnswerToken(t.database.db, orderId);

describe('a key rotation while the product serves', () => {
  it('answers every request meanwhile, ends with every value under the new key, and lets the old key go', async () => {
    const ids = (await sealedRows()).map((r) => r.order_id);
    expect(ids.length).toBe(243);
    await expect(checkStoredKeys(t.database.db, newKeyOnly)).rejects.toThrow(
      'ENCRYPTION_KEYS: holds no key ktest, which sealed stored data',
    );
    const app = await appWith(rotatedRing);
    await registerCurrentKey(t.database.db, rotatedRing);
    const expected = new Map(
      await Promise.all(
        ids.slice(0, 40).map(async (id) => {
          const res = await app.inject({ url: `/api/admin/get-orders-details/${id}`, headers });
          return [id, res.json().data.passport_number as string] as const;
        }),
      ),
    );

    // Staff at work: order pages read, transaction details saved, and a customer's corrected flight accepted.
    let rotating = true;
    const statuses: number[] = [];
    const wrongPassports: number[] = [];
    const staffAtWork = (async () => {
      for (let i = 0; rotating || i < 10; i++) {
        const id = ids[(i * 7) % 40]!;
        const read = await app.inject({ url: `/api/admin/get-orders-details/${id}`, headers });
        statuses.push(read.statusCode);
        if (read.json().data?.passport_number !== expected.get(id)) wrongPassports.push(id);
        const edit = await app.inject({
          method: 'POST',
          url: '/api/admin/update-transaction-details',
          headers,
          payload: { orderId: ids[(i * 11) % ids.length], transactionId: `TX-ROT-${i}`, merchantName: 'Merchant' },
        });
        statuses.push(edit.statusCode);
      }
    })();
    const flightOrder = ids[5]!;
    const customer = (async () => {
      const asked = await app.inject({
        method: 'POST',
        url: '/api/admin/information-requests',
        headers,
        payload: { orderId: flightOrder, fields: ['flight_number'], note: 'Your flight, please.' },
      });
      statuses.push(asked.statusCode);
      const answered = await app.inject({
        method: 'POST',
        url: '/api/front/information-request/answer',
        payload: { token: await mailedToken(flightOrder), answers: { flight_number: 'JL5' } },
      });
      statuses.push(answered.statusCode);
      const request = asked.json().data as { id: number };
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/admin/information-requests/${request.id}/accept`,
        headers,
      });
      statuses.push(accepted.statusCode);
    })();

    const lines: string[] = [];
    const result = await rotateKeys(
      { db: t.database.db, ring: rotatedRing, config: t.config, batchSize: 25 },
      { say: (line) => lines.push(line) },
    );
    rotating = false;
    await Promise.all([staffAtWork, customer]);

    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(wrongPassports).toEqual([]);
    // The accepted answer may have been sealed under the new key by the request itself, before the rotation got to it.
    expect(result.steps).toEqual([
      { name: 'order answers', moved: expect.any(Number), left: 0 },
      { name: 'request answers', moved: expect.any(Number), left: 0 },
      { name: 'stored files', moved: 0, left: 0 },
    ]);
    expect(result.steps[0]!.moved).toBeGreaterThanOrEqual(242);
    expect(result.retired).toEqual(['ktest']);
    expect(lines[0]).toBe('order answers: 243 to move under key k2');
    expect(lines.slice(1, 3)).toEqual(['order answers: 3 of 243', 'order answers: 28 of 243']);
    expect(lines).toContain('order answers: done');

    const rows = await sealedRows();
    expect(rows.filter((r) => keyIdOfValue(r.travel_sealed ?? '') !== 'k2')).toEqual([]);
    // The old key can go: a ring without it opens every order and passes the start's check.
    for (const row of rows) openTravel(newKeyOnly, row.travel_sealed!);
    await checkStoredKeys(t.database.db, newKeyOnly);
    const later = await appWith(newKeyOnly);
    for (const [id, passport] of expected) {
      const res = await later.inject({ url: `/api/admin/get-orders-details/${id}`, headers });
      expect(res.json().data.passport_number).toBe(passport);
    }
    const flight = await later.inject({ url: `/api/admin/get-orders-details/${flightOrder}`, headers });
    expect(flight.json().data.flight_number).toBe('JL5');
    const old = rows.find((r) => r.order_id === ids.at(-1))!;
    expect(openTravel(newKeyOnly, old.travel_sealed!).passport_number).toBe('OLD355501');
  }, 120_000);

  it.skipIf(!isPostgres())(
    'leaves a row a member holds during a pass, and moves it in a later pass',
    async () => {
      const thirdEntry = generateKeyEntry('k3');
      const ring = keyRing(parseEncryptionKeys(`${thirdEntry},${newEntry}`));
      await registerCurrentKey(t.database.db, ring);
      const [held] = await sealedRows();
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const member = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select order_id from orders where order_id = ${held!.order_id} for update`);
        locked();
        await released;
      });
      await isLocked;
      const lines: string[] = [];
      const rotation = rotateKeys(
        { db: t.database.db, ring, config: t.config, batchSize: 100 },
        { say: (line) => lines.push(line), pauseMs: 300 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [stillOld] = await sealedRows();
      expect(keyIdOfValue(stillOld!.travel_sealed!)).toBe('k2');
      release();
      await member;
      const result = await rotation;
      expect(result.steps[0]).toEqual({ name: 'order answers', moved: 243, left: 0 });
      expect((await sealedRows()).every((r) => keyIdOfValue(r.travel_sealed!) === 'k3')).toBe(true);
    },
    60_000,
  );
});
