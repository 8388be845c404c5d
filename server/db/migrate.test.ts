import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';
import { teamMembers } from './schema';
import { seedReferenceData } from '../seed/bootstrap';
import { loadDemoOrders } from '../seed/load-orders';
import { createPostgresDatabase, isPostgres } from '../test/helper';
import { countFolders, folderPredicate, SEARCH_PARTS, searchPartIndex, type SearchPart } from '../features/orders/folders';
import { readFolderCounts, readFolderVersion } from '../features/orders/folder-counts';
import { listOrders } from '../features/orders/lists.service';

/** The migrations a deployment of issue 3's first sessions ran: up to 0012, before page anchors and the search columns. */
const EARLIER_LAST = '0012_order_id_text_index';

/** A copy of the migrations folder whose journal ends at `last`, as an earlier release shipped it. */
function migrationsUpTo(last: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  expect(end).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return folder;
}

/** An empty database: not the test template, which has every migration already. */
const emptyDatabase = (): Promise<Database> => (isPostgres() ? createPostgresDatabase() : openDatabase({ dataDir: 'memory://' }));

let database: Database;
let earlier: string;
let staff: { id: number; name: string; email: string; type: 'Team' };

beforeAll(async () => {
  database = await emptyDatabase();
  earlier = migrationsUpTo(EARLIER_LAST);
  await runMigrations(database, earlier);
  await seedReferenceData(database.db);
  const [member] = await database.db.insert(teamMembers)
    .values({ name: 'Una Upgrade', email: 'una@staff.example', passwordHash: 'x', type: 'Team' })
    .returning({ id: teamMembers.id });
  staff = { id: member!.id, name: 'Una Upgrade', email: 'una@staff.example', type: 'Team' };
  await loadDemoOrders(database, { count: 300, seed: 11 });
  await runMigrations(database); // the rest: 0013 onwards
});
afterAll(async () => {
  await database?.close();
  if (earlier) rmSync(earlier, { recursive: true, force: true });
});

describe('upgrading a database that already holds orders', () => {
  it('counts the orders already there in the buckets added later (Order History, future orders without their day)', async () => {
    const counts = await readFolderCounts(database.db, staff.id);
    expect(counts.allOrdersCount + counts.deletedOrdersCount).toBe(300);
    expect(counts).toEqual(await countFolders(database.db, staff.id));
  });

  it("gives each folder a version that moves when an order enters or leaves it", async () => {
    const version = () => readFolderVersion(database.db, 'orderHistory', staff.id);
    const before = await version();
    expect(before).toBeGreaterThan(0n); // the backfill counted the orders already in Order History
    await database.db.execute(sql`update orders set process_status = 'Deleted' where order_id = (select min(order_id) from orders where process_status <> 'Deleted')`);
    expect(await version()).toBe(before + 1n);
  });

  it('fills the search columns of the orders already there, so a telephone search finds them', async () => {
    const [order] = await selectRows<{ order_id: number; phone: string }>(database.db, sql`
      select order_id::int as order_id, personal_telephone_number as phone from orders
      where process_status <> 'Deleted' and length(personal_telephone_number) >= 8 order by order_id desc limit 1`);
    const page = await listOrders(database.db, staff, { folder: 'orderHistory', offset: 0, limit: 50, search: order!.phone });
    expect(page.rows.map((r) => Number(r.order_id))).toContain(order!.order_id);
  });

  it('indexes the orders already there in the parts of the trigram index, so a name search in any folder finds them', async () => {
    const [row] = await selectRows<{ surname: string }>(database.db, sql`
      select lower(surname) as surname from orders group by lower(surname) order by count(distinct process_status) desc, 1 limit 1`);
    const term = row!.surname.slice(0, 4);
    for (const folder of ['orderHistory', 'newOrder', 'futureOrder', 'pendingOrder', 'completedOrder'] as const) {
      const expected = await selectRows<{ order_id: number }>(database.db, sql`
        select order_id::int as order_id from orders o
        where ${folderPredicate(folder, staff.id)} and strpos(o.search_text, ${term}) > 0
        order by created_at desc, order_id desc`);
      if (folder === 'orderHistory') expect(expected.length).toBeGreaterThan(2);
      const page = await listOrders(database.db, staff, { folder, offset: 0, limit: 500, search: term });
      expect(page.rows.map((r) => Number(r.order_id)), folder).toEqual(expected.map((r) => r.order_id));
    }
  });

  it("caps the pending list of each part of the trigram index at 128 kB", async () => {
    for (const part of Object.keys(SEARCH_PARTS) as SearchPart[]) {
      const [index] = await selectRows<{ options: string[] | null }>(database.db, sql`
        select reloptions as options from pg_class where relname = ${searchPartIndex(part)}`);
      expect(index?.options, part).toContain('gin_pending_list_limit=128');
    }
    const [single] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_class where relname = 'orders_search_text_trgm_idx'`);
    expect(single!.n).toBe(0); // the single index is gone
  });
});
