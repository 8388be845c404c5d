/**
 * `npm run bench`: issue 3's scale figures in one run, on PostgreSQL.
 *  1. Makes sure BENCH_DATABASE_URL (default: database arrival_card_bench on the local
 *     server) holds BENCH_ORDERS orders (default 1,000,000), loading them with
 *     `npm run seed` (COPY) when missing.
 *  2. Starts bench/server.ts (real app + bare routes) and drives it with autocannon
 *     from this process, against 127.0.0.1 only: folder counts, queue page 1 and
 *     page 500, three kinds of search; each real route next to its bare twin (after checking that
 *     every folder's generic page plan walks an index: bench/plans.ts).
 *  3. Status moves with 8 concurrent writers through moveOrders, with the folder
 *     count triggers on and off, alternating; then rebuilds the counters and checks
 *     they equal the folder predicates.
 * Prints a table (docs/performance.md records one) and writes bench/results/latest.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { countFolders } from '../server/features/orders/folders';
import { readFolderCounts, rebuildFolderCounts } from '../server/features/orders/folder-counts';
import { moveOrders } from '../server/features/orders/order-status.service';
import type { Staff } from '../server/lib/auth';
import { checkReportCounts, reportScenarios } from './reports';
import { checkPagePlans } from './plans';
import { renewTrigramStats, sampleTrigramStats } from '../server/features/orders/search-terms';
import { listOrders } from '../server/features/orders/lists.service';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Comma-separated parts of scenario names to run alone (a quick look while tuning). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
/** The write phase (status moves) runs without BENCH_ONLY, or when one of its words is part of "status moves". */
const WRITE_PHASE = !ONLY || ONLY.some((part) => 'status moves'.includes(part));
const WRITERS = 8;

const log = (...args: unknown[]) => console.log(...args);

async function ensureDatabase() {
  const url = new URL(DB_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(DB_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) {
    log(`creating database ${name}`);
    await admin.query(`create database "${name.replace(/"/g, '')}"`);
  }
  await admin.end();
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function ensureOrders(): Promise<number> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const table = await client.query(`select to_regclass('orders') as t`);
  const have = table.rows[0].t ? Number((await client.query('select count(*) from orders')).rows[0].count) : 0;
  // The seed generator before its ageing of statuses (docs/decisions/0010) left a third of even months-old orders
  // New, so New Orders held a third of the archive: figures on such data are not comparable with today's.
  const oldNew = have ? Number((await client.query(`
    select (count(*) filter (where process_status = 'New'))::float / greatest(count(*), 1) as share
    from orders where created_at < now() - interval '30 days' and processing_mode <> 'future'`)).rows[0].share) : 0;
  await client.end();
  if (oldNew > 0.05) {
    throw new Error(`${(100 * oldNew).toFixed(0)}% of the month-old orders in ${DB_URL} are New: they were loaded by an older seed generator `
      + `(which now leaves under 1% of them New). Drop that database (dropdb) and run the bench again to load it afresh.`);
  }
  if (have < ORDERS) {
    log(`loading ${(ORDERS - have).toLocaleString('en-US')} orders (have ${have.toLocaleString('en-US')}) ...`);
    await run('npm', ['run', 'seed', '--', '--orders', String(ORDERS - have)], { ...process.env, DATABASE_URL: DB_URL });
  }
  return Math.max(have, ORDERS);
}

interface Ready { port: number; barePort: number; token: string; staffId: number; managerToken: string }

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
      env: { ...process.env, BENCH_DATABASE_URL: DB_URL, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve({ child, ready: message });
      } catch { /* not ours */ }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

interface Measured { rps: number; p50: number; p99: number; requests: number; errors: number }

/** Slices per scenario: real and bare take turns (real, bare, bare, real, ...), DURATION / SLICES seconds each. */
const SLICES = 5;

/**
 * The real route and its bare twin in alternating slices, so that a change in the speed of this shared VM over
 * the run falls on both alike (in back-to-back 10 s runs the same ratio read anywhere from 55% to 106%).
 * Percentiles are exact, over every response of a side's slices.
 */
async function loadPair(real: autocannon.Options, bare: autocannon.Options): Promise<[Measured, Measured]> {
  const sides = [real, bare].map((options) => ({ options, latencies: [] as number[], requests: 0, errors: 0, seconds: 0 }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const side of slice % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ connections: CONNECTIONS, duration: Math.max(1, DURATION / SLICES), ...side.options },
          (error, done) => (error ? reject(error) : resolve(done)));
        instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => { side.latencies.push(time); });
      });
      side.requests += result.requests.total;
      side.errors += result.errors + result.timeouts + result.non2xx;
      side.seconds += result.duration;
    }
  }
  const [r, b] = sides.map((side) => {
    const sorted = side.latencies.sort((x, y) => x - y);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
    return { rps: side.requests / side.seconds, p50: at(0.5), p99: at(0.99), requests: side.requests, errors: side.errors };
  });
  return [r!, b!];
}

interface Scenario { name: string; goal: string; real: autocannon.Options; bare: autocannon.Options }

async function pickSearchTerms(database: Database) {
  const [sample] = await selectRows<{ order_id: number; surname: string; email: string }>(database.db, sql`
    select order_id, surname, email from orders where process_status = 'New' and assigned_to_id is null and processing_mode = 'standard'
    order by created_at desc limit 1 offset 1234`);
  return {
    idPrefix: String(sample!.order_id).slice(0, 5),
    name: sample!.surname.toLowerCase().slice(0, 5),
    email: sample!.email.split('@')[0]!,
  };
}

/** The first page of a search, as the queue screens post it. */
const searchBody = (searchVal: string, folderName: string) => JSON.stringify({ start: 0, end: 10, searchVal, folderName });

/**
 * Terms of every kind drawn from the data, asked in turn: 20 staff search for 20 different customers, not one
 * (a single repeated term keeps its rows in the cache and its piece choice known). Per drawn order: its id's
 * first five digits, its full name, its e-mail's local part and its phone number in Order History, and its
 * surname's first five letters in New Orders.
 */
async function pickMixedSearches(database: Database): Promise<string[]> {
  const rows = await selectRows<{ order_id: number; given: string; surname: string; email: string; phone: string }>(database.db, sql`
    select order_id, lower(given_name) as given, lower(surname) as surname, lower(email) as email, personal_telephone_number as phone
    from orders where order_id % 997 = 0 order by order_id limit 16`);
  return rows.flatMap((r) => [
    searchBody(String(r.order_id).slice(0, 5), 'orderHistory'),
    searchBody(`${r.given} ${r.surname}`, 'orderHistory'),
    searchBody(r.email.split('@')[0]!, 'orderHistory'),
    searchBody(r.phone, 'orderHistory'),
    searchBody(r.surname.slice(0, 5), 'newOrder'),
  ]);
}

/** autocannon requests that post these bodies in turn. */
function bodiesInTurn(path: string, bodies: string[]): autocannon.Request[] {
  let next = 0;
  return [{ method: 'POST', path, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }];
}

async function writeBenchmark(database: Database, staff: Staff) {
  const ids = (await selectRows<{ order_id: number; process_status: string }>(database.db, sql`
    select order_id, process_status from orders where process_status in ('Pending', 'Awaiting') order by order_id limit 80000`))
    .map((r) => ({ id: Number(r.order_id), status: r.process_status as 'Pending' | 'Awaiting' }));
  const perWriter = Math.floor(ids.length / WRITERS);
  const phase = async (counting: boolean, seconds: number) => {
    await database.db.execute(sql.raw(`alter table orders ${counting ? 'enable' : 'disable'} trigger orders_folder_counts_upd`));
    let done = 0;
    const stopAt = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
      const mine = ids.slice(w * perWriter, (w + 1) * perWriter);
      let i = 0;
      while (Date.now() < stopAt) {
        const order = mine[i++ % mine.length]!;
        const target = order.status === 'Pending' ? 'Awaiting' : 'Pending';
        await moveOrders(database.db, staff, [order.id], target);
        order.status = target;
        done += 1;
      }
    }));
    return done / seconds;
  };
  const seconds = Math.max(4, Math.round(DURATION * 0.8));
  await phase(true, 2); // warm-up
  const withCounts: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 2; round++) {
    withCounts.push(await phase(true, seconds));
    without.push(await phase(false, seconds));
  }
  await database.db.execute(sql`alter table orders enable trigger orders_folder_counts_upd`);
  await rebuildFolderCounts(database.db);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { withCounts: avg(withCounts), without: avg(without) };
}

/**
 * One client's e-mail search right after the write phase, then after a vacuum: status moves are not HOT updates,
 * so they fill the trigram index's pending list, which every search scans until it is merged (migration 0014
 * keeps it at 128 kB). Milliseconds per search, through the service.
 */
async function searchAfterWrites(database: Database, staff: Staff, email: string) {
  const request = { folder: 'orderHistory' as const, offset: 0, limit: 10, search: email };
  await renewTrigramStats(database.db);
  const perSearch = async () => {
    for (let i = 0; i < 20; i++) await listOrders(database.db, staff, request);
    const started = performance.now();
    for (let i = 0; i < 200; i++) await listOrders(database.db, staff, request);
    return (performance.now() - started) / 200;
  };
  const afterWrites = await perSearch();
  await database.db.execute(sql`vacuum orders`);
  return { afterWrites, afterVacuum: await perSearch() };
}

async function main() {
  const loadAtStart = os.loadavg().map((n) => Number(n.toFixed(1)));
  await ensureDatabase();
  const orders = await ensureOrders();
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: WRITERS + 2 });
  await runMigrations(database); // a database loaded by an older checkout gets the current indexes
  const [{ version }] = await selectRows<{ version: string }>(database.db, sql`select version()`) as [{ version: string }];
  await database.db.execute(sql`vacuum analyze orders`);
  const { child, ready } = await startServer();
  const real = `http://127.0.0.1:${ready.port}/api/admin`;
  const bare = `http://127.0.0.1:${ready.barePort}/bare`;
  const auth = { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' };
  const json = { 'content-type': 'application/json' };
  const terms = await pickSearchTerms(database);
  const mixed = await pickMixedSearches(database);
  const planProblems = await checkPagePlans(DB_URL, { id: ready.staffId, name: 'Bench Team', email: '', type: 'Team' }, await sampleTrigramStats(database.db));
  log(`every folder's generic page and search plans use indexes: ${planProblems.length ? `NO\n${planProblems.join('\n\n')}` : 'yes'}`);

  const scenarios: Scenario[] = [
    { name: 'folder counts', goal: 'p99 <= 10 ms', real: { url: `${real}/get-folder-count`, headers: auth }, bare: { url: `${bare}/get-folder-count` } },
    { name: 'New Orders page 1', goal: 'p99 <= 20 ms, >= 75% of bare', real: { url: `${real}/get-orders-list/newOrder?page=1&limit=10&delay=1`, headers: auth }, bare: { url: `${bare}/get-orders-list/newOrder?page=1&limit=10` } },
    { name: 'New Orders page 500', goal: 'p99 <= 20 ms, >= 75% of bare', real: { url: `${real}/get-orders-list/newOrder?page=500&limit=10&delay=1`, headers: auth }, bare: { url: `${bare}/get-orders-list/newOrder?page=500&limit=10` } },
    { name: 'Order History page 500', goal: 'p99 <= 20 ms', real: { url: `${real}/get-orders-list/orderHistory?page=500&limit=10`, headers: auth }, bare: { url: `${bare}/get-orders-list/orderHistory?page=500&limit=10` } },
    { name: `search id prefix "${terms.idPrefix}" (Order History)`, goal: 'p99 <= 20 ms', real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: searchBody(terms.idPrefix, 'orderHistory') }, bare: { url: `${bare}/search-order`, method: 'POST', headers: json, body: searchBody(terms.idPrefix, 'orderHistory') } },
    { name: `search name "${terms.name}" (New Orders)`, goal: 'p99 <= 20 ms', real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: searchBody(terms.name, 'newOrder') }, bare: { url: `${bare}/search-order`, method: 'POST', headers: json, body: searchBody(terms.name, 'newOrder') } },
    { name: `search e-mail "${terms.email}" (Order History)`, goal: 'p99 <= 20 ms', real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: searchBody(terms.email, 'orderHistory') }, bare: { url: `${bare}/search-order`, method: 'POST', headers: json, body: searchBody(terms.email, 'orderHistory') } },
    {
      name: `search, ${mixed.length} terms in turn (ids, names, e-mails, phones, surname prefixes)`, goal: 'p99 <= 20 ms',
      real: { url: real, headers: auth, requests: bodiesInTurn('/api/admin/search-order', mixed) },
      bare: { url: bare, headers: json, requests: bodiesInTurn('/bare/search-order', mixed) },
    },
    ...await reportScenarios(database, real, bare, ready.managerToken), // issue 6: reports (bench/reports.ts)
  ];

  const results: Record<string, unknown>[] = [];
  try {
    for (const s of scenarios.filter((c) => !ONLY || ONLY.some((part) => c.name.toLowerCase().includes(part)))) {
      await autocannon({ ...s.real, connections: CONNECTIONS, duration: 2 }); // warm-up
      await autocannon({ ...s.bare, connections: CONNECTIONS, duration: 2 });
      const [r, b] = await loadPair(s.real, s.bare);
      results.push({ scenario: s.name, goal: s.goal, real: r, bare: b, ratio: r.rps / b.rps });
      log(`${s.name.padEnd(48)} real ${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(3)} ms p99 ${String(r.p99).padStart(3)} ms`
        + ` | bare ${b.rps.toFixed(0).padStart(6)} req/s p99 ${String(b.p99).padStart(3)} ms | real/bare ${(100 * r.rps / b.rps).toFixed(0)}%`
        + (r.errors || b.errors ? `  ERRORS real ${r.errors} bare ${b.errors}` : ''));
    }
  } finally {
    child.kill('SIGTERM');
  }

  const [member] = await selectRows<{ id: number; name: string; email: string }>(database.db, sql`select id, name, email from team_members where id = ${ready.staffId}`);
  const staff: Staff = { ...member!, type: 'Team' };
  const writes = WRITE_PHASE ? await writeBenchmark(database, staff) : { withCounts: NaN, without: NaN };
  const kept = writes.withCounts / writes.without;
  const searchCost = WRITE_PHASE ? await searchAfterWrites(database, staff, terms.email) : null;
  if (searchCost) log(`search e-mail, one client, after the write phase`.padEnd(48) + ` ${searchCost.afterWrites.toFixed(2)} ms, after a vacuum ${searchCost.afterVacuum.toFixed(2)} ms`);
  if (WRITE_PHASE) log(`status moves, ${WRITERS} writers`.padEnd(48) + ` with counts ${writes.withCounts.toFixed(0)}/s, without ${writes.without.toFixed(0)}/s: keeps ${(100 * kept).toFixed(0)}% (goal >= 90%)`);

  const started = Date.now();
  const live = await countFolders(database.db, ready.staffId);
  const liveMs = Date.now() - started;
  const counted = await readFolderCounts(database.db, ready.staffId);
  const countsRight = JSON.stringify(live) === JSON.stringify(counted);
  log(`counters equal the folder predicates after the run: ${countsRight ? 'yes' : 'NO'} (live aggregate took ${liveMs} ms)`);
  const reportCheck = await checkReportCounts(database);
  log(`reports equal a direct count after the run: ${reportCheck.mismatches.length ? `NO (${reportCheck.mismatches.join(', ')})` : 'yes'} (slowest direct count took ${reportCheck.directMs} ms)`);

  const machine = {
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`, memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version, postgres: version.split(',')[0], orders,
    connections: CONNECTIONS, durationSeconds: DURATION, writers: WRITERS,
    /** Other work on the machine skews every figure: recorded so a reader can tell. */
    loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(1))),
  };
  log(`machine: ${machine.cpus}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.postgres}, ${orders.toLocaleString('en-US')} orders`);
  log(`load average (1/5/15 min) at start ${loadAtStart.join(' ')}, at end ${machine.loadAverageAtEnd.join(' ')} (a quiet 2-core machine reads below 2)`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), machine, results, writes: { ...writes, kept }, searchCost, countsRight, liveCountMs: liveMs, reportCheck, planProblems }, null, 2));
  await database.close();
  if (!countsRight || reportCheck.mismatches.length || planProblems.length) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
