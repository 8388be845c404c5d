import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import { moveOrders } from './order-status.service';
import type { Staff } from '../../lib/auth';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  await t.loginAs('Team');
  await t.seedRecentOrders(200);
});
afterAll(async () => {
  await t.close();
});

const staffOf = async (role: Staff['type']): Promise<Staff> => (await t.loginAs(role)).member;
const row = async (id: number) =>
  (
    await selectRows<{ process_status: string; processed_by_name: string | null; processed_at: string | null }>(
      t.database.db,
      sql`select process_status, processed_by_name, processed_at from orders where order_id = ${id}`,
    )
  )[0]!;
const logs = async (id: number) =>
  selectRows<{ step_name: string; staff_name: string }>(
    t.database.db,
    sql`select step_name, staff_name from process_logs where order_id = ${id} and staff_name is not null and detail is not null order by id`,
  );
const idsIn = async (status: string, n: number) =>
  (
    await selectRows<{ order_id: number }>(
      t.database.db,
      sql`select order_id from orders where process_status = ${status} and not (processing_mode = 'future' and processing_date > (now() at time zone 'UTC')::date) order by order_id limit ${n}`,
    )
  ).map((r) => Number(r.order_id));

describe('moveOrders', () => {
  it('moves orders, writes one log line each and records who completed them', async () => {
    const staff = await staffOf('Team');
    const ids = await idsIn('Pending', 2);
    const result = await moveOrders(t.database.db, staff, ids, 'Completed');
    expect(result.moved).toEqual(ids);
    for (const id of ids) {
      const order = await row(id);
      expect(order).toMatchObject({ process_status: 'Completed', processed_by_name: staff.name });
      expect(order.processed_at).not.toBeNull();
      expect(await logs(id)).toEqual([{ step_name: 'Status changed to Completed', staff_name: staff.name }]);
    }
  });

  it('leaves orders already in the target status alone, without a log line', async () => {
    const staff = await staffOf('Team');
    const [id] = await idsIn('Awaiting', 1);
    const result = await moveOrders(t.database.db, staff, [id!], 'Awaiting');
    expect(result).toEqual({ moved: [], unchanged: [id] });
    expect(await logs(id!)).toEqual([]);
  });

  it('refuses a delete to a Team member (403) and changes nothing', async () => {
    const staff = await staffOf('Team');
    const [id] = await idsIn('Pending', 1);
    await expect(moveOrders(t.database.db, staff, [id!], 'Deleted')).rejects.toMatchObject({ statusCode: 403 });
    expect((await row(id!)).process_status).toBe('Pending');
    expect(await logs(id!)).toEqual([]);
  });

  it('rolls everything back when one id is unknown (404)', async () => {
    const staff = await staffOf('Manager');
    const [id] = await idsIn('Pending', 1);
    await expect(moveOrders(t.database.db, staff, [id!, 999_999_999], 'Awaiting')).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await row(id!)).process_status).toBe('Pending');
  });
});
