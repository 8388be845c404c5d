/**
 * PostgreSQL refuses new connections for a while (a database closed for maintenance: ALLOW_CONNECTIONS false, and
 * its sessions ended) while staff keep reading. Every answer is 200 or 503 with Retry-After, never 500; the log names
 * the refusal by its code only; once the database opens again the very next requests succeed.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { TEST_KEY_RING } from '../test/test-keys';
import { buildApp, LOG_REDACT } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, isPostgres } from '../test/helper';
import { insertOrder } from '../test/order-factory';
import type { Database } from './client';
import { DATABASE_UNAVAILABLE } from './connection-errors';
import { teamMembers } from './schema';
import { sessionToken } from '../features/auth/sessions.service';

const CLIENTS = 6;
// Personal values of the order read here: none may reach a log line or an answer.
const PERSONAL = { email: 'closed.db@mail.example', passportNumber: 'XC1357924', surname: 'SHUTWELL' };

interface Answer {
  statusCode: number;
  body: string;
  retryAfter: string | undefined;
}

describe.skipIf(!isPostgres())(
  'a database that refuses new connections (skipped on PGlite: an in-process database has no server to refuse)',
  () => {
    let database: Database;
    let app: FastifyInstance;
    let admin: pg.Client;
    let name: string;
    let headers: { authorization: string };
    let orderId: number;
    const lines: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      name = new URL(
        (database.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      ).pathname.slice(1);
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      app = await buildApp({
        config: loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'info' }),
        database,
        jwtSecret: 'refused-test-secret'.padEnd(40, 'x'),
        keyRing: TEST_KEY_RING,
        logger: { level: 'info', redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream: sink } as never,
      });
      await app.ready();
      const [member] = await database.db
        .insert(teamMembers)
        .values({ name: 'Ada Admin', email: 'admin@refused.example', type: 'Admin', passwordHash: 'x' })
        .returning();
      const token = await sessionToken(database.db, app.jwt, member!, { seconds: 3600, ip: '127.0.0.1' });
      headers = { authorization: `Bearer ${token}` };
      orderId = await insertOrder(database.db, PERSONAL);
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.end();
      await app.close();
      await database.close();
    });

    /** What staff ask for: the order, the folder counts and a queue page, each reading the database. */
    const read = async (step: number): Promise<Answer> => {
      const urls = [
        `/api/admin/get-orders-details/${orderId}`,
        '/api/admin/get-folder-count',
        '/api/admin/get-orders-list/newOrder?page=1&limit=10',
      ];
      const res = await app.inject({ url: urls[step % urls.length]!, headers });
      const retryAfter = res.headers['retry-after'];
      return {
        statusCode: res.statusCode,
        body: res.body,
        retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
      };
    };

    it('answers 503 with Retry-After while it is closed, never 500, and 200 from the first request after', async () => {
      const answers: Answer[] = [];
      let running = true;
      const clients = Array.from({ length: CLIENTS }, async (_, client) => {
        for (let step = client; running; step++) {
          answers.push(await read(step));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
      await expect.poll(() => answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(CLIENTS);

      // Closed: nobody may connect, and the sessions it had (the app's pool included) are ended.
      const closedFrom = answers.length;
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        await expect
          .poll(() => answers.slice(closedFrom).filter((a) => a.statusCode !== 200).length, { timeout: 10_000 })
          .toBeGreaterThan(3 * CLIENTS);
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        running = false;
        await Promise.all(clients);
      }

      const closed = answers.slice(closedFrom);
      for (const answer of answers) expect([200, 503], answer.body).toContain(answer.statusCode);
      for (const answer of closed.filter((a) => a.statusCode === 503)) {
        expect(JSON.parse(answer.body)).toEqual({ status: 0, message: DATABASE_UNAVAILABLE });
        expect(answer.retryAfter).toBe('5');
      }

      // Open again: the first requests, all at once, succeed.
      const after = await Promise.all(Array.from({ length: CLIENTS * 2 }, (_, step) => read(step)));
      for (const answer of after) expect(answer.statusCode, answer.body).toBe(200);

      // The log says why, by code (55000: not accepting connections, as the server refuses a new one), and holds
      // nothing personal.
      const codes = new Set(
        lines
          .map((line) => JSON.parse(line) as { msg?: string; dbCode?: string })
          .flatMap((l) => (l.msg === 'database unavailable' && l.dbCode ? [l.dbCode] : [])),
      );
      expect([...codes]).toContain('55000');
      const all = lines.join('\n');
      for (const value of Object.values(PERSONAL)) expect(all).not.toContain(value);
    }, 60_000);
  },
);
