/**
 * The plan check in CI (plan-check.ts): on generated orders as a live service has them (120 days, decision 0010),
 * enough that the planner chooses as it does at a million, every folder's page, Order History's page in every sort,
 * every search shape and the counts must walk their indexes. And the check must notice when they do not: with an
 * index a queue page depends on dropped, it names that folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isPostgres } from '../../test/helper';
import { FOLDERS, STATUS_FOLDERS } from '../../../shared/orders';
import type { Database } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { loadDemoOrders } from '../../seed/load-orders';
import type { Staff } from '../../lib/auth';
import { checkQueuePlans, renewTrigramStats, type PlanSession, type TrigramStats } from './index';

/**
 * Orders enough that every statement's plan is the one a million orders get (docs/decisions/0029): loaded so, at
 * 40,000, each of the 177 plans used the same indexes in the same nodes as on the bench's 1,000,000 (they differed
 * only by a Memoize node over the team_members join), where at 20,000 searches of digits and the closed folders'
 * searches scanned the table.
 */
const ORDERS = Number(process.env.PLAN_CHECK_ORDERS ?? 40_000);

let database: Database;
let staff: Staff;
let stats: TrigramStats;

beforeAll(async () => {
  if (!isPostgres()) return;
  database = await createTestDatabase();
  const [member] = await database.db
    .insert(teamMembers)
    .values({ name: 'Plan Check Team', email: 'plan.check@staff.example', type: 'Team', passwordHash: 'not-used' })
    .returning();
  staff = { id: member!.id, name: member!.name, email: member!.email, type: 'Team' };
  await loadDemoOrders(database, { count: ORDERS, seed: 42, ordersOnly: true, indexesAfterLoad: true });
  stats = await renewTrigramStats(database.db);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

/** One session for the check (prepared statements live on it), inside a transaction rolled back afterwards. */
async function inRolledBackTransaction<T>(work: (session: PlanSession) => Promise<T>): Promise<T> {
  const client = await database.raw.pool!.connect();
  try {
    await client.query('begin');
    return await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

// PostgreSQL only: production's million orders are planned by PostgreSQL (PGlite serves small installations),
// and loading them into PGlite would take minutes.
describe.skipIf(!isPostgres())('the queue plan check', () => {
  it('finds every folder page, search and count walking its indexes', async () => {
    const problems = await inRolledBackTransaction((session) => checkQueuePlans(session, staff, stats));
    expect(problems).toEqual([]);
  });

  const statusFolders = FOLDERS.filter((folder) => folder in STATUS_FOLDERS);
  const bothPages = (lists: readonly string[]) => lists.flatMap((list) => [`${list} page 1`, `${list} page 500`]);
  it.each([
    ['orders_queue_new_idx', ['newOrder']],
    ['orders_status_created_idx', statusFolders],
    ['orders_queue_history_idx', ['orderHistory', 'orderHistory sorted by oldest']],
    ['orders_name_sort_idx', ['orderHistory sorted by name', 'orderHistory sorted by name_desc']],
  ] as const)('names exactly the lists whose pages lose their index when %s is dropped', async (index, lists) => {
    const problems = await inRolledBackTransaction(async (session) => {
      await session.query(`drop index ${index}`);
      return checkQueuePlans(session, staff, stats);
    });
    expect(problems.map((p) => p.slice(0, p.indexOf(':')))).toEqual(bothPages(lists));
  });

  it('names the name sorts when their index holds only the sort keys (each order read from the table)', async () => {
    const problems = await inRolledBackTransaction(async (session) => {
      await session.query('drop index orders_name_sort_idx');
      await session.query('create index orders_name_sort_idx on orders (lower(surname), lower(given_name), order_id)');
      await session.query('analyze orders');
      return checkQueuePlans(session, staff, stats);
    });
    expect(problems.map((p) => p.slice(0, p.indexOf('\n')))).toEqual(
      bothPages(['orderHistory sorted by name', 'orderHistory sorted by name_desc']).map(
        (label) =>
          `${label}: walks orders_name_sort_idx but reads each order it passes from the table (not an index-only scan)`,
      ),
    );
  });
});
