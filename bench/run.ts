/**
 * `npm run bench`: issue 3's scale figures in one run, on PostgreSQL.
 *  1. Makes sure BENCH_DATABASE_URL (default: database arrival_card_bench on the local
 *     server) holds BENCH_ORDERS orders (default 1,000,000), loading them with
 *     `npm run seed` (COPY) when missing.
 *  2. Starts bench/server.ts (real app + bare routes) and drives it with autocannon
 *     from this process, against 127.0.0.1 only: folder counts, queue page 1 and
 *     page 500, three kinds of search; each real route next to its bare twin (after checking that
 *     every folder's generic page plan walks an index: the queue engine's plan check, server/features/queue-engine/plan-check.ts).
 *  3. Status moves with 8 concurrent writers through moveOrders, with the folder
 *     count triggers on and off, alternating; then rebuilds the counters and checks
 *     they equal the folder predicates.
 *  4. Issue 23 (bench/work-next.ts): Work next, arrival-sort and urgent-count plans; the arrival page and urgency
 *     scenarios; Work next presses by 8 members at once, rolled back.
 *  4b. Issue 24 (bench/queue-filters.ts): a filtered queue page, a filtered count and two sorts beside their
 *     unfiltered twins.
 *  5. Live events (bench/live.ts): delivery latency to 200 open staff streams during status moves through the API,
 *     and the server's memory per open stream with 1,000 open (`npm run bench:live` runs this part alone).
 *  6. Start time (bench/start.ts): a restart to ready, the built server beside the sources through tsx.
 *  7. Exports (bench/exports.ts, issue 24): Order History, every order, as CSV and XLSX: time, rows/s, the server's
 *     peak memory above its baseline (BENCH_ONLY=export runs this part alone).
 *  Between 2 and 3, the browser phases (bench/browser.ts, bench/felt.ts): Lighthouse and felt latency on the web app
 *  built for the run (dist/bench-web); with BENCH_AB_BASELINE=<a built web app's folder>, on both builds in turn.
 * Prints a table (docs/performance.md records one) and writes bench/results/latest.json.
 */
import { orderDetailScenario } from './order-detail';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, selectRows, type Database } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import {
  checkQueuePlans,
  countFolders,
  readFolderCounts,
  readQueuePage,
  rebuildFolderCounts,
  renewTrigramStats,
  sampleTrigramStats,
} from '../server/features/queue-engine';
import { moveOrders } from '../server/features/orders/order-status.service';
import { sealOrdersInClear } from '../server/features/sealing';
import { registerCurrentKey } from '../server/lib/encryption/stored-keys';
import { BENCH_ENCRYPTION_KEYS, benchKeyRing } from './keys';
import type { Staff } from '../server/lib/auth';
import { checkReportCounts, reportScenarios } from './reports';
import { checkWorkNextPlans, workNextScenarios, workNextTiming } from './work-next';
import { PLAIN_P50_GOAL, queueFilterScenarios } from './queue-filters';
import {
  compareLighthouse,
  describeLighthouse,
  lighthouseScores,
  type BrowserTarget,
  type LighthouseComparison,
  type LighthouseScore,
  type WebBuild,
} from './browser';
import { compareFelt, describeFelt, feltLatency, type FeltComparison, type FeltLatency } from './felt';
import { PGLITE_SIZES, describeSizing, embeddedSizing, type EmbeddedSizing } from './pglite';
import { encodeId } from '../shared/ids';
import {
  bodiesInTurn,
  CONNECTIONS,
  DURATION,
  loadPair,
  pickMixedSearches,
  pickSearchTerms,
  searchBody,
  startServer,
} from './load';
import { describeLiveBench, runLiveBench, type LiveBenchResult } from './live';
import { describeStartTimes, startTimes, type StartTime } from './start';
import { describeExportBench, runExportBench, type ExportBenchRow } from './exports';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** Comma-separated parts of scenario names to run alone (a quick look while tuning). */
const ONLY = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
/** The write phase (status moves) runs without BENCH_ONLY, or when one of its words is part of "status moves". */
const WRITE_PHASE = !ONLY || ONLY.some((part) => 'status moves'.includes(part));
const WRITERS = 8;
/** Browser phases (issue 27): Lighthouse and felt latency, on the same server, with the web app built for it. */
const LIGHTHOUSE = !ONLY || ONLY.includes('lighthouse');
const FELT = !ONLY || ONLY.includes('felt');
/** Either: the bench server then serves a web app built for it. */
const BROWSER_PHASES = LIGHTHOUSE || FELT;
const FELT_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 20);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * A/B: another build of the web app (today's, built from an older commit: docs/performance.md#browser-ab), served by
 * the same bench server on another port; the browser phases then measure both builds in turn and compare them.
 */
const AB_BASELINE = process.env.BENCH_AB_BASELINE ? path.resolve(process.env.BENCH_AB_BASELINE) : undefined;
/**
 * The embedded database sized beside PostgreSQL (bench/pglite.ts): without BENCH_ONLY, or with a word that is part of
 * "embedded pglite". Its first load of each size takes minutes; BENCH_PGLITE=0 leaves it out of a whole run.
 */
const PGLITE = process.env.BENCH_PGLITE !== '0' && (!ONLY || ONLY.some((part) => 'embedded pglite'.includes(part)));
const WEB_DIST = 'dist/bench-web';
/** The live-events phase (bench/live.ts) runs without BENCH_ONLY, or when one of its words is part of "live events". */
const LIVE_PHASE = !ONLY || ONLY.some((part) => 'live events'.includes(part));
/** The start-time phase (bench/start.ts): without BENCH_ONLY, or with `start`. */
const START_PHASE = !ONLY || ONLY.includes('start');
/** The export phase (bench/exports.ts) runs without BENCH_ONLY, or when one of its words is part of "export". */
const EXPORT_PHASE = !ONLY || ONLY.some((part) => 'export'.includes(part));

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
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function ensureOrders(): Promise<number> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const table = await client.query(`select to_regclass('orders') as t`);
  const have = table.rows[0].t ? Number((await client.query('select count(*) from orders')).rows[0].count) : 0;
  // The seed generator before its ageing of statuses (docs/decisions/0010) left a third of even months-old orders
  // New, so New Orders held a third of the archive: figures on such data are not comparable with today's.
  const oldNew = have
    ? Number(
        (
          await client.query(`
    select (count(*) filter (where process_status = 'New'))::float / greatest(count(*), 1) as share
    from orders where created_at < now() - interval '30 days' and processing_mode <> 'future'`)
        ).rows[0].share,
      )
    : 0;
  await client.end();
  if (oldNew > 0.05) {
    throw new Error(
      `${(100 * oldNew).toFixed(0)}% of the month-old orders in ${DB_URL} are New: they were loaded by an older seed generator ` +
        `(which now leaves under 1% of them New). Drop that database (dropdb) and run the bench again to load it afresh.`,
    );
  }
  if (have < ORDERS) {
    log(`loading ${(ORDERS - have).toLocaleString('en-US')} orders (have ${have.toLocaleString('en-US')}) ...`);
    await run('npm', ['run', 'seed', '--', '--orders', String(ORDERS - have)], {
      ...process.env,
      DATABASE_URL: DB_URL,
      ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS,
    });
  }
  return Math.max(have, ORDERS);
}

interface Scenario {
  name: string;
  goal: string;
  real: autocannon.Options;
  bare: autocannon.Options;
  /** The twin is the plain Order History page through the real route (bench/queue-filters.ts). */
  versusPlain?: boolean;
}

const movableRow = z.object({ order_id: z.number(), process_status: z.enum(['Pending', 'Awaiting']) });
const browserOrderRow = z.object({ order_id: z.number(), email: z.string() });
const versionRow = z.object({ version: z.string() });
const memberRow = z.object({ id: z.number(), name: z.string(), email: z.string() });

async function writeBenchmark(database: Database, staff: Staff) {
  const ids = (
    await selectRows(
      database.db,
      movableRow,
      sql`
    select order_id, process_status from orders where process_status in ('Pending', 'Awaiting') order by order_id limit 80000`,
    )
  ).map((r) => ({ id: r.order_id, status: r.process_status }));
  const perWriter = Math.floor(ids.length / WRITERS);
  const phase = async (counting: boolean, seconds: number) => {
    await database.db.execute(
      sql.raw(`alter table orders ${counting ? 'enable' : 'disable'} trigger orders_folder_counts_upd`),
    );
    let done = 0;
    const stopAt = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const mine = ids.slice(w * perWriter, (w + 1) * perWriter);
        let i = 0;
        while (Date.now() < stopAt) {
          const order = mine[i++ % mine.length]!;
          const target = order.status === 'Pending' ? 'Awaiting' : 'Pending';
          await moveOrders(database.db, staff, [order.id], target);
          order.status = target;
          done += 1;
        }
      }),
    );
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
    for (let i = 0; i < 20; i++) await readQueuePage(database.db, staff, request);
    const started = performance.now();
    for (let i = 0; i < 200; i++) await readQueuePage(database.db, staff, request);
    return (performance.now() - started) / 200;
  };
  const afterWrites = await perSearch();
  await database.db.execute(sql`vacuum orders`);
  return { afterWrites, afterVacuum: await perSearch() };
}

/** The order the browser phases open (newest not erased, with an e-mail to track it by) and the staff token. */
async function browserTarget(database: Database, staffToken: string): Promise<BrowserTarget> {
  const [order] = await selectRows(
    database.db,
    browserOrderRow,
    sql`
    select order_id, email from orders where purged_at is null and travel_erased_at is null and process_status <> 'Deleted' and email <> ''
    order by order_id desc limit 1`,
  );
  if (!order) throw new Error('no order to open in the browser phases');
  return {
    staffToken,
    order: { id: Number(order.order_id), encodedId: encodeId(order.order_id), email: order.email },
  };
}

/** The queue engine's plan check (server/features/queue-engine/plan-check.ts) on its own connection to the bench database. */
async function queuePlanProblems(
  staff: Staff,
  stats: Awaited<ReturnType<typeof sampleTrigramStats>>,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    return await checkQueuePlans(client, staff, stats);
  } finally {
    await client.end();
  }
}

async function main() {
  if (BROWSER_PHASES && AB_BASELINE && !existsSync(path.join(AB_BASELINE, 'index.html')))
    throw new Error(
      `BENCH_AB_BASELINE: no built web app in ${AB_BASELINE} (docs/performance.md#browser-ab builds one)`,
    );
  const loadAtStart = os.loadavg().map((n) => Number(n.toFixed(1)));
  await ensureDatabase();
  const orders = await ensureOrders();
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: WRITERS + 2 });
  await runMigrations(database); // a database loaded by an older checkout gets the current indexes
  // Orders loaded by a checkout before sealing are sealed, as a start's sealing job would: the order page measured
  // opens its answers as in production.
  const ring = benchKeyRing();
  await registerCurrentKey(database.db, ring);
  const sealed = await sealOrdersInClear({ db: database.db, ring });
  if (sealed) log(`sealed ${sealed.toLocaleString('en-US')} orders stored in clear`);
  const [{ version }] = (await selectRows(database.db, versionRow, sql`select version()`)) as [{ version: string }];
  await database.db.execute(sql`vacuum analyze orders`);
  if (BROWSER_PHASES)
    await run(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', `../${WEB_DIST}`, '--emptyOutDir'],
      process.env,
    );
  const { child, ready } = await startServer({
    BENCH_DATABASE_URL: DB_URL,
    ...(BROWSER_PHASES ? { BENCH_WEB_DIST: path.resolve(WEB_DIST) } : {}),
    ...(BROWSER_PHASES && AB_BASELINE ? { BENCH_WEB_DIST_BASELINE: AB_BASELINE } : {}),
  });
  process.on('exit', () => {
    child.kill('SIGTERM');
  }); // also when a later step fails
  const real = `http://127.0.0.1:${ready.port}/api/admin`;
  const bare = `http://127.0.0.1:${ready.barePort}/bare`;
  const auth = { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' };
  const json = { 'content-type': 'application/json' };
  const terms = await pickSearchTerms(database);
  const mixed = await pickMixedSearches(database);
  const benchStaff: Staff = { id: ready.staffId, name: 'Bench Team', email: '', type: 'Team' };
  const planProblems = [
    ...(await queuePlanProblems(benchStaff, await sampleTrigramStats(database.db))),
    ...(await checkWorkNextPlans(DB_URL, benchStaff)), // issue 23: work next, arrival sort, urgent counts (bench/work-next.ts)
  ];
  log(
    `every folder's generic page and search plans use indexes: ${planProblems.length ? `NO\n${planProblems.join('\n\n')}` : 'yes'}`,
  );

  const scenarios: Scenario[] = [
    {
      name: 'folder counts',
      goal: 'p99 <= 10 ms',
      real: { url: `${real}/get-folder-count`, headers: auth },
      bare: { url: `${bare}/get-folder-count` },
    },
    {
      name: 'New Orders page 1',
      goal: 'p99 <= 20 ms, >= 75% of bare',
      real: { url: `${real}/get-orders-list/newOrder?page=1&limit=10&delay=1`, headers: auth },
      bare: { url: `${bare}/get-orders-list/newOrder?page=1&limit=10` },
    },
    {
      name: 'New Orders page 500',
      goal: 'p99 <= 20 ms, >= 75% of bare',
      real: { url: `${real}/get-orders-list/newOrder?page=500&limit=10&delay=1`, headers: auth },
      bare: { url: `${bare}/get-orders-list/newOrder?page=500&limit=10` },
    },
    {
      name: 'Order History page 500',
      goal: 'p99 <= 20 ms',
      real: { url: `${real}/get-orders-list/orderHistory?page=500&limit=10`, headers: auth },
      bare: { url: `${bare}/get-orders-list/orderHistory?page=500&limit=10` },
    },
    {
      name: `search id prefix "${terms.idPrefix}" (Order History)`,
      goal: 'p99 <= 20 ms',
      real: {
        url: `${real}/search-order`,
        method: 'POST',
        headers: auth,
        body: searchBody(terms.idPrefix, 'orderHistory'),
      },
      bare: {
        url: `${bare}/search-order`,
        method: 'POST',
        headers: json,
        body: searchBody(terms.idPrefix, 'orderHistory'),
      },
    },
    {
      name: `search name "${terms.name}" (New Orders)`,
      goal: 'p99 <= 20 ms',
      real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: searchBody(terms.name, 'newOrder') },
      bare: { url: `${bare}/search-order`, method: 'POST', headers: json, body: searchBody(terms.name, 'newOrder') },
    },
    {
      name: `search e-mail "${terms.email}" (Order History)`,
      goal: 'p99 <= 20 ms',
      real: {
        url: `${real}/search-order`,
        method: 'POST',
        headers: auth,
        body: searchBody(terms.email, 'orderHistory'),
      },
      bare: {
        url: `${bare}/search-order`,
        method: 'POST',
        headers: json,
        body: searchBody(terms.email, 'orderHistory'),
      },
    },
    {
      name: `search, ${mixed.length} terms in turn (ids, names, e-mails, phones, surname prefixes)`,
      goal: 'p99 <= 20 ms',
      real: { url: real, headers: auth, requests: bodiesInTurn('/api/admin/search-order', mixed) },
      bare: { url: bare, headers: json, requests: bodiesInTurn('/bare/search-order', mixed) },
    },
    await orderDetailScenario(database, real, bare, auth),
    ...(await reportScenarios(database, real, bare, ready.managerToken)), // issue 6: reports (bench/reports.ts)
    ...workNextScenarios(real, bare, auth), // issue 23 (bench/work-next.ts)
    ...(await queueFilterScenarios(database, real, auth)), // issues 24 and 46: filters and sorts (bench/queue-filters.ts)
  ];

  const results: Record<string, unknown>[] = [];
  let lighthouse: LighthouseScore[] = [];
  let lighthouseAB: LighthouseComparison[] = [];
  let felt: FeltLatency[] = [];
  let feltAB: FeltComparison[] = [];
  let embedded: EmbeddedSizing | null = null;
  try {
    for (const s of scenarios.filter((c) => !ONLY || ONLY.some((part) => c.name.toLowerCase().includes(part)))) {
      await autocannon({ ...s.real, connections: CONNECTIONS, duration: 2 }); // warm-up
      await autocannon({ ...s.bare, connections: CONNECTIONS, duration: 2 });
      const [r, b] = await loadPair(s.real, s.bare);
      // A filter scenario's twin is the plain page (real route, same slices): its p50 ratio is the goal.
      const versusPlain = s.versusPlain ? { p50Ratio: r.p50 / b.p50, met: r.p50 <= PLAIN_P50_GOAL * b.p50 } : null;
      results.push({ scenario: s.name, goal: s.goal, real: r, bare: b, ratio: r.rps / b.rps, versusPlain });
      log(
        `${s.name.padEnd(48)} real ${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(3)} ms p99 ${String(r.p99).padStart(3)} ms` +
          ` | ${s.versusPlain ? 'plain' : 'bare'} ${b.rps.toFixed(0).padStart(6)} req/s p99 ${String(b.p99).padStart(3)} ms | real/${s.versusPlain ? 'plain' : 'bare'} ${((100 * r.rps) / b.rps).toFixed(0)}%` +
          (r.errors || b.errors ? `  ERRORS real ${r.errors} bare ${b.errors}` : ''),
      );
    }
    const plainPage = results.find((x) => x.scenario === 'Order History page 500') as
      { real: { p50: number } } | undefined;
    for (const x of results.filter((x) => x.versusPlain) as {
      scenario: string;
      goal: string;
      real: { p50: number };
      bare: { p50: number };
      versusPlain: { p50Ratio: number; met: boolean };
    }[]) {
      log(
        `${x.scenario.padEnd(48)} p50 ${x.real.p50} ms vs the plain page's ${x.bare.p50} ms in the same slices: ` +
          `${x.versusPlain.p50Ratio.toFixed(2)}x (goal <= ${PLAIN_P50_GOAL}x: ${x.goal.startsWith('information') ? 'information' : x.versusPlain.met ? 'met' : 'MISSED'})` +
          (plainPage
            ? `; ${(x.real.p50 / plainPage.real.p50).toFixed(2)}x the Order History page 500 scenario's ${plainPage.real.p50} ms`
            : ''),
      );
    }
    if (BROWSER_PHASES) {
      const target = await browserTarget(database, ready.token);
      const builds: WebBuild[] = [
        { name: 'current', baseUrl: `http://127.0.0.1:${ready.port}` },
        ...(ready.baselinePort ? [{ name: 'baseline', baseUrl: `http://127.0.0.1:${ready.baselinePort}` }] : []),
      ];
      if (AB_BASELINE) log(`browser phases: A/B, the current build (${WEB_DIST}) beside the baseline (${AB_BASELINE})`);
      if (LIGHTHOUSE) {
        lighthouse = await lighthouseScores(builds, target, LIGHTHOUSE_RUNS);
        lighthouseAB = compareLighthouse(lighthouse);
        for (const line of describeLighthouse(lighthouse, lighthouseAB)) log(line);
      }
      if (FELT) {
        felt = await feltLatency(builds, target, FELT_RUNS, terms.name);
        feltAB = compareFelt(felt);
        for (const line of describeFelt(felt, feltAB)) log(line);
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  if (PGLITE) {
    log(`PGlite beside PostgreSQL, ${PGLITE_SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} orders:`);
    embedded = await embeddedSizing(DB_URL);
    log('the embedded database sized, both sizes:');
    for (const line of describeSizing(embedded.sizing)) log(line);
  }

  const [member] = await selectRows(
    database.db,
    memberRow,
    sql`select id, name, email from team_members where id = ${ready.staffId}`,
  );
  const staff: Staff = { ...member!, type: 'Team' };
  const writes = WRITE_PHASE ? await writeBenchmark(database, staff) : { withCounts: NaN, without: NaN };
  const kept = writes.withCounts / writes.without;
  const searchCost = WRITE_PHASE ? await searchAfterWrites(database, staff, terms.email) : null;
  if (searchCost)
    log(
      `search e-mail, one client, after the write phase`.padEnd(48) +
        ` ${searchCost.afterWrites.toFixed(2)} ms, after a vacuum ${searchCost.afterVacuum.toFixed(2)} ms`,
    );
  const workNextCost =
    !ONLY || ONLY.some((part) => 'work next'.includes(part))
      ? await workNextTiming(
          database,
          Array.from({ length: WRITERS }, () => staff),
          Math.max(2, DURATION / 2),
        )
      : null;
  if (workNextCost) {
    log(
      `work next, ${WRITERS} members at once (rolled back)`.padEnd(48) +
        ` ${workNextCost.perSecond.toFixed(0)}/s p50 ${workNextCost.p50.toFixed(1)} ms` +
        ` p99 ${workNextCost.p99.toFixed(1)} ms${workNextCost.empty ? ` (${workNextCost.empty} found the queue empty)` : ''}`,
    );
  }
  if (WRITE_PHASE)
    log(
      `status moves, ${WRITERS} writers`.padEnd(48) +
        ` with counts ${writes.withCounts.toFixed(0)}/s, without ${writes.without.toFixed(0)}/s: keeps ${(100 * kept).toFixed(0)}% (goal >= 90%)`,
    );

  // Issue 23: event delivery with 200 open streams during status moves, and the memory of 1,000 open streams.
  let liveEvents: LiveBenchResult | null = null;
  if (LIVE_PHASE) {
    liveEvents = await runLiveBench(DB_URL, { seconds: DURATION });
    for (const line of describeLiveBench(liveEvents)) log(line);
  }

  // Issue 27: a restart's time to ready, on an embedded data folder (PGlite), built server beside tsx.
  let startTime: StartTime[] = [];
  if (START_PHASE) {
    await run('node', ['scripts/build.mjs'], process.env);
    startTime = await startTimes(Number(process.env.BENCH_START_RUNS ?? 5));
    for (const line of describeStartTimes(startTime)) log(line);
  }

  // Issue 24: exporting every order of Order History, CSV and XLSX, with the server's peak memory.
  let exports: ExportBenchRow[] | null = null;
  if (EXPORT_PHASE) {
    exports = await runExportBench(DB_URL);
    for (const line of describeExportBench(exports)) log(line);
  }

  const started = Date.now();
  const live = await countFolders(database.db, ready.staffId);
  const liveMs = Date.now() - started;
  const counted = await readFolderCounts(database.db, ready.staffId);
  const countsRight = isDeepStrictEqual(live, counted); // the same fields and values, in any order
  log(
    `counters equal the folder predicates after the run: ${countsRight ? 'yes' : 'NO'} (live aggregate took ${liveMs} ms)`,
  );
  const reportCheck = await checkReportCounts(database);
  log(
    `reports equal a direct count after the run: ${reportCheck.mismatches.length ? `NO (${reportCheck.mismatches.join(', ')})` : 'yes'} (slowest direct count took ${reportCheck.directMs} ms)`,
  );

  const machine = {
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: version.split(',')[0],
    orders,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    writers: WRITERS,
    /** Other work on the machine skews every figure: recorded so a reader can tell. */
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(1))),
  };
  log(
    `machine: ${machine.cpus}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.postgres}, ${orders.toLocaleString('en-US')} orders`,
  );
  log(
    `load average (1/5/15 min) at start ${loadAtStart.join(' ')}, at end ${machine.loadAverageAtEnd.join(' ')} (a quiet 2-core machine reads below 2)`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/latest.json',
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine,
        results,
        writes: { ...writes, kept },
        searchCost,
        workNextCost,
        liveEvents,
        exports,
        countsRight,
        liveCountMs: liveMs,
        reportCheck,
        planProblems,
        abBaseline: AB_BASELINE ?? null,
        lighthouse,
        lighthouseAB,
        felt,
        feltAB,
        embedded,
        startTime,
      },
      null,
      2,
    ),
  );
  await database.close();
  if (!countsRight || reportCheck.mismatches.length || planProblems.length) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
