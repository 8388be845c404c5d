/**
 * The retention job at scale (issue 22): on a database of generated orders, how long building its two partial
 * indexes concurrently takes (migration 0021), how fast a first run works through the backlog, and what a run with
 * nothing due costs. The run erases the data, so it refuses the queue bench's database and wants its own:
 *
 *   createdb arrival_card_retention_bench
 *   RETENTION_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/arrival_card_retention_bench \
 *     npx tsx bench/retention.ts [orders to load when empty, default 1000000]
 *
 * Generated orders span four months, so the travel stage finds most of them due and the evidence stage none;
 * a second pass with EVIDENCE_DAYS=60 measures the evidence stage on them. Drop the database afterwards.
 */
import { openDatabase, selectRows } from '../server/db/client';
import { countRow } from '../server/db/row-schemas';
import { runMigrations } from '../server/db/migrate';
import { seedReferenceData } from '../server/seed/bootstrap';
import { loadDemoOrders } from '../server/seed/load-orders';
import { runRetention } from '../server/features/erasure/retention.service';
import { sql } from 'drizzle-orm';
import { teamMembers } from '../server/db/schema';
import { DEMO_STAFF } from '../server/seed/reference-data';

const url = process.env.RETENTION_BENCH_DATABASE_URL;
if (!url || /arrival_card_bench\b/.test(url)) {
  console.error(
    'Set RETENTION_BENCH_DATABASE_URL to a database of its own (the run erases its orders; not the queue bench).',
  );
  process.exit(1);
}
const count = Number(process.argv[2] ?? 1_000_000);
const policy = { travelDays: 30, evidenceDays: Number(process.env.EVIDENCE_DAYS ?? 540) };

const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
await runMigrations(database);
const [{ n } = { n: 0 }] = await selectRows(database.db, countRow, sql`select count(*)::int as n from orders`);
if (n === 0) {
  await seedReferenceData(database.db);
  await database.db
    .insert(teamMembers)
    .values(DEMO_STAFF.map((m) => ({ ...m, passwordHash: 'not-a-login' })))
    .onConflictDoNothing();
  const started = Date.now();
  await loadDemoOrders(database, { count });
  console.log(`loaded ${count.toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
await database.db.execute(sql`vacuum analyze orders`);

// The migration's statements, timed one by one (each index dropped and rebuilt concurrently).
const pool = database.raw.pool!;
for (const [name, definition] of [
  [
    'orders_travel_due_idx',
    `((year_of_arrival_in_japan * 10000 + month_of_arrival_in_japan * 100 + date_of_arrival_in_japan)) where travel_erased_at is null and process_status <> 'ChargeBack'`,
  ],
  [
    'orders_evidence_due_idx',
    `((coalesce(paid_at, created_at))) where purged_at is null and process_status <> 'ChargeBack'`,
  ],
] as const) {
  await pool.query(`drop index concurrently if exists ${name}`);
  const started = Date.now();
  await pool.query(`create index concurrently ${name} on orders ${definition}`);
  console.log(`${name}: built concurrently in ${Date.now() - started} ms`);
}

const deps = { db: database.db, storage: { delete: async () => undefined }, log: { warn: () => undefined } };
let started = Date.now();
const backlog = await runRetention(deps, policy);
const seconds = (Date.now() - started) / 1000;
console.log(
  `backlog: ${backlog.travel} travel + ${backlog.evidence} evidence erasures in ${seconds.toFixed(1)} s ` +
    `(${Math.round((backlog.travel + backlog.evidence) / seconds)} orders/s, batches of 500)`,
);
started = Date.now();
const idle = await runRetention(deps, policy);
console.log(`next run: ${idle.travel + idle.evidence} erasures in ${Date.now() - started} ms`);
await database.close();
