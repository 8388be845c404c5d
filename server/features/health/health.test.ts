import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../db/connection-errors';
import { teamMembers } from '../../db/schema';
import { appBehindProxy, buildTestApp, isPostgres } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { sessionToken } from '../auth/sessions.service';

describe('GET /api/health', () => {
  it('reports the database as up, and as down with 503 once it is unreachable', async () => {
    const t = await buildTestApp();
    try {
      const up = await t.app.inject({ url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 1, data: { database: 'up', kind: t.database.kind } });

      await t.database.close();
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 0,
        message: 'Database unreachable',
        data: { database: 'down', kind: t.database.kind },
      });
    } finally {
      await t.app.close();
    }
  });
});

describe.skipIf(!isPostgres())(
  'GET /api/health while the PostgreSQL server goes away and comes back (skipped on PGlite: no server)',
  () => {
    it('answers 503 while the server refuses or ignores connections, and 200 again once it is back, with the pool recovered', async () => {
      const { direct, proxy, app, close } = await appBehindProxy('health-test-secret');
      const health = async () => {
        const res = await app.inject({ url: '/api/health' });
        return { code: res.statusCode, database: res.json().data.database };
      };
      const orderId = await insertOrder(direct.db);
      const [member] = await direct.db
        .insert(teamMembers)
        .values({ name: 'Hal Health', email: 'hal@health.example', type: 'Admin', passwordHash: 'x' })
        .returning();
      const token = await sessionToken(direct.db, app.jwt, member!, { seconds: 3600, ip: '127.0.0.1' });
      // Any call that needs the database: it answers 503 with the same words while the server is away.
      const detail = () =>
        app.inject({ url: `/api/admin/get-orders-details/${orderId}`, headers: { authorization: `Bearer ${token}` } });
      try {
        expect(await health()).toEqual({ code: 200, database: 'up' });
        expect((await detail()).statusCode).toBe(200);

        await proxy.stop(); // the server is down: connections cut, new ones refused
        expect(await health()).toEqual({ code: 503, database: 'down' });
        const refused = await detail();
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ status: 0, message: DATABASE_UNAVAILABLE });
        expect(refused.headers['retry-after']).toBe('5');

        await proxy.start();
        expect(await health()).toEqual({ code: 200, database: 'up' });

        proxy.freeze(); // the server vanished without closing anything: health must not wait for ever
        const started = Date.now();
        expect(await health()).toEqual({ code: 503, database: 'down' });
        expect(Date.now() - started).toBeLessThan(10_000);

        await proxy.stop();
        await proxy.start();
        expect(await health()).toEqual({ code: 200, database: 'up' });
        expect((await detail()).statusCode).toBe(200);
      } finally {
        await close();
      }
    }, 30_000);
  },
);

describe('security headers', () => {
  it('are on API answers, on 404s and on the not-found fallback', async () => {
    const t = await buildTestApp();
    try {
      for (const url of ['/api/health', '/api/no-such-route', '/some/page']) {
        const res = await t.app.inject({ url });
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['strict-transport-security'], url).toContain('max-age=');
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
