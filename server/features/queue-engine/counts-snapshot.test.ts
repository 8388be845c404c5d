import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { COUNTS_CACHE_MS, currentCounterTotals, folderCountsChanged } from './counts-snapshot';
import { readFolderCounts, type CounterRow } from './folder-counts';
import type { Executor } from '../../db/client';

let t: TestContext;
let headers: { authorization: string };
let memberId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const team = await t.loginAs('Team');
  headers = team.headers;
  memberId = team.member.id;
  await t.seedRecentOrders(60);
});
afterAll(async () => {
  await t.close();
});

const apiCounts = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/get-folder-count', headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, number>;
};

/** A change made outside this process's services, as another server process would make it. */
const pendOneNewOrder = () =>
  t.database.db.execute(sql`
  update orders set process_status = 'Pending'
  where order_id = (select order_id from orders where process_status = 'New' and processing_mode = 'standard' and assigned_to_id is null limit 1)`);

describe('folder counts snapshot', () => {
  it('shows a change made by another process within COUNTS_CACHE_MS, and equals the counters then', async () => {
    const before = await apiCounts();
    await pendOneNewOrder();
    await new Promise((r) => setTimeout(r, COUNTS_CACHE_MS + 50));
    const after = await apiCounts();
    expect(after.pendingOrdersCount).toBe(before.pendingOrdersCount! + 1);
    expect(after.newOrdersCount).toBe(before.newOrdersCount! - 1);
    expect(after).toEqual(await readFolderCounts(t.database.db, memberId));
  });

  it('never keeps a read that began before a change as current, even when it answers last', async () => {
    // A database whose answers we release by hand, so the older read can finish after the newer one.
    const answers: ((rows: CounterRow[]) => void)[] = [];
    const db = {
      execute: () => new Promise((resolve) => answers.push((rows) => resolve({ rows }))),
    } as unknown as Executor;
    const pending = (n: number): CounterRow[] => [{ bucket: 's:Pending', day: '-infinity', n }];

    const startedBefore = currentCounterTotals(db);
    folderCountsChanged(db); // an order moved and its transaction committed
    const afterChange = currentCounterTotals(db);
    expect(answers).toHaveLength(2); // the change did not join the read already under way
    answers[1]!(pending(8));
    answers[0]!(pending(7));
    expect((await startedBefore).buckets.get('s:Pending')).toBe(7);
    expect((await afterChange).buckets.get('s:Pending')).toBe(8);
    // The snapshot in use is the one read after the change, and it is served without a new read.
    const again = currentCounterTotals(db);
    expect(answers).toHaveLength(2);
    expect((await again).buckets.get('s:Pending')).toBe(8);
  });

  it('reads again after a change once the snapshot has been kept', async () => {
    const db = t.database.db;
    const before = await currentCounterTotals(db);
    await pendOneNewOrder();
    folderCountsChanged(db); // what a service of this process does after its commit
    const after = await currentCounterTotals(db);
    expect(after).not.toBe(before);
    expect(after.buckets.get('s:Pending')).toBe((await readFolderCounts(db, memberId)).pendingOrdersCount);
  });

  it('serves repeated reads within COUNTS_CACHE_MS from memory', async () => {
    const db = t.database.db;
    const first = await currentCounterTotals(db);
    expect(await currentCounterTotals(db)).toBe(first);
  });
});
