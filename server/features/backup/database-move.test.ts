/**
 * `npm run db:move`: an embedded data folder (demo orders with remarks and process logs, documents, mails,
 * downloads, staff sessions and every other table holding rows) moves into a fresh PostgreSQL database. Every table's
 * count and rows are compared on both sides by this test's own reading, the product starts on the target with the
 * folder's JWT secret and serves the same order detail and folder counts, and the command prints the DATABASE_URL
 * and nothing personal. A target that holds anything is refused, unchanged. The way back gives a development copy.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, selectRows, type Database, type Executor } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { teamMembers } from '../../db/schema';
import { resolveJwtSecret } from '../../lib/secrets';
import { seedReferenceData } from '../../seed/bootstrap';
import { loadDemoOrders } from '../../seed/load-orders';
import { createPostgresDatabase, isPostgres, TEST_PASSWORD } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { TEST_ENCRYPTION_KEYS, TEST_KEY_RING } from '../../test/test-keys';
import { registerCurrentKey } from '../../lib/encryption/stored-keys';
import { hashPassword } from '../auth/auth.service';
import { DERIVED_TABLES } from './database-dump';
import { moveDatabase, MoveRefused } from './database-move';

const ORDERS = 1500;
const MANAGER_EMAIL = 'move.manager@staff.example';
// One order's personal values: they must not appear in what the command prints.
const PERSONAL = {
  surname: 'MOVERLY',
  givenName: 'OCTAVIA',
  email: 'octavia.moverly@mail.example',
  passportNumber: 'MV8642097',
};

// Made in beforeAll: on PGlite the suite is skipped and must leave nothing behind.
let root: string;
let sourceDir: string;
const urlOf = (database: Database) =>
  (database.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString;

/** Rows the demo loader does not write, so that every table the move copies holds some. */
async function fillEveryTable(db: Executor, managerId: number): Promise<void> {
  await db.execute(sql`
    insert into upload_docs (order_id, file1, original_name, content_type, size_bytes, storage_key, uploaded_by_id, uploaded_by_name)
    select order_id, order_id || '_file1', 'card ' || order_id || '.pdf', 'application/pdf', 4000 + order_id, 'documents/' || order_id, ${managerId}, 'Mara Mover'
    from orders where order_id % 3 = 0`);
  await db.execute(sql`
    insert into mails (order_id, kind, to_address, subject, html, text_body, upload_doc_id, attachments, mail_service_provider,
      delivered_via, status, attempts, sent_at, message_id, requested_by_id)
    select d.order_id, 'approved', o.email, 'Your arrival card', '<p>Dear ' || o.given_name || '</p>', 'Dear ' || o.given_name, d.id,
      jsonb_build_array(jsonb_build_object('filename', 'invoice.pdf', 'storageKey', 'invoices/' || d.order_id, 'contentType', 'application/pdf')),
      'smtp', 'outbox', 'sent', 1, d.created_at, '<' || d.id || '.x@mail.example>', ${managerId}
    from upload_docs d join orders o on o.order_id = d.order_id`);
  await db.execute(sql`
    insert into download_history (order_id, upload_doc_id, file1, ip, user_agent, browser, device, device_type, os, country, city, timezone)
    select order_id, id, file1, '203.0.113.' || (id % 250), 'Mozilla/5.0', 'Firefox', 'Desktop', 'desktop', 'Linux', 'Japan', 'Tokyo', 'Asia/Tokyo'
    from upload_docs where id % 2 = 0`);
  await db.execute(sql`
    insert into intake_requests (landing_site_id, idempotency_key, request_hash, order_id)
    select landing_site_id, 'key-' || order_id, md5(order_id::text), order_id from orders where order_id % 7 = 0`);
  await db.execute(sql`
    insert into payment_gateway_changes (gateway_id, staff_id, staff_name) select id, ${managerId}, 'Mara Mover' from payment_gateways`);
  await db.execute(sql`insert into rate_limits (key, window_start, hits) values ('signin:ip:203.0.113.9', now(), 3)`);
  await db.execute(sql`
    insert into staff_sessions (id, member_id, expires_at, ip, user_agent) values ('move-session', ${managerId}, now() + interval '1 day', '198.51.100.4', 'Mozilla/5.0')`);
  await db.execute(sql`insert into staff_recovery_codes (member_id, code_hash) values (${managerId}, md5('recovery'))`);
  await db.execute(sql`
    insert into staff_security_events (member_id, actor_id, actor_name, event) values (${managerId}, ${managerId}, 'Mara Mover', 'two-factor-on')`);
  await db.execute(sql`insert into app_settings (key, value) values ('move-test', 'kept')`);
  await db.execute(sql`
    insert into saved_views (member_id, folder, name, query, shared) values (${managerId}, 'orderHistory', 'Priority', 'mode=priority', true)`);
  await db.execute(sql`
    insert into order_exports (staff_id, staff_name, kind, source, filters, format, row_count, rows_written, finished_at)
    values (${managerId}, 'Mara Mover', 'queue', 'orderHistory', '{"sort": "newest", "ratio": 0.1}', 'csv', ${ORDERS}, ${ORDERS}, now())`);
  await db.execute(sql`
    insert into export_runs (ticket_hash, staff_id, session_id) values (md5('move-ticket'), ${managerId}, 'move-session')`);
  await db.execute(sql`
    insert into disputes (gateway, provider_dispute_id, order_id, provider_status, state, opened_at, event_at, cover_letter)
    select 'stripe', 'du_move_' || order_id, order_id, 'needs_response', 'needs_evidence', now(), now(), 'Dear team, ' || given_name
    from orders where order_id % 11 = 0`);
  await db.execute(sql`
    insert into provider_events (gateway, event_id, event_type, dispute_id)
    select 'stripe', 'evt_move_' || id, 'charge.dispute.created', id from disputes`);
  await db.execute(sql`
    insert into information_requests (order_id, fields, note, from_status, expires_at)
    select order_id, array['flight_number'], 'Please check your flight, ' || given_name, 'New', now() + interval '7 days'
    from orders where order_id % 13 = 0`);
  await db.execute(sql`
    insert into information_request_links (token_hash, request_id, order_id) select md5('link-' || id), id, order_id from information_requests`);
  await db.execute(sql`
    insert into information_request_changes (request_id, order_id, field, old_value, new_value)
    select r.id, r.order_id, 'flight_number', to_jsonb(o.flight_number), to_jsonb('JL' || r.id) from information_requests r join orders o using (order_id)`);
}

/** Every stored table's count and rows (sorted row texts, hashed), read here independently of the command. */
async function tableFingerprints(database: Database): Promise<Record<string, { n: number; hash: string }>> {
  const fingerprints: Record<string, { n: number; hash: string }> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await selectRows<{ name: string }>(
      tx,
      sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    for (const { name } of tables) {
      if (name in DERIVED_TABLES) continue;
      const [row] = await selectRows<{ n: number; hash: string }>(
        tx,
        sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
          from public."${name}" t`),
      );
      fingerprints[name] = row!;
    }
  });
  return fingerprints;
}

/** The product on a database, signed in as the manager through the API. */
async function staffApp(
  database: Database,
  dataDir: string,
): Promise<{ app: FastifyInstance; headers: Record<string, string> }> {
  const app = await buildApp({
    // The keys the orders were sealed with (the order factory's): a move carries the database, not its keys.
    config: loadConfig({
      DATA_DIR: dataDir,
      DEMO_ORDERS: '0',
      LOG_LEVEL: 'silent',
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    }),
    database,
    jwtSecret: resolveJwtSecret(undefined, dataDir),
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/admin/admin-login',
    payload: { email: MANAGER_EMAIL, password: TEST_PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { app, headers: { authorization: `Bearer ${signIn.json().jwtToken as string}` } };
}

async function whatStaffSee(app: FastifyInstance, headers: Record<string, string>, orderIds: number[]) {
  const seen: unknown[] = [];
  for (const id of orderIds) {
    const detail = await app.inject({ url: `/api/admin/get-orders-details/${id}`, headers });
    expect(detail.statusCode, detail.body).toBe(200);
    seen.push(detail.json());
  }
  const counts = await app.inject({ url: '/api/admin/get-folder-count', headers });
  expect(counts.statusCode).toBe(200);
  return { details: seen, counts: counts.json().data as unknown };
}

describe.skipIf(!isPostgres())('npm run db:move (PostgreSQL suite: it needs a server to move to)', () => {
  let sample: number[];
  let source: { tables: Record<string, { n: number; hash: string }>; seen: Awaited<ReturnType<typeof whatStaffSee>> };
  let target: Database;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'db-move-test-'));
    sourceDir = path.join(root, 'source');
    const database = await openDatabase({ dataDir: sourceDir });
    try {
      await runMigrations(database);
      await seedReferenceData(database.db);
      const [manager] = await database.db
        .insert(teamMembers)
        .values({
          name: 'Mara Mover',
          email: MANAGER_EMAIL,
          type: 'Manager',
          passwordHash: await hashPassword(TEST_PASSWORD),
        })
        .returning({ id: teamMembers.id });
      await registerCurrentKey(database.db, TEST_KEY_RING); // as a start does
      await loadDemoOrders(database, { count: ORDERS, seed: 46 });
      const personal = await insertOrder(database.db, PERSONAL);
      await fillEveryTable(database.db, manager!.id);
      const withDocument = await selectRows<{ id: number }>(
        database.db,
        sql`select order_id::int as id from mails order by order_id limit 2`,
      );
      sample = [personal, ...withDocument.map((row) => row.id)];
      const { app, headers } = await staffApp(database, sourceDir);
      try {
        source = { tables: await tableFingerprints(database), seen: await whatStaffSee(app, headers, sample) };
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    target = await createPostgresDatabase();
  }, 120_000);

  afterAll(async () => {
    await target?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies every table into an empty PostgreSQL database, checked on both sides, and the product serves the same orders', async () => {
    // Every table the move copies holds rows here, so each one is proven.
    for (const [name, { n }] of Object.entries(source.tables)) expect(n, name).toBeGreaterThan(0);
    expect(source.tables.orders!.n).toBe(ORDERS + 1);

    const move = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/features/backup/database-move.cli.ts', '--to', urlOf(target)],
      { env: { ...process.env, DATA_DIR: sourceDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 },
    );
    expect(move.status, move.stderr + move.stdout).toBe(0);
    for (const name of Object.keys(source.tables))
      expect(move.stdout).toMatch(
        new RegExp(`^  ${name}: ${source.tables[name]!.n} rows, checksum [0-9a-f]{16} on both sides$`, 'm'),
      );
    expect(move.stdout).toContain(`DATABASE_URL=${urlOf(target)}`);
    expect(move.stdout).toContain(`keep DATA_DIR=${sourceDir}`);
    for (const value of Object.values(PERSONAL)) expect(move.stdout + move.stderr).not.toContain(value);

    expect(await tableFingerprints(target)).toEqual(source.tables);
    const { app, headers } = await staffApp(target, sourceDir);
    try {
      expect(await whatStaffSee(app, headers, sample)).toEqual(source.seen);
      // New rows follow the copied ones (the sequences were set).
      const [last] = await selectRows<{ id: number }>(target.db, sql`select max(order_id)::int as id from orders`);
      expect(await insertOrder(target.db)).toBeGreaterThan(last!.id);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a target that is not empty, says why, and changes nothing', async () => {
    const other = await createPostgresDatabase();
    try {
      await other.db.execute(sql`create table notes (body text)`);
      await expect(moveDatabase({ from: sourceDir, to: urlOf(other) })).rejects.toThrow(
        new MoveRefused(
          `The database at ${urlOf(other)} is not empty (it holds 1 table, view or sequence): db:move copies into an empty ` +
            'database only (create one: createdb). Nothing was changed.',
        ),
      );
      const relations = await selectRows<{ name: string }>(
        other.db,
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind in ('r', 'S', 'v')`,
      );
      expect(relations.map((r) => r.name)).toEqual(['notes']);
    } finally {
      await other.close();
    }
    // A folder that already holds a database is refused the same way.
    await expect(moveDatabase({ from: urlOf(target), to: sourceDir })).rejects.toThrow(
      `${sourceDir} already holds an embedded database: db:move copies into an empty place only`,
    );
  });

  it('copies a PostgreSQL database back into a new data folder (a development copy)', async () => {
    const copyDir = path.join(root, 'copy');
    const result = await moveDatabase({ from: urlOf(target), to: copyDir });
    expect(result.to).toEqual({ kind: 'folder', dir: copyDir });
    const copy = await openDatabase({ dataDir: copyDir });
    try {
      const tables = await tableFingerprints(copy);
      expect(tables).toEqual(await tableFingerprints(target));
    } finally {
      await copy.close();
    }
  }, 120_000);
});
