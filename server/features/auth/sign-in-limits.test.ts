/**
 * Many wrong passwords at once for one account: each attempt is counted before its password is checked, so at
 * most the limit are checked (401) and the rest are refused (429), in one process and in two on one PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { buildTestApp, isPostgres, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { LOGIN_LIMITS } from './auth.service';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const attempt = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress: ip });

function tally(codes: number[]) {
  return {
    checked: codes.filter((c) => c === 401).length,
    refused: codes.filter((c) => c === 429).length,
    other: codes.filter((c) => c !== 401 && c !== 429),
  };
}

describe('parallel wrong passwords for one account', () => {
  it.each([30, 150])('%i at once from one address: at most the limit are checked', async (n) => {
    const { member } = await t.loginAs('Manager');
    const codes = (
      await Promise.all(Array.from({ length: n }, () => attempt(t.app, member.email, 'wrong-guess', `10.20.${n}.1`)))
    ).map((r) => r.statusCode);
    const { checked, refused, other } = tally(codes);
    expect(other).toEqual([]);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.accountSource.limit);
    expect(checked).toBeGreaterThan(0);
    expect(refused).toBe(n - checked);
    // The rightful member, from the office next door, is not refused.
    expect((await attempt(t.app, member.email, TEST_PASSWORD, `10.20.${n}.2`)).statusCode).toBe(200);
  });
});

describe.skipIf(!isPostgres())(
  'two app processes on one PostgreSQL (skipped on PGlite: one in-process connection)',
  () => {
    let second: Database;
    let secondApp: FastifyInstance;
    beforeAll(async () => {
      const url = (t.database.raw.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, poolSize: 4 });
      secondApp = await buildApp({ config: t.config, database: second, jwtSecret: 'test-secret-'.padEnd(40, 'x') });
      await secondApp.ready();
    });
    afterAll(async () => {
      await secondApp.close();
      await second.close();
    });

    it('150 at once, split over both, check at most the limit together', async () => {
      const { member } = await t.loginAs('Team');
      const codes = (
        await Promise.all(
          Array.from({ length: 150 }, (_, i) =>
            attempt(i % 2 ? secondApp : t.app, member.email, 'wrong-guess', '10.21.0.1'),
          ),
        )
      ).map((r) => r.statusCode);
      const { checked, refused, other } = tally(codes);
      expect(other).toEqual([]);
      expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.accountSource.limit);
      expect(refused).toBe(150 - checked);
    });
  },
);
