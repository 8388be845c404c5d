/**
 * GET /api/health/live and /api/health/ready: live asks nothing of the database; ready answers 503 while the
 * database is away, a migration is missing, the storage cannot be reached, or the process is shutting down.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appBehindProxy, buildTestApp, isPostgres } from '../../test/helper';

const ready = { shuttingDown: false, database: 'up', migrations: 'done', storage: 'up' };

describe('GET /api/health/live and /api/health/ready', () => {
  it('are ready with everything up; once the database is closed, ready answers 503 and live still 200', async () => {
    const t = await buildTestApp();
    try {
      const up = await t.app.inject({ url: '/api/health/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 1, message: 'ready', data: ready });

      await t.database.close();
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        status: 0,
        message: 'Not ready',
        data: { ...ready, database: 'down', migrations: 'unknown' },
      });
      const live = await t.app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 1, message: 'alive' });
    } finally {
      await t.app.close();
    }
  });

  it('is not ready while the newest migration is not applied', async () => {
    const t = await buildTestApp();
    try {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ ...ready, migrations: 'pending' });
      await t.database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
      expect((await t.app.inject({ url: '/api/health/ready' })).json().data).toEqual({
        ...ready,
        migrations: 'pending',
      });
    } finally {
      await t.close();
    }
  });

  it('is not ready while the storage cannot be reached (an S3 endpoint that refuses connections)', async () => {
    const t = await buildTestApp({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'arrival-docs',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ ...ready, storage: 'down' });
    } finally {
      await t.close();
    }
  }, 15_000);

  it('answers 503 "Shutting down" once shutdown has begun, with everything else up', async () => {
    const t = await buildTestApp();
    try {
      t.app.lifecycle.shuttingDown = true; // what main.ts does first on SIGTERM (server/test/shutdown.test.ts runs it for real)
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 0, message: 'Shutting down', data: { ...ready, shuttingDown: true } });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!isPostgres())(
  'GET /api/health/ready while the PostgreSQL server goes away (skipped on PGlite: no server)',
  () => {
    it('answers 503 while the server refuses or ignores connections, and 200 again once it is back', async () => {
      const { proxy, app, close } = await appBehindProxy('ready-test-secret');
      const probe = async () => {
        const res = await app.inject({ url: '/api/health/ready' });
        return { code: res.statusCode, database: res.json().data.database };
      };
      try {
        expect(await probe()).toEqual({ code: 200, database: 'up' });
        await proxy.stop();
        expect(await probe()).toEqual({ code: 503, database: 'down' });
        expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
        await proxy.start();
        expect(await probe()).toEqual({ code: 200, database: 'up' });
        proxy.freeze(); // vanished without closing anything: the probe must not wait for ever
        const started = Date.now();
        expect(await probe()).toEqual({ code: 503, database: 'down' });
        expect(Date.now() - started).toBeLessThan(10_000);
        await proxy.stop(); // cut the frozen connections: the pool gets its clients back
        await proxy.start();
        expect(await probe()).toEqual({ code: 200, database: 'up' });
      } finally {
        await close();
      }
    }, 30_000);
  },
);
