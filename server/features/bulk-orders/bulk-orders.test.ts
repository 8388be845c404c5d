/**
 * Issue 24 point 4: bulk moves. A mix of allowed and refused orders (each order's outcome, its row, its process-log
 * line, counts equal to the predicates), the role rules of the single actions, "all matching" with the count the
 * confirmation showed, the limit, and the live hubs woken after a bulk request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, isPostgres, type TestContext } from '../../test/helper';
import { insertOrder, type OrderValues } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import type { Role } from '../../../shared/roles';
import type { BulkResult } from '../../../shared/schemas/bulk-orders';
import { countFolders } from '../queue-engine';
import { listen } from '../live/listener';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
const staff = {} as Record<'admin' | 'manager' | 'team' | 'team2' | 'telecaller', Login>;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  const roles: [keyof typeof staff, Role][] = [
    ['admin', 'Admin'],
    ['manager', 'Manager'],
    ['team', 'Team'],
    ['team2', 'Team'],
    ['telecaller', 'Telecaller'],
  ];
  for (const [key, role] of roles) staff[key] = await t.loginAs(role);
  await t.seedRecentOrders(200);
});
afterAll(async () => {
  await t.close();
});

const bulk = (who: Login, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/bulk-orders', headers: who.headers, payload });
const rows = async (ids: number[]) =>
  Object.fromEntries(
    (
      await selectRows<{
        order_id: number;
        process_status: string;
        assigned_to_id: number | null;
        processed_by_id: number | null;
      }>(
        t.database.db,
        sql`select order_id::int as order_id, process_status, assigned_to_id, processed_by_id from orders
    where order_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
      )
    ).map((r) => [r.order_id, r]),
  );
const steps = async (id: number) =>
  (
    await selectRows<{ step_name: string; staff_name: string | null; detail: string | null }>(
      t.database.db,
      sql`select step_name, staff_name, detail from process_logs where order_id = ${id} order by id`,
    )
  ).map((r) => `${r.step_name} by ${r.staff_name}${r.detail ? ` (${r.detail})` : ''}`);
const logLines = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from process_logs`))[0]!.n;
const snapshot = async () =>
  selectRows(
    t.database.db,
    sql`select order_id, process_status, assigned_to_id, updated_at::text from orders order by order_id`,
  );
const counts = async (who: Login) =>
  (await t.app.inject({ url: '/api/admin/get-folder-count', headers: who.headers })).json().data;
let surnames = 0;
/** Orders of their own surname, so that a search finds exactly them. */
const uniqueSurname = () =>
  `BULKTEST${String.fromCharCode(65 + (surnames % 26))}${String.fromCharCode(65 + Math.floor(surnames++ / 26))}`;
const newOrder = (overrides: Partial<OrderValues> = {}) => insertOrder(t.database.db, overrides);
const outcomes = (result: BulkResult) =>
  Object.fromEntries(
    result.results.map((r) => [r.orderId, r.outcome === 'refused' ? `refused: ${r.reason}` : r.outcome]),
  );

/** The incremental counts every member sees equal the folder predicates. */
async function expectCountsRight() {
  for (const who of Object.values(staff))
    expect(await counts(who)).toEqual(await countFolders(t.database.db, who.member.id));
}

describe('POST /api/admin/bulk-orders: move', () => {
  it('moves the allowed orders and refuses the others, each with its reason; one log line per moved order; counts follow', async () => {
    const fresh = [await newOrder(), await newOrder(), await newOrder()];
    const alreadyPending = await newOrder({ processStatus: 'Pending' });
    const movedAway = await newOrder(); // a colleague moves it to Awaiting after the page was loaded
    const deleted = await newOrder({ processStatus: 'Deleted' });
    const before = await counts(staff.team);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/move-order-status',
          headers: staff.team2.headers,
          payload: { orderId: [movedAway], updatingStatus: 'Awaiting' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await bulk(staff.team, {
      action: 'move',
      status: 'Pending',
      folderName: 'newOrder',
      orderIds: [...fresh, alreadyPending, movedAway, 999_999_999],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: number; message: string; data: BulkResult };
    expect(body.status).toBe(1);
    expect(body.message).toBe('Moved 3 orders to Pending; 3 refused.');
    expect(body.data).toMatchObject({ action: 'move', done: 3, refused: 3 });
    expect(outcomes(body.data)).toEqual({
      [fresh[0]!]: 'moved',
      [fresh[1]!]: 'moved',
      [fresh[2]!]: 'moved',
      [alreadyPending]: 'refused: Already in Pending.',
      [movedAway]: 'refused: No longer in New Order.',
      999999999: 'refused: Order not found.',
    });
    expect(body.data.results.map((r) => r.orderId)).toEqual(
      [...fresh, alreadyPending, movedAway, 999_999_999].sort((a, b) => a - b),
    );

    const after = await rows([...fresh, alreadyPending, movedAway]);
    for (const id of fresh) {
      expect(after[id]!.process_status).toBe('Pending');
      expect(await steps(id)).toEqual([`Status changed to Pending by ${staff.team.member.name} (New -> Pending)`]);
    }
    expect(after[alreadyPending]!.process_status).toBe('Pending');
    expect(await steps(alreadyPending)).toEqual([]);
    expect(after[movedAway]!.process_status).toBe('Awaiting');
    expect(await steps(movedAway)).toEqual([
      `Status changed to Awaiting by ${staff.team2.member.name} (New -> Awaiting)`,
    ]);

    // A Team member may not restore a deleted order (as with move-order-status); Admin may.
    const restore = (
      await bulk(staff.team, { action: 'move', status: 'New', folderName: 'deletedOrder', orderIds: [deleted] })
    ).json().data as BulkResult;
    expect(outcomes(restore)).toEqual({
      [deleted]: 'refused: Only an Admin or a Manager can restore a deleted order.',
    });
    expect((await rows([deleted]))[deleted]!.process_status).toBe('Deleted');

    const afterCounts = await counts(staff.team);
    expect(afterCounts.newOrdersCount).toBe(before.newOrdersCount - 3 - 1); // three moved, one moved away
    expect(afterCounts.pendingOrdersCount).toBe(before.pendingOrdersCount + 3);
    await expectCountsRight();
  });

  it('stamps processed-by when moving to Completed, as the single move does', async () => {
    const ids = [await newOrder({ processStatus: 'Pending' }), await newOrder({ processStatus: 'Pending' })];
    const data = (
      await bulk(staff.telecaller, { action: 'move', status: 'Completed', folderName: 'pendingOrder', orderIds: ids })
    ).json().data as BulkResult;
    expect(data.done).toBe(2);
    const after = await rows(ids);
    for (const id of ids)
      expect(after[id]).toMatchObject({ process_status: 'Completed', processed_by_id: staff.telecaller.member.id });
    await expectCountsRight();
  });

  it.runIf(isPostgres())(
    'refuses an order a colleague is changing at this moment instead of waiting for it',
    async () => {
      const [busy, free] = [await newOrder(), await newOrder()];
      const client = await t.database.raw.pool!.connect();
      try {
        await client.query('begin');
        await client.query('select 1 from orders where order_id = $1 for update', [busy]);
        const data = (
          await bulk(staff.team, { action: 'move', status: 'Awaiting', folderName: 'newOrder', orderIds: [busy, free] })
        ).json().data as BulkResult;
        expect(outcomes(data)).toEqual({
          [busy]: 'refused: Being changed by a colleague right now; try again.',
          [free]: 'moved',
        });
      } finally {
        await client.query('rollback');
        client.release();
      }
      expect((await rows([busy]))[busy]!.process_status).toBe('New');
      expect(await steps(busy)).toEqual([]);
    },
  );
});

describe('POST /api/admin/bulk-orders: role rules', () => {
  it('Team may delete only Future Orders; the others are refused and stay', async () => {
    const plain = await newOrder();
    const future = await newOrder({ processingMode: 'future', processingDate: isoDay(20) });
    const res = await bulk(staff.team, { action: 'delete', orderIds: [plain, future] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted 1 order; 1 refused.');
    expect(outcomes(res.json().data)).toEqual({
      [plain]: 'refused: Only an Admin or a Manager can delete orders.',
      [future]: 'deleted',
    });
    const after = await rows([plain, future]);
    expect(after[plain]!.process_status).toBe('New');
    expect(after[future]!.process_status).toBe('Deleted');
    expect(await steps(plain)).toEqual([]);
    expect(await steps(future)).toEqual([`Order deleted by ${staff.team.member.name} (New -> Deleted)`]);
    await expectCountsRight();
  });

  it('a Manager deletes, except from their own My Orders (Admin only)', async () => {
    const open = await newOrder();
    const mine = await newOrder({ assignedToId: staff.manager.member.id, assignedAt: new Date() });
    const data = (await bulk(staff.manager, { action: 'delete', orderIds: [open, mine] })).json().data as BulkResult;
    expect(outcomes(data)).toEqual({
      [open]: 'deleted',
      [mine]: 'refused: Only an Admin can delete orders from My Orders.',
    });
    expect((await rows([mine]))[mine]!.process_status).toBe('New');
    await expectCountsRight();
  });

  it('Team cannot assign to another member (403, nothing changes); assigning to themselves follows Assign to me', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const held = await newOrder({ assignedToId: staff.team2.member.id, assignedAt: new Date() });
    const before = await logLines();
    const refused = await bulk(staff.team, { action: 'assign', assigneeId: staff.team2.member.id, orderIds: [a, b] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 0,
      message: 'Only an Admin or a Manager can assign orders to another team member.',
    });
    expect(await logLines()).toBe(before);
    expect((await rows([a]))[a]!.assigned_to_id).toBeNull();

    const res = await bulk(staff.team, { action: 'assign', folderName: 'orderHistory', orderIds: [a, b, held] });
    expect(res.json().message).toBe('Assigned 2 orders to you; 1 refused.');
    expect(outcomes(res.json().data)).toEqual({
      [a]: 'assigned',
      [b]: 'assigned',
      [held]: 'refused: Already assigned to ' + staff.team2.member.name + '.',
    });
    const after = await rows([a, b, held]);
    expect([after[a]!.assigned_to_id, after[b]!.assigned_to_id, after[held]!.assigned_to_id]).toEqual([
      staff.team.member.id,
      staff.team.member.id,
      staff.team2.member.id,
    ]);
    expect(await steps(a)).toEqual([`Assigned by ${staff.team.member.name} (Assigned to ${staff.team.member.name})`]);
    expect(await steps(held)).toEqual([]);
    await expectCountsRight();
  });

  it('a Manager assigns to an existing member, taking over orders another member holds; closed orders are refused', async () => {
    const free = await newOrder();
    const held = await newOrder({
      assignedToId: staff.team2.member.id,
      assignedAt: new Date(),
      processStatus: 'Pending',
    });
    const completed = await newOrder({ processStatus: 'Completed' });
    const res = await bulk(staff.manager, {
      action: 'assign',
      assigneeId: staff.team.member.id,
      orderIds: [free, held, completed],
    });
    expect(res.json().message).toBe(`Assigned 2 orders to ${staff.team.member.name}; 1 refused.`);
    expect(outcomes(res.json().data)).toEqual({
      [free]: 'assigned',
      [held]: 'assigned',
      [completed]: 'refused: Completed orders cannot be assigned.',
    });
    expect((res.json().data as BulkResult).results.find((r) => r.orderId === held)?.reason).toBe(
      `Was assigned to ${staff.team2.member.name}.`,
    );
    const after = await rows([free, held, completed]);
    expect(after[free]!.assigned_to_id).toBe(staff.team.member.id);
    expect(after[held]!.assigned_to_id).toBe(staff.team.member.id);
    expect(after[completed]!.assigned_to_id).toBeNull();
    expect(await steps(held)).toEqual([
      `Assigned by ${staff.manager.member.name} (Assigned to ${staff.team.member.name} (was ${staff.team2.member.name}))`,
    ]);
    await expectCountsRight();

    const nobody = await bulk(staff.manager, { action: 'assign', assigneeId: 2_000_000_000, orderIds: [free] });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('The team member to assign to was not found; refresh the page.');
  });

  it('a Telecaller cannot act on all of Order History (the folder is not theirs)', async () => {
    const res = await bulk(staff.telecaller, {
      action: 'move',
      status: 'Pending',
      all: { folderName: 'orderHistory', searchVal: '' },
      expectedCount: 1,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/bulk-orders: all matching', () => {
  it('moves every order of the queue view when the count is the confirmed one; another count changes nothing (409)', async () => {
    const surname = uniqueSurname();
    const ids = [
      await newOrder({ surname }),
      await newOrder({ surname }),
      await newOrder({ surname, processingMode: 'future', processingDate: isoDay(-1) }),
    ];
    await newOrder({ surname, processStatus: 'Pending' }); // same search, other folder
    const all = { folderName: 'newOrder', searchVal: surname.toLowerCase() };
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-order',
      headers: staff.team.headers,
      payload: { ...all, start: 0, end: 10 },
    });
    expect(search.json().totalRecords).toBe(3); // what the confirmation shows

    const before = await snapshot();
    const lines = await logLines();
    for (const expectedCount of [2, 4]) {
      const res = await bulk(staff.team, { action: 'move', status: 'Awaiting', all, expectedCount });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `3 orders match now, not the ${expectedCount} orders you confirmed. Nothing was changed; check the list and confirm again.`,
      );
    }
    expect(await snapshot()).toEqual(before);
    expect(await logLines()).toBe(lines);

    const res = await bulk(staff.team, { action: 'move', status: 'Awaiting', all, expectedCount: 3 });
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Moved 3 orders to Awaiting Response.',
      data: { done: 3, refused: 0 },
    });
    const after = await rows(ids);
    for (const id of ids) {
      expect(after[id]!.process_status).toBe('Awaiting');
      expect(await steps(id)).toEqual([`Status changed to Awaiting by ${staff.team.member.name} (New -> Awaiting)`]);
    }
    await expectCountsRight();
  });

  it('applies the queue filters: only the filtered orders change', async () => {
    const surname = uniqueSurname();
    const indian = [
      await newOrder({ surname, nationality: 'India' }),
      await newOrder({ surname, nationality: 'India', processingMode: 'priority' }),
    ];
    const australian = await newOrder({ surname, nationality: 'Australia' });
    const all = {
      folderName: 'orderHistory',
      searchVal: surname,
      nationality: 'India',
      processingMode: ['standard', 'priority'],
    };
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-order',
      headers: staff.manager.headers,
      payload: { ...all, start: 0, end: 10 },
    });
    expect(list.json().totalRecords).toBe(2); // what the confirmation shows
    const res = await bulk(staff.manager, { action: 'delete', all, expectedCount: 2 });
    expect(res.json()).toMatchObject({ status: 1, message: 'Deleted 2 orders.', data: { done: 2, refused: 0 } });
    const after = await rows([...indian, australian]);
    expect(indian.map((id) => after[id]!.process_status)).toEqual(['Deleted', 'Deleted']);
    expect(after[australian]!.process_status).toBe('New');
    await expectCountsRight();

    const badFilter = await bulk(staff.manager, {
      action: 'delete',
      all: { folderName: 'newOrder', status: 'Pending' },
      expectedCount: 1,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('The status filter is available in Order History only.');
  });

  it('refuses more than 5,000 orders with a clear message, whether named or matching', async () => {
    const named = await bulk(staff.admin, {
      action: 'move',
      status: 'Pending',
      orderIds: Array.from({ length: 5001 }, (_, i) => i + 1),
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toContain(
      'At most 5,000 orders can be changed at once; narrow the filter and try again.',
    );

    await t.seedRecentOrders(5000); // Order History now holds over 5,000 orders
    const before = await logLines();
    const all = await bulk(staff.admin, {
      action: 'move',
      status: 'Pending',
      all: { folderName: 'orderHistory' },
      expectedCount: 5000,
    });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(
      'More than 5,000 orders match; at most 5,000 orders can be changed at once. Narrow the filter and try again. Nothing was changed.',
    );
    expect(await logLines()).toBe(before);
    const over = await bulk(staff.admin, {
      action: 'move',
      status: 'Pending',
      all: { folderName: 'orderHistory' },
      expectedCount: 5001,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('At most 5,000 orders can be changed at once');
  });

  it('refuses a body without orders, a move without a status, and both forms at once (400)', async () => {
    const id = await newOrder();
    for (const payload of [
      { action: 'move', status: 'Pending', orderIds: [] },
      { action: 'move', orderIds: [id] },
      { action: 'move', status: 'Deleted', orderIds: [id] },
      { action: 'delete', orderIds: [id], all: { folderName: 'newOrder' }, expectedCount: 1 },
      { action: 'delete', all: { folderName: 'newOrder' } },
    ]) {
      const res = await bulk(staff.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await rows([id]))[id]!.process_status).toBe('New');
  });
});

describe('live events', () => {
  it('a bulk request wakes the live hubs (NOTIFY live_events after it answered) and writes the events', async () => {
    const ids = [await newOrder(), await newOrder()];
    const [maxEvent] = await selectRows<{ id: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::int as id from live_events`,
    );
    let woken!: () => void;
    const notified = new Promise<void>((resolve) => {
      woken = resolve;
    });
    const listener = await listen(t.database, {
      onNotify: (channel) => {
        if (channel === 'live_events') woken();
      },
      onReconnect: () => {},
      onError: () => {},
    });
    try {
      expect((await bulk(staff.team, { action: 'move', status: 'Pending', orderIds: ids })).statusCode).toBe(200);
      await notified;
    } finally {
      await listener.close();
    }
    const events = await selectRows<{ order_id: number | null }>(
      t.database.db,
      sql`select order_id::int as order_id from live_events where id > ${maxEvent!.id} and kind = 'order'`,
    );
    expect(events.map((e) => e.order_id).sort()).toEqual(expect.arrayContaining(ids));
  });
});
