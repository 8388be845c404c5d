/**
 * The follow-up of unanswered requests, with a fixed clock and two app instances on one database (product:
 * information-requests.md#follow-up): each reminder goes once, at its time, however many processes run the job at
 * the same moment; after INFO_REQUEST_ESCALATE_DAYS the order moves to Contact Customer with a log line; an answered
 * request is left alone; a link past its time expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { FollowUpJob } from '.';
import { mailedAnswerToken } from '../../test/answer-link';

let t: TestContext;
let second: FastifyInstance;
const quiet = { info() {}, error() {} };
beforeAll(async () => {
  t = await buildTestApp({ INFO_REQUEST_INTERVAL: 'off' });
  second = await buildApp({ config: t.config, database: t.database, jwtSecret: 'test-secret-'.padEnd(40, 'x') });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const HOUR = 3_600_000;
const jobs = () => [
  new FollowUpJob({ db: t.app.db, config: t.config, log: quiet }),
  new FollowUpJob({ db: second.db, config: second.config, log: quiet }),
];
/** Both processes run the job at the same moment, `hours` after the request was sent. */
const runBoth = async (sentAt: Date, hours: number) =>
  Promise.all(jobs().map((job) => job.runNow(new Date(sentAt.getTime() + hours * HOUR))));

async function askFor(orderId: number, headers: { authorization: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/information-requests',
    headers,
    payload: { orderId, fields: ['flight_number'], note: 'Please check your flight number.' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Date((res.json() as { data: { created_at: string } }).data.created_at);
}

const mailKinds = async (orderId: number) =>
  (
    (await selectRows(t.database.db, sql`select kind from mails where order_id = ${orderId} order by id`)) as {
      kind: string;
    }[]
  ).map((m) => m.kind);
const status = async (orderId: number) =>
  (
    (await selectRows(t.database.db, sql`select process_status from orders where order_id = ${orderId}`)) as {
      process_status: string;
    }[]
  )[0]!.process_status;
const steps = async (orderId: number) =>
  (
    (await selectRows(
      t.database.db,
      sql`select step_name from process_logs where order_id = ${orderId} order by id`,
    )) as {
      step_name: string;
    }[]
  ).map((l) => l.step_name);

describe('the follow-up', () => {
  it('sends each reminder once at its time across two processes, then moves the order to Contact Customer', async () => {
    const { headers } = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db);
    const sentAt = await askFor(orderId, headers);
    expect(await mailKinds(orderId)).toEqual(['information_request']);

    await runBoth(sentAt, 23);
    expect(await mailKinds(orderId), 'nothing before 24 hours').toEqual(['information_request']);

    const [a, b] = await runBoth(sentAt, 24.5);
    expect(a!.firstReminders + b!.firstReminders).toBe(1);
    expect(await mailKinds(orderId)).toEqual(['information_request', 'information_reminder']);
    await runBoth(sentAt, 30);
    await runBoth(sentAt, 71);
    expect(await mailKinds(orderId), 'the first reminder goes once').toEqual([
      'information_request',
      'information_reminder',
    ]);

    await runBoth(sentAt, 72.5);
    await runBoth(sentAt, 80);
    expect(await mailKinds(orderId), 'the second reminder goes once').toEqual([
      'information_request',
      'information_reminder',
      'information_reminder',
    ]);
    expect(await status(orderId)).toBe('Awaiting');

    await runBoth(sentAt, 5 * 24 + 1);
    await runBoth(sentAt, 5 * 24 + 2);
    expect(await status(orderId)).toBe('Contact Customer');
    const log = await steps(orderId);
    expect(log.filter((s) => s === 'Information request reminder sent')).toHaveLength(2);
    expect(log.filter((s) => s === 'No answer from customer')).toHaveLength(1);
    expect(log.filter((s) => s === 'Status changed to Contact Customer')).toHaveLength(1);

    // The link still works until it runs out; then the request expires.
    await runBoth(sentAt, 14 * 24 + 1);
    const [request] = (await selectRows(
      t.database.db,
      sql`select state from information_requests where order_id = ${orderId}`,
    )) as { state: string }[];
    expect(request!.state).toBe('expired');
  });

  it('sends only the second reminder to a request both are due for (a process away for days), and none once answered', async () => {
    const { headers } = await t.loginAs('Team');
    const late = await insertOrder(t.database.db);
    const lateSentAt = await askFor(late, headers);
    await runBoth(lateSentAt, 73);
    expect(await mailKinds(late)).toEqual(['information_request', 'information_reminder']);
    await runBoth(lateSentAt, 74);
    expect(await mailKinds(late)).toHaveLength(2);

    const answered = await insertOrder(t.database.db);
    const sentAt = await askFor(answered, headers);
    const token = await mailedAnswerToken(t.database.db, answered);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/information-request/answer',
      payload: { token, answers: { flight_number: 'JL5' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runBoth(sentAt, 6 * 24);
    expect(await mailKinds(answered)).toEqual(['information_request']);
    expect(await status(answered)).toBe('New');
  });
});
