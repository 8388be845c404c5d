/**
 * The stream's folder rule (shared/live.ts inFolder, which the web uses to mark rows that leave a queue) says what the
 * server's folder predicates say (folders.ts folderPredicate), for orders in every status, mode, processing date
 * and assignee.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { FOLDERS, PROCESS_STATUSES, PROCESSING_MODES } from '../../../shared/orders';
import { inFolder, primaryFolder, utcDay } from '../../../shared/live';
import { folderPredicate } from '../queue-engine';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('agrees with the folder predicates for every kind of order', async () => {
  const me = (await t.loginAs('Team')).member.id;
  const other = (await t.loginAs('Team')).member.id;
  const today = utcDay();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  let inserted = 0;
  for (const status of PROCESS_STATUSES) {
    for (const mode of PROCESSING_MODES) {
      // A future order always has its processing date (orders_future_has_date_check).
      for (const date of mode === 'future' ? [day(-1), today, day(3)] : [null, day(-1), today, day(3)]) {
        for (const assignee of [null, me, other]) {
          await insertOrder(t.database.db, {
            processStatus: status,
            processingMode: mode,
            processingDate: date,
            assignedToId: assignee,
          });
          inserted += 1;
        }
      }
    }
  }
  const rows = await selectRows<{
    order_id: number;
    process_status: string;
    processing_mode: string;
    processing_date: string | null;
    assigned_to_id: number | null;
  }>(
    t.database.db,
    sql`select order_id, process_status, processing_mode, processing_date::text, assigned_to_id from orders`,
  );
  expect(rows.length).toBe(inserted);
  for (const folder of FOLDERS) {
    const listed = new Set(
      (
        await selectRows<{ order_id: number }>(
          t.database.db,
          sql`
      select o.order_id from orders o where ${folderPredicate(folder, me, today)}`,
        )
      ).map((r) => Number(r.order_id)),
    );
    const ruled = new Set(
      rows
        .filter((r) =>
          inFolder(
            folder,
            {
              status: r.process_status,
              mode: r.processing_mode,
              processingDate: r.processing_date,
              assigneeId: r.assigned_to_id,
            },
            me,
            today,
          ),
        )
        .map((r) => Number(r.order_id)),
    );
    expect([...ruled].sort(), folder).toEqual([...listed].sort());
  }
  // Every order has a primary folder, and is in it (for its assignee when assigned).
  for (const r of rows) {
    const place = {
      status: r.process_status,
      mode: r.processing_mode,
      processingDate: r.processing_date,
      assigneeId: r.assigned_to_id,
    };
    const folder = primaryFolder(place, today);
    expect(folder, JSON.stringify(place)).not.toBeNull();
    expect(inFolder(folder!, place, r.assigned_to_id ?? -1, today), JSON.stringify(place)).toBe(true);
  }
});
