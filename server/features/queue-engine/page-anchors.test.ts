import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';
import { folderPredicate, utcToday } from './folders';
import { anchoredPageStatement } from './page-statements';
import { anchorKey, MAX_VIEWS, nearestAnchor, rememberAnchor } from './page-anchors';
import { readFolderVersion } from './folder-counts';
import type { Folder } from '../../../shared/orders';

let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await t.loginAs('Team');
  await t.seedRecentOrders(420);
});
afterAll(async () => {
  await t.close();
});

interface Key {
  order_id: number;
  created_at: string;
}

/** A folder newest first, straight from its predicate, with each row's exact created_at. */
async function folderRows(folder: Folder = 'orderHistory'): Promise<Key[]> {
  return selectRows<Key>(
    t.database.db,
    sql`
    select order_id::int as order_id, created_at::text as created_at from orders o
    where ${folderPredicate(folder, team.member.id)} order by created_at desc, order_id desc`,
  );
}
const history = () => folderRows('orderHistory');
const historyVersion = async () => String(await readFolderVersion(t.database.db, 'orderHistory', team.member.id));

/** A folder at page `page` of 10, as the API answers it. */
async function pageIds(page: number, folder: Folder = 'orderHistory'): Promise<number[]> {
  const res = await t.app.inject({
    url: `/api/admin/get-orders-list/${folder}?page=${page}&limit=10`,
    headers: team.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((r: { order_id: number }) => r.order_id);
}

async function expectPage(page: number, folder: Folder = 'orderHistory') {
  const ids = (await folderRows(folder)).map((r) => r.order_id);
  expect(await pageIds(page, folder), `${folder} page ${page}`).toEqual(ids.slice((page - 1) * 10, page * 10));
}

describe('page anchors (deep queue pages)', () => {
  it('keep deep pages exact while orders leave and enter the folder before them, one or two in a statement', async () => {
    expect((await history()).length).toBeGreaterThan(300);
    await expectPage(26); // offset 250: from the top, remembered as an anchor
    await expectPage(26); // from its anchor
    await expectPage(27); // from the anchor at 250, skipping 10
    const [newest] = await history();
    await t.database.db.execute(sql`update orders set process_status = 'Deleted' where order_id = ${newest!.order_id}`);
    await expectPage(27); // one order fewer before the anchor: every row moves up one
    // One statement that takes one order out of the folder (before the anchor) and puts another in
    // (after it): the folder's count is unchanged, its first 300 rows are not.
    const all = await history();
    const older = all[all.length - 1]!;
    await t.database.db.execute(sql`update orders set process_status = 'Deleted' where order_id = ${older.order_id}`);
    await expectPage(28);
    const before = (await history()).length;
    await t.database.db.execute(sql`
      update orders set process_status = case when order_id = ${older.order_id} then 'Completed' else 'Deleted' end
      where order_id in (${older.order_id}, ${all[0]!.order_id})`);
    expect((await history()).length).toBe(before);
    await expectPage(28);
    await expectPage(27);
  });

  it("take the page's true first row as the anchor when two rows share a millisecond", async () => {
    // Rows 250 and 251 made to share a millisecond, the newer with the smaller id: ordered by the millisecond
    // text and then the id, the page would start with the wrong one and every anchored page would be one off.
    const rows = await history();
    const [a, b] = [rows[250]!, rows[251]!].sort((x, y) => x.order_id - y.order_id);
    await t.database.db
      .execute(sql`update orders set created_at = date_trunc('milliseconds', ${rows[251]!.created_at}::timestamptz)
      + case when order_id = ${a!.order_id} then interval '500 microseconds' else interval '100 microseconds' end
      where order_id in (${a!.order_id}, ${b!.order_id})`);
    await expectPage(26); // from the top: remembers its first row
    await expectPage(26); // from that anchor
    await expectPage(27);
  });

  it("walk from the anchor only while the folder's version is the one the anchor was taken at", async () => {
    const rows = await history();
    const version = await historyVersion();
    const request = { folder: 'orderHistory' as const, offset: 260, limit: 10 };
    // An anchor that says the row at position 300 is at 250: the statement trusts it only with the version.
    const planted = {
      anchor: { position: 250, createdAt: rows[300]!.created_at, orderId: rows[300]!.order_id },
      version,
    };
    const run = async (from: typeof planted) =>
      await selectRows<{ order_id: number | null; version: string }>(
        t.database.db,
        anchoredPageStatement({ ...team.member, type: 'Team' }, request, utcToday(), from),
      );
    const trusted = await run(planted);
    expect(trusted.map((r) => r.order_id)).toEqual(rows.slice(310, 320).map((r) => r.order_id));
    expect(trusted[0]!.version).toBe(version);
    const stale = await run({ ...planted, version: String(BigInt(version) - 1n) });
    expect(stale.map((r) => r.order_id)).toEqual(rows.slice(260, 270).map((r) => r.order_id));
  });

  it('are what a deep page of the API walks from (a planted wrong anchor shows it), until the folder changes', async () => {
    const rows = await history();
    const key = anchorKey('orderHistory', team.member.id, utcToday());
    // Page 27 starts at 260: the planted anchor says row 300 is there (replacing the true one an earlier page left).
    rememberAnchor(t.database.db, key, await historyVersion(), {
      position: 260,
      createdAt: rows[300]!.created_at,
      orderId: rows[300]!.order_id,
    });
    expect(await pageIds(27)).toEqual(rows.slice(300, 310).map((r) => r.order_id));
    await t.database.db.execute(
      sql`update orders set process_status = 'Deleted' where order_id = ${rows[5]!.order_id}`,
    );
    await expectPage(27);
  });
});

describe('page anchors in New Orders (several buckets, and a predicate that depends on the date)', () => {
  const newIds = async () => (await folderRows('newOrder')).map((r) => r.order_id);
  const expectNewPage = (page: number) => expectPage(page, 'newOrder');

  it('keep deep pages exact while orders are assigned, change mode, come back from Pending, and future orders fall due', async () => {
    await t.seedRecentOrders(1100);
    expect((await newIds()).length).toBeGreaterThan(240);
    await expectNewPage(22); // offset 210: from the top, remembered
    await expectNewPage(22); // from its anchor
    const [newest] = await newIds();
    await t.database.db.execute(sql`update orders set assigned_to_id = ${team.member.id} where order_id = ${newest}`);
    await expectNewPage(22);
    await t.database.db.execute(
      sql`update orders set processing_mode = 'priority' where order_id = ${(await newIds())[3]!}`,
    );
    await expectNewPage(23);
    // A future order whose date is moved to today enters New wherever its created_at puts it.
    const [due] = await selectRows<{ order_id: number }>(
      t.database.db,
      sql`
      select order_id::int as order_id from orders where process_status = 'New' and processing_mode = 'future'
      and assigned_to_id is null and processing_date > current_date order by created_at desc limit 1`,
    );
    expect(due).toBeDefined();
    await expectNewPage(22);
    await t.database.db.execute(
      sql`update orders set processing_date = ${utcToday()}::date where order_id = ${due!.order_id}`,
    );
    expect(await newIds()).toContain(due!.order_id);
    await expectNewPage(22);
    const [pending] = await selectRows<{ order_id: number }>(
      t.database.db,
      sql`
      select order_id::int as order_id from orders where process_status = 'Pending' and processing_mode = 'standard' order by created_at desc limit 1`,
    );
    await t.database.db.execute(
      sql`update orders set process_status = 'New', assigned_to_id = null where order_id = ${pending!.order_id}`,
    );
    await expectNewPage(22);
    await expectNewPage(23);
  });
});

describe('the anchor store', () => {
  const db = {};
  const anchor = (position: number) => ({ position, createdAt: '2026-01-01 00:00:00+00', orderId: position });

  it('answers the nearest anchor at or before an offset, of the newest version seen', () => {
    expect(nearestAnchor(db, 'k', 500)).toBeNull();
    rememberAnchor(db, 'k', '7', anchor(300));
    rememberAnchor(db, 'k', '7', anchor(450));
    rememberAnchor(db, 'k', '7', anchor(600));
    expect(nearestAnchor(db, 'k', 500)).toEqual({ anchor: anchor(450), version: '7' });
    expect(nearestAnchor(db, 'k', 299)).toBeNull();
    rememberAnchor(db, 'k', '6', anchor(499)); // from a snapshot older than the anchors held: ignored
    expect(nearestAnchor(db, 'k', 500)?.anchor.position).toBe(450);
    rememberAnchor(db, 'k', '9', anchor(200)); // a newer version: the old anchors are gone
    expect(nearestAnchor(db, 'k', 500)).toEqual({ anchor: anchor(200), version: '9' });
    expect(nearestAnchor(db, 'other', 500)).toBeNull();
  });

  it('keeps at most MAX_VIEWS folder views, dropping the one answered least recently', () => {
    const views = {};
    for (let view = 0; view < MAX_VIEWS; view++) rememberAnchor(views, `day-${view}`, '1', anchor(300));
    rememberAnchor(views, 'day-0', '1', anchor(400)); // day-0 answered again: day-1 is now the oldest
    rememberAnchor(views, 'new day', '1', anchor(300));
    expect(nearestAnchor(views, 'day-1', 500)).toBeNull();
    expect(nearestAnchor(views, 'day-0', 500)?.anchor.position).toBe(400);
    expect(nearestAnchor(views, 'new day', 500)?.anchor.position).toBe(300);
  });

  it('keeps at most 64 anchors per folder view, dropping the oldest', () => {
    for (let position = 1000; position < 1070; position++) rememberAnchor(db, 'many', '1', anchor(position));
    expect(nearestAnchor(db, 'many', 1005)).toBeNull();
    expect(nearestAnchor(db, 'many', 1006)?.anchor.position).toBe(1006);
    expect(nearestAnchor(db, 'many', 5000)?.anchor.position).toBe(1069);
  });
});
