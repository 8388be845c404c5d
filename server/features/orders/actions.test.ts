import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder, type OrderValues } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import type { Role } from '../../../shared/roles';
import { countFolders } from '../queue-engine';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
const staff = {} as Record<'admin' | 'manager' | 'team' | 'team2' | 'telecaller' | 'night', Login>;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  const roles: [keyof typeof staff, Role][] = [
    ['admin', 'Admin'],
    ['manager', 'Manager'],
    ['team', 'Team'],
    ['team2', 'Team'],
    ['telecaller', 'Telecaller'],
    ['night', 'Night Staff'],
  ];
  for (const [key, role] of roles) staff[key] = await t.loginAs(role);
  await t.seedOrders(120);
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, who: Login, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/${url}`, headers: who.headers, payload });
const order = async (id: number) =>
  (
    await selectRows<{
      process_status: string;
      assigned_to_id: number | null;
      refund_date: string | null;
      processed_by_id: number | null;
      purged_at: string | null;
      email: string;
    }>(
      t.database.db,
      sql`select process_status, assigned_to_id, refund_date, processed_by_id, purged_at, email from orders where order_id = ${id}`,
    )
  )[0]!;
const steps = async (id: number) =>
  (
    await selectRows<{ step_name: string; staff_name: string | null }>(
      t.database.db,
      sql`select step_name, staff_name from process_logs where order_id = ${id} order by id`,
    )
  ).map((r) => `${r.step_name} by ${r.staff_name}`);
const counts = async (who: Login) =>
  (await t.app.inject({ url: '/api/admin/get-folder-count', headers: who.headers })).json().data;
const newOrder = (overrides: Partial<OrderValues> = {}) => insertOrder(t.database.db, overrides);

/** The incremental counts every staff member sees equal the folder predicates. */
async function expectCountsRight() {
  for (const who of Object.values(staff)) {
    expect(await counts(who)).toEqual(await countFolders(t.database.db, who.member.id));
  }
}

describe('PUT /api/admin/assign-order-status (Assign to me)', () => {
  it('assigns to the signed-in member, logs it, and moves the order from New to My Orders in the counts', async () => {
    const id = await newOrder();
    const before = await counts(staff.team);
    const res = await put('assign-order-status', staff.team, { orderId: [id], userName: 'Someone Else' });
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Order has been assigned successfully',
      data: { assigned: [id] },
    });
    expect((await order(id)).assigned_to_id).toBe(staff.team.member.id);
    expect(await steps(id)).toEqual([`Assigned by ${staff.team.member.name}`]);
    const after = await counts(staff.team);
    expect(after.newOrdersCount).toBe(before.newOrdersCount - 1);
    expect(after.myOrdersCount).toBe(before.myOrdersCount + 1);
    await expectCountsRight();
  });

  it('answers 409 naming the holder when someone else has the order, and changes nothing', async () => {
    const id = await newOrder();
    const spare = await newOrder();
    expect((await put('assign-order-status', staff.team, { orderId: id })).statusCode).toBe(200);
    const res = await put('assign-order-status', staff.team2, { orderId: [spare, id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 0,
      message: `Order ${id} has already been assigned to ${staff.team.member.name}.`,
    });
    expect((await order(id)).assigned_to_id).toBe(staff.team.member.id);
    expect((await order(spare)).assigned_to_id).toBeNull();
    expect(await steps(spare)).toEqual([]);
  });

  it('lets exactly one of two simultaneous members win; the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newOrder({ processingMode: 'priority' });
      const results = await Promise.all([
        put('assign-order-status', staff.team, { orderId: [id] }),
        put('assign-order-status', staff.team2, { orderId: [id] }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results[0]!.statusCode === 200 ? staff.team : staff.team2;
      expect((await order(id)).assigned_to_id).toBe(winner.member.id);
      expect(await steps(id)).toEqual([`Assigned by ${winner.member.name}`]);
    }
    await expectCountsRight();
  });

  it('refuses an empty selection (400) and unknown orders (404)', async () => {
    const empty = await put('assign-order-status', staff.team, { orderId: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select at least one order.');
    expect((await put('assign-order-status', staff.team, { orderId: [999_999_999] })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/move-to-original-folder', () => {
  it("clears the member's own assignment; another member's only for Admin and Manager", async () => {
    const mine = await newOrder({ assignedToId: staff.team.member.id, assignedAt: new Date() });
    const res = await put('move-to-original-folder', staff.team, { orderId: [mine] });
    expect(res.json()).toMatchObject({ status: 1, data: { released: [mine] } });
    expect((await order(mine)).assigned_to_id).toBeNull();
    expect(await steps(mine)).toEqual([`Moved to Original Folder by ${staff.team.member.name}`]);

    const theirs = await newOrder({ assignedToId: staff.team2.member.id, assignedAt: new Date() });
    const refused = await put('move-to-original-folder', staff.team, { orderId: [theirs] });
    expect(refused.statusCode).toBe(403);
    expect((await order(theirs)).assigned_to_id).toBe(staff.team2.member.id);
    expect((await put('move-to-original-folder', staff.manager, { orderId: [theirs] })).statusCode).toBe(200);
    expect((await order(theirs)).assigned_to_id).toBeNull();
    await expectCountsRight();
  });
});

describe('PUT /api/admin/change-order-status (delete)', () => {
  it('is refused to Team, Telecaller and Night Staff (403) with nothing changed', async () => {
    const id = await newOrder();
    for (const who of [staff.team, staff.telecaller, staff.night]) {
      const res = await put('change-order-status', who, { orderId: [id] });
      expect(res.statusCode).toBe(403);
    }
    expect((await order(id)).process_status).toBe('New');
    expect(await steps(id)).toEqual([]);
  });

  it('soft-deletes for a Manager, logs it, and updates the counts', async () => {
    const ids = [await newOrder(), await newOrder({ processingMode: 'priority' })];
    const before = await counts(staff.manager);
    const res = await put('change-order-status', staff.manager, {
      orderId: ids,
      updatingStatus: 'Deleted',
      permanentDeletedFlag: false,
    });
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Order has been deleted successfully',
      data: { moved: ids },
    });
    for (const id of ids) {
      expect((await order(id)).process_status).toBe('Deleted');
      expect(await steps(id)).toEqual([`Order deleted by ${staff.manager.member.name}`]);
    }
    const after = await counts(staff.manager);
    expect(after.deletedOrdersCount).toBe(before.deletedOrdersCount + 2);
    expect(after.newOrdersCount).toBe(before.newOrdersCount - 1);
    expect(after.priorityOrdersCount).toBe(before.priorityOrdersCount - 1);
    await expectCountsRight();
  });

  it('in My Orders only an Admin deletes', async () => {
    const id = await newOrder({
      assignedToId: staff.manager.member.id,
      assignedAt: new Date(),
      processStatus: 'Pending',
    });
    expect((await put('change-order-status', staff.manager, { orderId: id })).statusCode).toBe(403);
    expect((await order(id)).process_status).toBe('Pending');
    expect((await put('change-order-status', staff.admin, { orderId: id })).statusCode).toBe(200);
    expect((await order(id)).process_status).toBe('Deleted');
  });

  it('lets every role delete a Future Order', async () => {
    const id = await newOrder({ processingMode: 'future', processingDate: isoDay(90) });
    const res = await put('change-order-status', staff.telecaller, {
      orderId: [id],
      updatingStatus: 'Deleted',
      permanentDeletedFlag: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await order(id)).process_status).toBe('Deleted');
    await expectCountsRight();
  });

  it('deletes permanently only for an Admin: personal data blanked, audit line kept', async () => {
    const id = await newOrder({ email: 'purge.me@mail.example' });
    const refused = await put('change-order-status', staff.manager, { orderId: [id], permanentDeletedFlag: true });
    expect(refused.statusCode).toBe(403);
    expect(await order(id)).toMatchObject({ process_status: 'New', purged_at: null, email: 'purge.me@mail.example' });
    expect(
      (await put('change-order-status', staff.admin, { orderId: [id], permanentDeletedFlag: true })).statusCode,
    ).toBe(200);
    const purged = await order(id);
    expect(purged).toMatchObject({ process_status: 'Deleted', email: '' });
    expect(purged.purged_at).not.toBeNull();
    expect(await steps(id)).toEqual([
      `Order deleted by ${staff.admin.member.name}`,
      `Order permanently deleted by ${staff.admin.member.name}`,
    ]);
  });
});

describe('PUT /api/admin/move-order-status', () => {
  it('moves for any role; Completed records who processed it; counts follow', async () => {
    const id = await newOrder({ assignedToId: staff.telecaller.member.id, assignedAt: new Date() });
    const toPending = await put('move-order-status', staff.telecaller, { orderId: id, updatingStatus: 'Pending' });
    expect(toPending.json()).toMatchObject({ status: 1, data: { moved: [id] } });
    expect((await counts(staff.telecaller)).myOrdersCount).toBe(
      (await countFolders(t.database.db, staff.telecaller.member.id)).myOrdersCount,
    );
    await put('move-order-status', staff.telecaller, { orderId: [id], updatingStatus: 'Completed' });
    expect(await order(id)).toMatchObject({ process_status: 'Completed', processed_by_id: staff.telecaller.member.id });
    expect(await steps(id)).toEqual([
      `Status changed to Pending by ${staff.telecaller.member.name}`,
      `Status changed to Completed by ${staff.telecaller.member.name}`,
    ]);
    await expectCountsRight();
  });

  it('does not delete (400) and restores a deleted order only for Admin or Manager', async () => {
    const id = await newOrder({ processStatus: 'Deleted' });
    expect((await put('move-order-status', staff.team, { orderId: [id], updatingStatus: 'Deleted' })).statusCode).toBe(
      400,
    );
    expect((await put('move-order-status', staff.team, { orderId: [id], updatingStatus: 'New' })).statusCode).toBe(403);
    expect((await order(id)).process_status).toBe('Deleted');
    expect((await put('move-order-status', staff.manager, { orderId: [id], updatingStatus: 'New' })).statusCode).toBe(
      200,
    );
    expect((await order(id)).process_status).toBe('New');
    await expectCountsRight();
  });
});

describe('refund queue actions', () => {
  it('Refunded it stamps the refund date on Refunds orders; other orders make it 409 with nothing changed', async () => {
    const refunds = await newOrder({ processStatus: 'Refunds' });
    const other = await newOrder({ processStatus: 'Pending' });
    const refused = await put('mark-refunded', staff.team, { orderId: [refunds, other] });
    expect(refused.statusCode).toBe(409);
    expect((await order(refunds)).refund_date).toBeNull();
    const res = await put('mark-refunded', staff.team, { orderId: [refunds] });
    expect(res.json()).toMatchObject({ status: 1, data: { refunded: [refunds] } });
    expect((await order(refunds)).refund_date).not.toBeNull();
    expect(await steps(refunds)).toEqual([`Refunded by ${staff.team.member.name}`]);
    const list = (
      await t.app.inject({ url: '/api/admin/get-orders-list/refundOrder?limit=5000', headers: staff.team.headers })
    ).json();
    expect(list.data.find((r: { order_id: number }) => r.order_id === refunds).refund_date).not.toBeNull();
  });

  it('Move to complete with refund mail completes the order and queues the refund confirmation in one go', async () => {
    const id = await newOrder({
      processStatus: 'Refunds',
      email: 'refund.me@mail.example',
      givenName: 'RINA',
      surname: 'OKADA',
    });
    const notRefund = await newOrder({ processStatus: 'Awaiting' });
    expect((await put('move-to-complete-refund', staff.team, { orderId: [id, notRefund] })).statusCode).toBe(409);
    expect((await order(id)).process_status).toBe('Refunds');
    const mailsOf = (orderId: number) =>
      selectRows<{
        kind: string;
        to_address: string;
        status: string;
        mail_service_provider: string;
        subject: string;
        text_body: string;
      }>(
        t.database.db,
        sql`select kind, to_address, status, mail_service_provider, subject, text_body from mails where order_id = ${orderId}`,
      );
    expect(await mailsOf(id)).toEqual([]);

    const res = await put('move-to-complete-refund', staff.team, { orderId: id });
    expect(res.json()).toMatchObject({ status: 1, data: { moved: [id] } });
    expect(await order(id)).toMatchObject({ process_status: 'Completed', processed_by_id: staff.team.member.id });
    const [mail, ...more] = await mailsOf(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'refund_confirmation',
      to_address: 'refund.me@mail.example',
      status: 'queued',
      mail_service_provider: 'smtp',
    });
    expect(mail!.subject).toContain(String(id));
    expect(mail!.text_body).toContain('RINA OKADA');
    // The mail feature's branded template, with the amount refunded and the landing site's name.
    expect(mail!.text_body).toMatch(/your payment of .+ for order \d+ has been refunded/);
    expect(await steps(id)).toEqual([
      `Moved to Completed with refund mail by ${staff.team.member.name}`,
      `Mail queued by ${staff.team.member.name}`,
    ]);
    await expectCountsRight();
  });
});
