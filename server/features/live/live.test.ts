/**
 * Issue 23: the staff event stream. A colleague's move, assignment, delete and a landing site's intake reach a
 * second member's stream within a second (also from a second app on the same PostgreSQL), the counts follow, a
 * reconnect with Last-Event-ID catches up, presence appears and expires, and a signed-out session gets no stream.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, selectRows, type Database } from '../../db/client';
import { orders } from '../../db/schema';
import { buildTestApp, isPostgres, type TestContext } from '../../test/helper';
import { insertOrder, intakeApplication, orderValues } from '../../test/order-factory';
import { StreamClient, type ReceivedEvent } from '../../test/live-stream-client';
import type { FolderCounts } from '../../../shared/orders';
import {
  LIVE_EVENTS_THROUGH_HEADER,
  type OrderActivityEvent,
  type OrderChangedEvent,
  type PresenceEvent,
} from '../../../shared/live';
import { metricsFor } from '../metrics/metrics';
import { LISTENER_NAME } from './listener';

const INTAKE_KEY = 'live-intake-key-0123456789';
let t: TestContext;
let baseUrl: string;
let member: Awaited<ReturnType<TestContext['loginAs']>>;
let colleague: Awaited<ReturnType<TestContext['loginAs']>>;
const streams: StreamClient[] = [];

const listenOn = async (app: FastifyInstance) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
};

beforeAll(async () => {
  t = await buildTestApp({
    INTAKE_API_KEYS: `japan-arrival=${INTAKE_KEY}`,
    LIVE_SESSION_CHECK_MS: '200',
    LIVE_PRESENCE_TTL_MS: '1500',
  });
  baseUrl = await listenOn(t.app);
  member = await t.loginAs('Team', { name: 'Aiko Tanaka' });
  colleague = await t.loginAs('Manager', { name: 'Ben Carter' });
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await t.close();
});

const open = async (headers: Record<string, string>, lastEventId?: string, url = baseUrl) => {
  const stream = await StreamClient.open(url, headers, lastEventId);
  streams.push(stream);
  return stream;
};
/** A stream that has said hello: from then on it receives every event. */
const openReady = async (headers: Record<string, string>, url = baseUrl) => {
  const stream = await open(headers, undefined, url);
  expect(stream.status).toBe(200);
  await stream.waitFor((e) => e.event === 'hello');
  return stream;
};

const orderEvent = (orderId: number) => (e: ReceivedEvent) =>
  e.event === 'order' && (e.data as OrderChangedEvent).orderId === orderId;
const counts = async (app: FastifyInstance, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/admin/get-folder-count', headers })).json<{ data: FolderCounts }>()
    .data;

/** Inserts an order and waits until `stream` has its arrival, so later waits see only later events. */
async function insertSeen(stream: StreamClient, overrides: Parameters<typeof insertOrder>[1] = {}) {
  const orderId = await insertOrder(t.database.db, overrides);
  await stream.waitFor(orderEvent(orderId));
  return orderId;
}

/** Runs `action`, then waits at most a second after it answered for the event `match` accepts. */
async function deliveredWithinASecond(
  stream: StreamClient,
  action: () => Promise<{ statusCode: number }>,
  match: (e: ReceivedEvent) => boolean,
) {
  const from = stream.events.length;
  const answer = await action();
  expect(answer.statusCode).toBeLessThan(300);
  return stream.waitFor(match, 1000, from);
}

describe('the stream', () => {
  it('is refused without a session, and to a session that signed out', async () => {
    expect((await open({})).status).toBe(401);
    const leaving = await t.loginAs('Team');
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: leaving.headers });
    expect(logout.statusCode).toBe(200);
    expect((await open(leaving.headers)).status).toBe(401);
  });

  it('is counted in the metrics while open', async () => {
    const openStreams = async () => (await metricsFor(t.app.db).eventStreams.get()).values[0]?.value ?? 0;
    const before = await openStreams();
    const stream = await openReady(member.headers);
    expect(await openStreams()).toBe(before + 1);
    stream.close();
    await stream.ended;
    await expect.poll(openStreams).toBe(before);
  });

  it('ends when its member signs out', async () => {
    const leaving = await t.loginAs('Team');
    const stream = await openReady(leaving.headers);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: leaving.headers });
    await stream.waitFor((e) => e.event === 'end', 2000);
    await stream.ended;
  });

  it('ends when an Admin requires two-factor sign-in and its member has none, saying so', async () => {
    const unprotected = await t.loginAs('Team');
    const stream = await openReady(unprotected.headers);
    // A member with a second factor (turned on as the set-up does it) keeps their stream.
    const protectedOne = await t.loginAs('Team');
    await t.database.db.execute(
      sql`update team_members set totp_enabled_at = now() where id = ${protectedOne.member.id}`,
    );
    const kept = await openReady(protectedOne.headers);
    await t.database.db.execute(
      sql`insert into app_settings (key, value) values ('require_two_factor', 'true')
          on conflict (key) do update set value = 'true'`,
    );
    try {
      const end = await stream.waitFor((e) => e.event === 'end', 2000);
      expect(end.data).toEqual({
        message: 'Two-factor sign-in is required for your account. Please set it up to continue.',
      });
      await stream.ended;
      // Written here past the service, so this process's session cache notices within STAFF_CACHE_MS.
      await expect.poll(async () => (await open(unprotected.headers)).status, { timeout: 4000 }).toBe(403);
    } finally {
      await t.database.db.execute(sql`update app_settings set value = 'false' where key = 'require_two_factor'`);
    }
    expect(kept.events.some((e) => e.event === 'end')).toBe(false);
  });

  it('sends a move to a colleague within a second, then the new counts', async () => {
    const stream = await openReady(colleague.headers);
    const orderId = await insertSeen(stream, { processStatus: 'New', processingMode: 'standard' });
    const before = await counts(t.app, colleague.headers);
    const received = await deliveredWithinASecond(
      stream,
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/move-order-status',
          headers: member.headers,
          payload: { orderId, updatingStatus: 'Pending' },
        }),
      orderEvent(orderId),
    );
    expect(received.data).toMatchObject({
      orderId,
      fromFolder: 'newOrder',
      toFolder: 'pendingOrder',
      from: { status: 'New', mode: 'standard', assigneeId: null },
      to: { status: 'Pending', assigneeId: null },
    });
    expect(Number(received.id)).toBeGreaterThan(0);
    await stream.waitFor((e) => e.event === 'counts' && e.at >= received.at, 1000);
    const activity = await stream.waitFor(
      (e) => e.event === 'activity' && (e.data as OrderActivityEvent).orderId === orderId,
      1000,
    );
    expect(activity.data).toMatchObject({ actorId: member.member.id, actorName: 'Aiko Tanaka' });
    const after = await counts(t.app, colleague.headers);
    expect(after.newOrdersCount).toBe(before.newOrdersCount - 1);
    expect(after.pendingOrdersCount).toBe(before.pendingOrdersCount + 1);
  });

  it("sends an assignment with the assignee's name, a delete and an intake", async () => {
    const stream = await openReady(colleague.headers);
    const assigned = await insertSeen(stream, { processStatus: 'New', processingMode: 'priority' });
    const assignment = await deliveredWithinASecond(
      stream,
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/assign-order-status',
          headers: member.headers,
          payload: { orderId: assigned },
        }),
      orderEvent(assigned),
    );
    expect(assignment.data).toMatchObject({
      fromFolder: 'priorityOrder',
      toFolder: 'myOrder',
      assigneeId: member.member.id,
      assigneeName: 'Aiko Tanaka',
    });

    const deleted = await insertSeen(stream, { processStatus: 'Pending' });
    const deletion = await deliveredWithinASecond(
      stream,
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/change-order-status',
          headers: colleague.headers,
          payload: { orderId: deleted },
        }),
      orderEvent(deleted),
    );
    expect(deletion.data).toMatchObject({ fromFolder: 'pendingOrder', toFolder: 'deletedOrder' });

    const from = stream.events.length;
    const intake = await t.app.inject({
      method: 'POST',
      url: '/api/intake/orders',
      payload: intakeApplication(),
      headers: { authorization: `Bearer ${INTAKE_KEY}`, 'idempotency-key': `live-${Date.now()}` },
    });
    expect(intake.statusCode).toBe(201);
    const newOrderId = intake.json<{ data: { orderId: number } }>().data.orderId;
    const arrival = await stream.waitFor(
      (e) => e.event === 'order' && (e.data as OrderChangedEvent).from === null,
      1000,
      from,
    );
    expect(arrival.data).toMatchObject({
      from: null,
      fromFolder: null,
      toFolder: 'newOrder',
      to: { status: 'New', assigneeId: null },
    });
    const [row] = await selectRows<{ order_id: number }>(
      t.database.db,
      sql`select max(order_id) as order_id from orders`,
    );
    expect((arrival.data as OrderChangedEvent).orderId).toBe(Number(row!.order_id));
    expect(newOrderId).toBeTruthy();
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID', async () => {
    const first = await openReady(colleague.headers);
    const orderId = await insertOrder(t.database.db, { processStatus: 'New' });
    await first.waitFor(orderEvent(orderId));
    const lastSeen = first.lastEventId!;
    first.close();
    for (const status of ['Pending', 'Awaiting'] as const) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/move-order-status',
        headers: member.headers,
        payload: { orderId, updatingStatus: status },
      });
      expect(moved.statusCode).toBe(200);
    }
    const again = await open(colleague.headers, lastSeen);
    // Replayed from the table, or (the second, when this app had not read it yet) sent live right after.
    await again.waitFor((e) => orderEvent(orderId)(e) && (e.data as OrderChangedEvent).toFolder === 'awaitingOrder');
    const replayed = again.events.filter(orderEvent(orderId)).map((e) => (e.data as OrderChangedEvent).toFolder);
    expect(replayed).toEqual(['pendingOrder', 'awaitingOrder']);
    expect(again.events.every((e) => !e.id || Number(e.id) > Number(lastSeen))).toBe(true);
  });

  it('marks a staff answer with the event through which it reflects every change, held below an id still missing', async () => {
    const stream = await openReady(colleague.headers);
    await insertSeen(stream, { processStatus: 'New' });
    const seen = Number(stream.lastEventId);
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/get-folder-count', headers: member.headers });
    expect(answer.headers[LIVE_EVENTS_THROUGH_HEADER]).toBe(String(seen));
    // An id handed out and not (yet) written, as by a transaction still open: the next event is read, and answers
    // still say `seen`, for the missing one may commit later with changes they do not hold.
    await t.database.db.execute(sql`select nextval(pg_get_serial_sequence('live_events', 'id'))`);
    await insertSeen(stream, { processStatus: 'New' });
    expect(Number(stream.lastEventId)).toBe(seen + 2);
    const later = await t.app.inject({ method: 'GET', url: '/api/admin/get-folder-count', headers: member.headers });
    expect(later.headers[LIVE_EVENTS_THROUGH_HEADER]).toBe(String(seen));
    // Not on an answer that is not a staff member's.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers[LIVE_EVENTS_THROUGH_HEADER]).toBeUndefined();
  });

  it('tells a stream to resync when the events it missed are no longer kept', async () => {
    const first = await openReady(colleague.headers);
    const orderId = await insertOrder(t.database.db, { processStatus: 'New' });
    await first.waitFor(orderEvent(orderId));
    const lastSeen = first.lastEventId!;
    first.close();
    const watcher = await openReady(member.headers);
    await insertSeen(watcher, { processStatus: 'New' }); // the app has read it: a stream with lastSeen missed it
    await t.database.db.execute(sql`delete from live_events where id <= ${Number(lastSeen) + 1}`); // as the pruning does
    const again = await open(colleague.headers, lastSeen);
    await again.waitFor((e) => e.event === 'resync');
    expect(again.events.some((e) => e.event === 'order')).toBe(false);
  });

  it('writes one resync event, not one per order, for a statement that changes hundreds of orders', async () => {
    const [before] = await selectRows<{ id: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0) as id from live_events`,
    );
    const [site] = await selectRows<{ id: number }>(
      t.database.db,
      sql`select id from landing_sites order by id limit 1`,
    );
    const stream = await openReady(colleague.headers);
    await t.database.db
      .insert(orders)
      .values(Array.from({ length: 250 }, () => ({ landingSiteId: site!.id, ...orderValues() })));
    await stream.waitFor((e) => e.event === 'resync');
    const written = await selectRows<{ kind: string }>(
      t.database.db,
      sql`select kind from live_events where id > ${before!.id}`,
    );
    expect(written.map((r) => r.kind)).toEqual(['resync']);
  });
});

describe('presence', () => {
  const present = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/live/presence', headers, payload: body });
  const viewersIn = (e: ReceivedEvent, orderId: number) =>
    (e.data as PresenceEvent).orders.find((o) => o.orderId === orderId)?.viewers;

  it('shows who has an order open and what they do, and ends when the tab leaves', async () => {
    const orderId = await insertOrder(t.database.db);
    const stream = await openReady(colleague.headers);
    expect((await present(member.headers, { clientId: 'tab-aiko-0001', orderId, state: 'viewing' })).statusCode).toBe(
      200,
    );
    await stream.waitFor((e) => e.event === 'presence' && viewersIn(e, orderId)?.[0]?.name === 'Aiko Tanaka', 1000);
    await present(member.headers, { clientId: 'tab-aiko-0001', orderId, state: 'writing' });
    await stream.waitFor((e) => e.event === 'presence' && viewersIn(e, orderId)?.[0]?.state === 'writing', 1000);
    await present(member.headers, { clientId: 'tab-aiko-0001', orderId: null });
    await stream.waitFor((e) => e.event === 'presence' && viewersIn(e, orderId)?.length === 0, 1000);
  });

  it("is on a new stream's first presence event, and expires without heartbeats", async () => {
    const orderId = await insertOrder(t.database.db);
    await present(member.headers, { clientId: 'tab-aiko-0002', orderId, state: 'viewing' });
    const stream = await openReady(colleague.headers);
    const first = stream.events.find((e) => e.event === 'presence')!;
    expect(viewersIn(first, orderId)).toEqual([{ memberId: member.member.id, name: 'Aiko Tanaka', state: 'viewing' }]);
    // No heartbeat: gone within the TTL (1.5 s here) and one sweep.
    await stream.waitFor((e) => e.event === 'presence' && viewersIn(e, orderId)?.length === 0, 3000);
    const [left] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_presence where order_id = ${orderId}`,
    );
    expect(left!.n).toBe(0);
  });

  it("forgets a tab's order on a leave only while the tab is still on that order", async () => {
    const first = await insertOrder(t.database.db);
    const next = await insertOrder(t.database.db);
    await present(member.headers, { clientId: 'tab-aiko-0004', orderId: first });
    await present(member.headers, { clientId: 'tab-aiko-0004', orderId: next }); // the tab went on to the next order
    expect((await present(member.headers, { clientId: 'tab-aiko-0004', orderId: first, left: true })).statusCode).toBe(
      200,
    ); // a late leave
    const rows = await selectRows<{ order_id: number }>(
      t.database.db,
      sql`select order_id from order_presence where client_id = 'tab-aiko-0004'`,
    );
    expect(rows.map((r) => Number(r.order_id))).toEqual([next]);
    await present(member.headers, { clientId: 'tab-aiko-0004', orderId: next, left: true });
    expect(
      await selectRows(t.database.db, sql`select 1 from order_presence where client_id = 'tab-aiko-0004'`),
    ).toEqual([]);
  });

  it('refuses a bad body and changes nothing', async () => {
    const answer = await present(member.headers, { clientId: 'x', orderId: 5 });
    expect(answer.statusCode).toBe(400);
    const [rows] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_presence where client_id = 'x'`,
    );
    expect(rows!.n).toBe(0);
  });
});

describe('shutdown', () => {
  it('closing an app ends its open streams instead of waiting for them', async () => {
    const own = await buildTestApp();
    const url = await listenOn(own.app);
    const { headers } = await own.loginAs('Team');
    const stream = await StreamClient.open(url, headers);
    await stream.waitFor((e) => e.event === 'hello');
    await own.close(); // would wait for ever on a connection that never ends
    await stream.ended;
  });
});

describe.skipIf(!isPostgres())(
  'two app processes on one PostgreSQL (skipped on PGlite: one in-process connection)',
  () => {
    let second: Database;
    let secondApp: FastifyInstance;
    let secondUrl: string;
    beforeAll(async () => {
      const url = (t.database.raw.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, poolSize: 4 });
      secondApp = await buildApp({ config: t.config, database: second, jwtSecret: 'test-secret-'.padEnd(40, 'x') });
      secondUrl = await listenOn(secondApp);
    });
    afterAll(async () => {
      await secondApp.close();
      await second.close();
    });

    it('sends a move made through the other app within a second, with counts already renewed there', async () => {
      const stream = await openReady(colleague.headers, baseUrl);
      const orderId = await insertSeen(stream, { processStatus: 'New', processingMode: 'standard' });
      const before = await counts(t.app, colleague.headers);
      const received = await deliveredWithinASecond(
        stream,
        () =>
          secondApp.inject({
            method: 'PUT',
            url: '/api/admin/assign-order-status',
            headers: member.headers,
            payload: { orderId },
          }),
        orderEvent(orderId),
      );
      expect(received.data).toMatchObject({ toFolder: 'myOrder', assigneeName: 'Aiko Tanaka' });
      await stream.waitFor((e) => e.event === 'counts' && e.at >= received.at, 1000);
      // Asked of the first app right after the counts event: its snapshot was renewed by the event, not by time.
      expect((await counts(t.app, colleague.headers)).newOrdersCount).toBe(before.newOrdersCount - 1);
    });

    it('sends a move, a delete and an intake made through the other app within a second', async () => {
      const stream = await openReady(colleague.headers, baseUrl);
      const orderId = await insertSeen(stream, { processStatus: 'New', processingMode: 'standard' });
      const moved = await deliveredWithinASecond(
        stream,
        () =>
          secondApp.inject({
            method: 'PUT',
            url: '/api/admin/move-order-status',
            headers: member.headers,
            payload: { orderId, updatingStatus: 'Contact Customer' },
          }),
        orderEvent(orderId),
      );
      expect(moved.data).toMatchObject({ fromFolder: 'newOrder', toFolder: 'contactCustomer' });
      const deleted = await deliveredWithinASecond(
        stream,
        () =>
          secondApp.inject({
            method: 'PUT',
            url: '/api/admin/change-order-status',
            headers: colleague.headers,
            payload: { orderId },
          }),
        (e) => orderEvent(orderId)(e) && (e.data as OrderChangedEvent).toFolder === 'deletedOrder',
      );
      expect(deleted.data).toMatchObject({ fromFolder: 'contactCustomer' });
      const arrival = await deliveredWithinASecond(
        stream,
        () =>
          secondApp.inject({
            method: 'POST',
            url: '/api/intake/orders',
            payload: intakeApplication(),
            headers: { authorization: `Bearer ${INTAKE_KEY}`, 'idempotency-key': `live-second-${Date.now()}` },
          }),
        (e) => e.event === 'order' && (e.data as OrderChangedEvent).from === null,
      );
      expect(arrival.data).toMatchObject({ toFolder: 'newOrder' });
    });

    it('keeps delivering after its listening connection is cut (the events are read from the table on reconnect)', async () => {
      const stream = await openReady(colleague.headers, baseUrl);
      const [killed] = await selectRows<{ ok: boolean }>(
        t.database.db,
        sql`
      select bool_or(pg_terminate_backend(pid)) as ok from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      expect(killed!.ok).toBe(true);
      // Written while this app's listener is away or reconnecting: read when it is back.
      const orderId = await insertOrder(t.database.db, { processStatus: 'New' });
      await stream.waitFor(orderEvent(orderId), 5000);
      const moved = await deliveredWithinASecond(
        stream,
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/admin/move-order-status',
            headers: member.headers,
            payload: { orderId, updatingStatus: 'Pending' },
          }),
        orderEvent(orderId),
      );
      expect(moved.data).toMatchObject({ toFolder: 'pendingOrder' });
    });

    it("sends presence set through the other app, and a stream of the other app gets this app's events", async () => {
      const stream = await openReady(colleague.headers, secondUrl);
      const orderId = await insertSeen(stream);
      await secondApp.inject({
        method: 'POST',
        url: '/api/admin/live/presence',
        headers: member.headers,
        payload: { clientId: 'tab-aiko-0003', orderId },
      });
      const onFirst = await openReady(colleague.headers, baseUrl);
      expect(
        (onFirst.events.find((e) => e.event === 'presence')!.data as PresenceEvent).orders.some(
          (o) => o.orderId === orderId,
        ),
      ).toBe(true);
      await deliveredWithinASecond(
        stream,
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/admin/move-order-status',
            headers: member.headers,
            payload: { orderId, updatingStatus: 'Pending' },
          }),
        orderEvent(orderId),
      );
    });
  },
);
