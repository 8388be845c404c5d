/**
 * PostgreSQL ends the app's connections (what a restart or a failover sends:
 * pg_terminate_backend) while staff move orders through the API. The requests
 * caught in flight answer 503 with nothing personal in the answer or the log,
 * the process goes on (an unhandled 'error' event would kill this test
 * process), the pool reconnects by itself, no move is half-written, and the
 * folder counts still equal the folder predicates.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_KEY_RING } from '../test/test-keys';
import { buildApp, LOG_REDACT } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, isPostgres } from '../test/helper';
import { insertOrder } from '../test/order-factory';
import { selectRows, type Database } from './client';
import { DATABASE_UNAVAILABLE } from './connection-errors';
import { teamMembers } from './schema';
import { countFolders, readFolderCounts } from '../features/queue-engine';
import type { Role } from '../../shared/roles';
import { sessionToken } from '../features/auth/sessions.service';

const LOOPS = 8;
const ORDERS_PER_LOOP = 4;
const CYCLE = ['Pending', 'Awaiting', 'AwaitingGovt', 'Contact Customer', 'Customer Called'] as const;
// Personal values of every order here: none may reach a log line or an answer.
const PERSONAL = {
  email: 'drop.test@mail.example',
  passportNumber: 'XD7654321',
  surname: 'DROPWELL',
  givenName: 'PRIYA',
};

describe.skipIf(!isPostgres())(
  'connections ended by PostgreSQL (skipped on PGlite: an in-process database has no server to end them)',
  () => {
    let database: Database;
    let app: FastifyInstance;
    let admin: pg.Client;
    const lines: string[] = [];
    const staff: { id: number; headers: { authorization: string } }[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      app = await buildApp({
        config: loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'info' }),
        database,
        jwtSecret: 'drop-test-secret'.padEnd(40, 'x'),
        keyRing: TEST_KEY_RING,
        logger: { level: 'info', redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream: sink } as never,
      });
      await app.ready();
      for (const [name, type] of [
        ['Ada Admin', 'Admin'],
        ['Tom Team', 'Team'],
      ] as [string, Role][]) {
        const [member] = await database.db
          .insert(teamMembers)
          .values({ name, email: `${type.toLowerCase()}@drop.example`, type, passwordHash: 'x' })
          .returning();
        const token = await sessionToken(database.db, app.jwt, member!, { seconds: 3600, ip: '127.0.0.1' });
        staff.push({ id: member!.id, headers: { authorization: `Bearer ${token}` } });
      }
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await app.close();
      await database.close();
    });

    const databaseName = () =>
      new URL(
        (database.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      ).pathname.slice(1);
    /** Ends every connection the app holds to its database, as a server restart would. */
    const terminateAppBackends = async () =>
      (
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName()],
        )
      ).rowCount ?? 0;

    it('answers 503 to the requests in flight, 200 after, and leaves every move whole and every count exact', async () => {
      const batches: number[][] = [];
      for (let loop = 0; loop < LOOPS; loop++) {
        const ids: number[] = [];
        for (let i = 0; i < ORDERS_PER_LOOP; i++) ids.push(await insertOrder(database.db, PERSONAL));
        batches.push(ids);
      }
      const answers: { statusCode: number; body: string }[] = [];
      let killing = true;
      // Each loop moves its own orders round the open statuses, one request after another.
      const move = async (loop: number, step: number) => {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/admin/move-order-status',
          headers: staff[0]!.headers,
          payload: { orderId: batches[loop], updatingStatus: CYCLE[step % CYCLE.length] },
        });
        answers.push({ statusCode: res.statusCode, body: res.body });
        return res;
      };
      const loops = batches.map(async (_ids, loop) => {
        for (let step = loop; killing; step++) {
          const res = await move(loop, step);
          if (res.statusCode !== 200 && res.statusCode !== 503) break; // a refusal no drop explains: stop, the checks below say why
        }
      });
      // Kill all the app's connections several times while the moves run, until a request was caught in flight.
      let terminated = 0;
      for (let round = 0; round < 40 && (round < 4 || !answers.some((a) => a.statusCode === 503)); round++) {
        await new Promise((r) => setTimeout(r, 120));
        terminated += await terminateAppBackends();
      }
      killing = false;
      await Promise.all(loops);

      expect(terminated).toBeGreaterThan(0);
      const failed = answers.filter((a) => a.statusCode !== 200);
      expect(failed.length).toBeGreaterThan(0);
      for (const answer of failed) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(JSON.parse(answer.body)).toEqual({ status: 0, message: DATABASE_UNAVAILABLE });
      }
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);

      // The pool has reconnected: every later move succeeds.
      for (let step = 0; step < 3; step++) {
        const later = await Promise.all(batches.map((_ids, loop) => move(loop, step)));
        for (const res of later) expect(res.statusCode, res.body).toBe(200);
      }

      // No connection was lost for good: once quiet, every client the pool holds is back in it. (Quiet: the NOTIFY
      // each write sends after answering, features/live/notify.ts, may still hold a client for a moment.)
      const pool = database.raw.pool!;
      expect(pool.totalCount).toBeGreaterThan(0);
      await expect.poll(() => [pool.idleCount, pool.waitingCount], { timeout: 2000 }).toEqual([pool.totalCount, 0]);

      // No move is half-written: each order's log lines chain from New to its current status.
      const orderIds = batches.flat();
      const logs = await selectRows<{ order_id: number; detail: string }>(
        database.db,
        sql`
      select order_id, detail from process_logs where order_id in ${orderIds} and step_name like 'Status changed to %' order by id`,
      );
      const statuses = await selectRows<{ order_id: number; process_status: string }>(
        database.db,
        sql`
      select order_id, process_status from orders where order_id in ${orderIds}`,
      );
      for (const { order_id: id, process_status: status } of statuses) {
        const chain = logs.filter((l) => Number(l.order_id) === Number(id)).map((l) => l.detail.split(' -> '));
        let at = 'New';
        for (const [from, to] of chain) {
          expect(from, `order ${id}`).toBe(at);
          at = to!;
        }
        expect(status, `order ${id}`).toBe(at);
      }
      // Counters kept by triggers equal the folder predicates, for the API and for each member.
      for (const member of staff) {
        const expected = await countFolders(database.db, member.id);
        expect(await readFolderCounts(database.db, member.id)).toEqual(expected);
        const api = await app.inject({ url: '/api/admin/get-folder-count', headers: member.headers });
        expect(api.json().data).toEqual(expected);
      }

      // The log says what happened, by code, and holds nothing personal.
      const parsed = lines.map((l) => JSON.parse(l) as { msg?: string; dbCode?: string; level: number });
      expect(parsed.some((l) => l.msg === 'database unavailable' && typeof l.dbCode === 'string')).toBe(true);
      const all = lines.join('\n');
      for (const value of Object.values(PERSONAL)) expect(all).not.toContain(value);
    }, 60_000);
  },
);
