import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';
import { ACTIVE_GATEWAY, LANDING_SITES, PAYMENT_GATEWAYS } from '../seed/reference-data';
import { loadDemoOrders } from '../seed/load-orders';
import { createPostgresDatabase, isPostgres } from '../test/helper';
import {
  countFolders,
  folderPredicate,
  SEARCH_PARTS,
  searchPartIndex,
  type SearchPart,
  readFolderCounts,
  readFolderVersion,
  readQueuePage,
} from '../features/queue-engine';
import { expectErased, snapshotOrder, type OrderSnapshot } from '../test/erasure-check';

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
const emptyDatabase = (): Promise<Database> =>
  isPostgres() ? createPostgresDatabase() : openDatabase({ dataDir: 'memory://' });

let database: Database;
let earlier: string;
let staff: { id: number; name: string; email: string; type: 'Team' };
let earlierPurged: { orderId: number; before: OrderSnapshot };

/**
 * An order permanently deleted by the release before issue 22, which blanked some answers only and left process-log
 * details, mail errors and the rest: its snapshot just after, for migration 0022 to finish.
 */
async function purgeTheEarlierWay(db: Database): Promise<{ orderId: number; before: OrderSnapshot }> {
  const [order] = await selectRows<{ order_id: number; email: string }>(
    db.db,
    sql`
    select order_id::int as order_id, email from orders where process_status <> 'Deleted' and nationality <> '' order by order_id limit 1`,
  );
  const { order_id: id, email } = order!;
  await db.db.execute(sql`insert into process_logs (order_id, step_name, detail) values
    (${id}, 'Mail queued', ${`Approved order mail #1 to ${email} via smtp`}),
    (${id}, 'Downloaded by customer', ${`${id}_file1.pdf from 198.51.100.4 (Chrome 120, Windows 10)`}),
    (${id}, 'Order deleted', 'Completed -> Deleted'), (${id}, 'Order permanently deleted', null)`);
  await db.db
    .execute(sql`insert into mails (order_id, kind, to_address, subject, html, text_body, mail_service_provider, status, last_error)
    values (${id}, 'resend', '', 'Removed: order permanently deleted', '', '', 'smtp', 'failed', ${`550 ${email} unknown`}),
      (${id}, 'approved_order', '', 'Removed: order permanently deleted', '', '', 'smtp', 'failed', 'Order permanently deleted before sending')`);
  await db.db.execute(sql`update orders set process_status = 'Deleted', purged_at = now(), updated_at = now(),
      passport_number = '', surname = '', given_name = '', email = '', date_of_dob = 0, month_of_dob = 0, year_of_dob = 0,
      home_address_city_name = null, postal_code_japan = '', address = '', hotel_name = '', other_city = null,
      personal_telephone_number = '', flight_number = '', article_name = null, transaction_id = null
    where order_id = ${id}`);
  return { orderId: id, before: await snapshotOrder(db.db, id) };
}

beforeAll(async () => {
  database = await emptyDatabase();
  earlier = migrationsUpTo(EARLIER_LAST);
  await runMigrations(database, earlier);
  // Plain SQL here and below: the schema's insert would name columns that later migrations add.
  for (const site of LANDING_SITES) {
    await database.db.execute(sql`
      insert into landing_sites (site_key, name, domain, logo_url, header_style, menu_links, contact_url, footer_text,
        support_email)
      values (${site.siteKey}, ${site.name}, ${site.domain}, ${site.logoUrl}, ${site.headerStyle},
        ${JSON.stringify(site.menuLinks)}::jsonb, ${site.contactUrl}, ${site.footerText}, ${site.supportEmail})`);
  }
  for (const gateway of PAYMENT_GATEWAYS) {
    await database.db.execute(
      sql`insert into payment_gateways (gateway_name, is_active) values (${gateway}, ${gateway === ACTIVE_GATEWAY})`,
    );
  }
  const [member] = await selectRows<{ id: number }>(
    database.db,
    sql`
    insert into team_members (name, email, password_hash, type) values ('Una Upgrade', 'una@staff.example', 'x', 'Team') returning id`,
  );
  staff = { id: member!.id, name: 'Una Upgrade', email: 'una@staff.example', type: 'Team' };
  await loadDemoOrders(database, { count: 300, seed: 11 });
  earlierPurged = await purgeTheEarlierWay(database);
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

  it('gives each folder a version that moves when an order enters or leaves it', async () => {
    const version = () => readFolderVersion(database.db, 'orderHistory', staff.id);
    const before = await version();
    expect(before).toBeGreaterThan(0n); // the backfill counted the orders already in Order History
    await database.db.execute(
      sql`update orders set process_status = 'Deleted' where order_id = (select min(order_id) from orders where process_status <> 'Deleted')`,
    );
    expect(await version()).toBe(before + 1n);
  });

  it('fills the search columns of the orders already there, so a telephone search finds them', async () => {
    const [order] = await selectRows<{ order_id: number; phone: string }>(
      database.db,
      sql`
      select order_id::int as order_id, personal_telephone_number as phone from orders
      where process_status <> 'Deleted' and length(personal_telephone_number) >= 8 order by order_id desc limit 1`,
    );
    const page = await readQueuePage(database.db, staff, {
      folder: 'orderHistory',
      offset: 0,
      limit: 50,
      search: order!.phone,
    });
    expect(page.rows.map((r) => Number(r.order_id))).toContain(order!.order_id);
  });

  it('indexes the orders already there in the parts of the trigram index, so a name search in any folder finds them', async () => {
    const [row] = await selectRows<{ surname: string }>(
      database.db,
      sql`
      select lower(surname) as surname from orders group by lower(surname) order by count(distinct process_status) desc, 1 limit 1`,
    );
    const term = row!.surname.slice(0, 4);
    for (const folder of ['orderHistory', 'newOrder', 'futureOrder', 'pendingOrder', 'completedOrder'] as const) {
      const expected = await selectRows<{ order_id: number }>(
        database.db,
        sql`
        select order_id::int as order_id from orders o
        where ${folderPredicate(folder, staff.id)} and strpos(o.search_text, ${term}) > 0
        order by created_at desc, order_id desc`,
      );
      if (folder === 'orderHistory') expect(expected.length).toBeGreaterThan(2);
      const page = await readQueuePage(database.db, staff, { folder, offset: 0, limit: 500, search: term });
      expect(
        page.rows.map((r) => Number(r.order_id)),
        folder,
      ).toEqual(expected.map((r) => r.order_id));
    }
  });

  it('finishes the erasure of an order permanently deleted before the list of personal data (migration 0022)', async () => {
    const { orderId, before } = earlierPurged;
    expect(before.orders![0]!.nationality).not.toBe('');
    expect(JSON.stringify(before.process_logs)).toContain('198.51.100.4');
    const after = await expectErased(database.db, orderId, before, ['travel', 'evidence']);
    expect(after.process_logs!.map((l) => [l.step_name, l.detail])).toEqual([
      ...before
        .process_logs!.slice(0, -4)
        .map((l) => [l.step_name, /^[A-Za-z ]+ -> [A-Za-z ]+$/.test(String(l.detail)) ? l.detail : null]),
      ['Mail queued', null],
      ['Downloaded by customer', null],
      ['Order deleted', 'Completed -> Deleted'],
      ['Order permanently deleted', null],
    ]);
    expect(after.mails!.map((m) => m.last_error)).toEqual([null, "Not sent: the order's personal data was erased."]);
    expect(after.orders![0]!.travel_erased_at).toBe(after.orders![0]!.purged_at);
  });

  it('builds the retention indexes concurrently, valid, on a database that already holds orders (migration 0021)', async () => {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`
      select count(*)::int as n from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in ('orders_travel_due_idx', 'orders_evidence_due_idx') and i.indisvalid and i.indisready`,
    );
    expect(row!.n).toBe(2);
  });

  it('caps the pending list of each part of the trigram index at 128 kB', async () => {
    for (const part of Object.keys(SEARCH_PARTS) as SearchPart[]) {
      const [index] = await selectRows<{ options: string[] | null }>(
        database.db,
        sql`
        select reloptions as options from pg_class where relname = ${searchPartIndex(part)}`,
      );
      expect(index?.options, part).toContain('gin_pending_list_limit=128');
    }
    const [single] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_class where relname = 'orders_search_text_trgm_idx'`,
    );
    expect(single!.n).toBe(0); // the single index is gone
  });
});
