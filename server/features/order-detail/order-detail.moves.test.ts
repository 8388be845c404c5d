/**
 * The order detail page's move buttons and Delete, through the routes it calls
 * (PUT /api/admin/move-order-status, PUT /api/admin/change-order-status), as
 * seen on the detail payload: new status and a timeline line per move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { orders, processLogs } from '../../db/schema';
import { MOVE_TARGETS } from '../../../shared/orders';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const detail = async (id: number, headers: { authorization: string }) =>
  (await t.app.inject({ url: `/api/admin/get-orders-details/${id}`, headers })).json().data;

describe('move buttons of the order detail page', () => {
  it('moves a live order through every other status, each move changing the status and adding a timeline line', async () => {
    const { member, headers } = await t.loginAs('Team', { name: 'Moira Mover' });
    const id = await insertOrder(t.database.db, { processStatus: 'Pending' });
    let previous = 'Pending';
    // Every target but the current one, ending back where it started.
    const route = [...MOVE_TARGETS.filter((s) => s !== 'Pending'), 'Pending'];
    for (const target of route) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/move-order-status',
        headers,
        payload: { orderId: [id], updatingStatus: target },
      });
      expect(res.statusCode, target).toBe(200);
      expect(res.json().status).toBe(1);
      const data = await detail(id, headers);
      expect(data.process_status).toBe(target);
      expect(data.processLogs.at(-1)).toMatchObject({
        step_name: `Status changed to ${target}`,
        staff_name: 'Moira Mover',
        detail: `${previous} -> ${target}`,
      });
      previous = target;
    }
    const logs = await t.database.db.select().from(processLogs).where(eq(processLogs.orderId, id));
    expect(logs).toHaveLength(route.length);
    expect(logs.every((l) => l.staffId === member.id)).toBe(true);
  });

  it('refuses Delete to a Telecaller with 403 and changes nothing', async () => {
    const { headers } = await t.loginAs('Telecaller');
    const id = await insertOrder(t.database.db, { processStatus: 'Contact Customer' });
    const before = await detail(id, headers);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers,
      payload: { orderId: [id], updatingStatus: 'Deleted', permanentDeletedFlag: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(0);
    const [row] = await t.database.db
      .select({ status: orders.processStatus })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row!.status).toBe('Contact Customer');
    expect(await detail(id, headers)).toEqual(before);
  });

  it('lets a Manager delete (soft) and restore the order', async () => {
    const { headers } = await t.loginAs('Manager', { name: 'Mel Manager' });
    const id = await insertOrder(t.database.db, { processStatus: 'Customer Called' });
    const del = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers,
      payload: { orderId: [id], updatingStatus: 'Deleted', permanentDeletedFlag: false },
    });
    expect(del.json()).toMatchObject({ status: 1, message: 'Order has been deleted successfully' });
    let data = await detail(id, headers);
    expect(data.process_status).toBe('Deleted');
    expect(data.passport_number).toBe('TK1234567');
    expect(data.processLogs.at(-1)).toMatchObject({ step_name: 'Order deleted', staff_name: 'Mel Manager' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers,
      payload: { orderId: [id], updatingStatus: 'Customer Called' },
    });
    data = await detail(id, headers);
    expect(data.process_status).toBe('Customer Called');
  });
});
