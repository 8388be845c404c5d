import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import { countFolders } from './folders';
import { readFolderCounts, readFolderVersion, readFutureMonthCounts, rebuildFolderCounts } from './folder-counts';
import { FOLDERS, MONTHS, type Folder } from '../../../shared/orders';

let t: TestContext;
const staffIds: number[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['Team', 'Manager', 'Telecaller'] as const) staffIds.push((await t.loginAs(role)).member.id);
  await t.seedOrders(400);
});
afterAll(async () => {
  await t.close();
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function expectCountsMatch(today?: string) {
  for (const id of staffIds) {
    expect(await readFolderCounts(t.database.db, id, today)).toEqual(await countFolders(t.database.db, id, today));
  }
}

describe('incremental folder counts', () => {
  it('equal the folder predicates after a bulk load', async () => {
    const counts = await readFolderCounts(t.database.db, staffIds[0]!);
    expect(counts.allOrdersCount + counts.deletedOrdersCount).toBe(400);
    expect(counts.newOrdersCount).toBeGreaterThan(0);
    await expectCountsMatch();
  });

  it('follow single and bulk updates of every counted column, inserts and deletes', async () => {
    const db = t.database.db;
    await db.execute(
      sql`update orders set process_status = 'Pending' where order_id in (select order_id from orders where process_status = 'New' order by order_id limit 5)`,
    );
    await db.execute(
      sql`update orders set assigned_to_id = ${staffIds[1]} where order_id in (select order_id from orders where assigned_to_id is null order by order_id desc limit 7)`,
    );
    await db.execute(
      sql`update orders set assigned_to_id = null where order_id in (select order_id from orders where assigned_to_id = ${staffIds[0]} limit 3)`,
    );
    await db.execute(
      sql`update orders set processing_mode = 'priority', processing_date = null where order_id in (select order_id from orders where processing_mode = 'future' limit 2)`,
    );
    await db.execute(
      sql`update orders set processed_at = now() where order_id in (select order_id from orders where processed_at is null limit 4)`,
    );
    await db.execute(sql`update orders set updated_at = now()`); // no counted column changes
    await expectCountsMatch();
    await db.execute(
      sql`delete from process_logs where order_id in (select order_id from orders order by order_id limit 3)`,
    );
    await db.execute(sql`delete from orders where order_id in (select order_id from orders order by order_id limit 3)`);
    await expectCountsMatch();
  });

  it('move a future order into New when its processing date arrives, with no row change', async () => {
    const db = t.database.db;
    const [order] = await selectRows<{ order_id: number }>(
      db,
      sql`
      update orders set process_status = 'New', assigned_to_id = null, processing_mode = 'future', processing_date = ${isoDay(40)}
      where order_id = (select min(order_id) from orders where process_status = 'Completed') returning order_id`,
    );
    expect(order).toBeDefined();
    const today = await readFolderCounts(db, staffIds[0]!);
    const later = await readFolderCounts(db, staffIds[0]!, isoDay(41));
    expect(later.newOrdersCount).toBeGreaterThan(today.newOrdersCount);
    await expectCountsMatch();
    await expectCountsMatch(isoDay(41));
    await expectCountsMatch(isoDay(400));
    // The month tiles count the same order until then, and not after.
    const month = MONTHS[new Date(`${isoDay(40)}T00:00:00Z`).getUTCMonth()]!;
    const tilesNow = await readFutureMonthCounts(db);
    const tilesLater = await readFutureMonthCounts(db, isoDay(41));
    expect(tilesNow[month]).toBeGreaterThanOrEqual(1);
    const [{ live }] = (await selectRows<{ live: number }>(
      db,
      sql`
      select count(*)::int as live from orders where process_status = 'New' and processing_mode = 'future'
      and processing_date > ${isoDay(41)}::date and to_char(processing_date, 'Mon') = ${month}`,
    )) as [{ live: number }];
    expect(tilesLater[month]).toBe(live);
  });

  it('rebuild gives the same numbers, and every folder a version above its old one', async () => {
    const before = await readFolderCounts(t.database.db, staffIds[1]!);
    const versionsBefore = await versions();
    await rebuildFolderCounts(t.database.db);
    expect(await readFolderCounts(t.database.db, staffIds[1]!)).toEqual(before);
    await expectCountsMatch();
    const versionsAfter = await versions();
    for (const folder of FOLDERS) expect(versionsAfter[folder] > versionsBefore[folder], folder).toBe(true);
    // Versions rise by a little, not by a factor: twenty rebuilds later they still fit in a bigint.
    for (let i = 0; i < 20; i++) await rebuildFolderCounts(t.database.db);
    const [{ total, rows }] = (await selectRows<{ total: string; rows: number }>(
      t.database.db,
      sql`
      select sum(changes)::text as total, count(*)::int as rows from order_folder_counts`,
    )) as [{ total: string; rows: number }];
    const last = await versions();
    for (const folder of FOLDERS) expect(last[folder] - versionsAfter[folder] <= BigInt(20 * rows), folder).toBe(true);
    expect(BigInt(total)).toBeLessThan(1_000_000n);
    await expectCountsMatch();
  });
});

/** Each folder's version (page-anchors.ts) for staffIds[0]. */
async function versions(): Promise<Record<Folder, bigint>> {
  const entries = await Promise.all(
    FOLDERS.map(async (folder) => [folder, await readFolderVersion(t.database.db, folder, staffIds[0]!)] as const),
  );
  return Object.fromEntries(entries) as Record<Folder, bigint>;
}

describe('folder versions', () => {
  const moved = (before: Record<Folder, bigint>, after: Record<Folder, bigint>) =>
    FOLDERS.filter((f) => after[f] !== before[f]).sort();

  it('move when a folder gains or loses an order, and only then', async () => {
    const db = t.database.db;
    let before = await versions();
    await db.execute(sql`update orders set given_name = 'RENAMED', updated_at = now()`);
    expect(moved(before, await versions())).toEqual([]);

    const [pending] = await selectRows<{ order_id: number }>(
      db,
      sql`
      select order_id from orders where process_status = 'Pending' and assigned_to_id is null limit 1`,
    );
    before = await versions();
    await db.execute(sql`update orders set process_status = 'Awaiting' where order_id = ${pending!.order_id}`);
    expect(moved(before, await versions())).toEqual(['awaitingOrder', 'pendingOrder']);

    // A future order whose processing date comes forward to today moves from Future to New.
    const [future] = await selectRows<{ order_id: number }>(
      db,
      sql`
      update orders set process_status = 'New', assigned_to_id = null, processing_mode = 'future', processing_date = ${isoDay(30)}
      where order_id = (select min(order_id) from orders where process_status = 'Completed') returning order_id`,
    );
    before = await versions();
    await db.execute(sql`update orders set processing_date = ${isoDay(0)} where order_id = ${future!.order_id}`);
    expect(moved(before, await versions())).toEqual(expect.arrayContaining(['futureOrder', 'newOrder']));
    expect(moved(before, await versions())).not.toContain('pendingOrder');
    await expectCountsMatch();
  });
});
