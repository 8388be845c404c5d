/**
 * The embedded default measured: the same orders (one generator seed) in PGlite (a data folder under data/) and in
 * PostgreSQL (database arrival_card_bench_<N>), each behind the real app (bench/server.ts), at each size of
 * BENCH_PGLITE_ORDERS (default 10,000 and 100,000). Two parts per size:
 * - the sizing table: the staff mix (a working person's calls: counts, queue pages, order pages, searches) at 1 to 40
 *   staff at once, each making about STAFF_CALLS_PER_SECOND calls at random moments, then flat out; from it the README
 *   says up to what size and how many staff the embedded database serves well (p95 within SERVES_WELL_P95_MS, no error);
 * - the queue and search scenarios at 20 clients in alternating slices, and with one client.
 * Loading the databases the first time takes minutes; they are kept for the next run.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, selectRows } from '../server/db/client';
import {
  bodiesInTurn,
  loadPair,
  pickMixedSearches,
  pickSearchTerms,
  quantile,
  searchBody,
  startServer,
  type Measured,
} from './load';
import { BENCH_ENCRYPTION_KEYS } from './keys';

export const PGLITE_SIZES = (process.env.BENCH_PGLITE_ORDERS ?? '10000,100000').split(',').map(Number);
/** Staff working at once in the sizing table. */
const STAFF_STEPS = [1, 5, 10, 20, 40];
/**
 * Calls a member of staff makes per second while working a queue: a click brings two or three calls (the page, the
 * counts, a search or the order), and a quick worker clicks every few seconds. One a second is a busy person.
 */
const STAFF_CALLS_PER_SECOND = 1;
/** Served well: the mix's p95 at or under this (a click that still feels immediate), no error. */
const SERVES_WELL_P95_MS = 200;
const SIZING_SECONDS = Number(process.env.BENCH_SIZING_SECONDS ?? 8);
const SEED = '27';

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'seed', '--', ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run seed ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function postgresWithOrders(baseUrl: string, count: number): Promise<string> {
  const url = new URL(baseUrl);
  const name = `arrival_card_bench_${count}`;
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const table = await client.query(`select to_regclass('orders') as t`);
  const have = table.rows[0].t ? Number((await client.query('select count(*) from orders')).rows[0].count) : 0;
  await client.end();
  if (have !== count) {
    if (have) throw new Error(`${name} holds ${have} orders, not ${count}: drop it (dropdb ${name}) and run again.`);
    console.log(`loading ${count.toLocaleString('en-US')} orders into PostgreSQL ${name} ...`);
    await run(['--orders', String(count), '--seed', SEED], {
      ...process.env,
      DATABASE_URL: url.toString(),
      ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS,
    });
  }
  return url.toString();
}

/** A PGlite data folder holding `count` orders; a folder from an unfinished load is loaded again. */
async function pgliteWithOrders(count: number): Promise<string> {
  const dir = path.resolve('data', `bench-pglite-${count}`);
  const marker = path.join(dir, 'bench-orders.txt');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === String(count)) return dir;
  rmSync(dir, { recursive: true, force: true });
  console.log(`loading ${count.toLocaleString('en-US')} orders into PGlite ${dir} ...`);
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS };
  delete env.DATABASE_URL;
  await run(['--orders', String(count), '--seed', SEED], env);
  console.log(`  PGlite load took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  writeFileSync(marker, String(count));
  return dir;
}

export interface EngineComparison {
  orders: number;
  scenario: string;
  pglite: Measured;
  postgres: Measured;
  rpsRatio: number;
  p50Ratio: number;
  p99Ratio: number;
  /** One client alone (a small office's usual load): milliseconds per request, median. */
  oneClient: { pgliteP50: number; postgresP50: number };
}

/** One row of the sizing table: the staff mix at `staff` people (null: flat out, 20 clients), on one engine. */
export interface SizingRow {
  orders: number;
  engine: 'PGlite' | 'PostgreSQL';
  staff: number | null;
  /** Calls answered a second. */
  answered: number;
  p50: number;
  p95: number;
  errors: number;
  servesWell: boolean;
}

export interface EmbeddedSizing {
  sizing: SizingRow[];
  engines: EngineComparison[];
}

/** One client, one request at a time, for a few seconds: the median milliseconds of each side (alternating). */
async function oneClientMedian(request: autocannon.Options): Promise<number> {
  const latencies: number[] = [];
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ ...request, connections: 1, duration: 3 }, (error) =>
      error ? reject(error) : resolve(),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
      latencies.push(time);
    });
  });
  latencies.sort((a, b) => a - b);
  return Math.round(100 * (latencies[Math.floor(latencies.length / 2)] ?? NaN)) / 100;
}

/** Order ids spread over the table, for the mix's order pages. */
const idRow = z.object({ order_id: z.number() });

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/**
 * A working person's calls, taken in turn by everyone: the counts, a New Orders page, an order, a search, an Order
 * History page further back, another order. Each call is the next of the list, so 40 people ask for 40 different
 * orders and pages, as they would.
 */
function staffCalls(ids: number[], searches: string[]): () => Call {
  const calls: Call[] = [];
  for (let i = 0; i < 60; i++) {
    calls.push(
      { method: 'GET', path: '/api/admin/get-folder-count' },
      { method: 'GET', path: `/api/admin/get-orders-list/newOrder?page=${1 + (i % 5)}&limit=10` },
      { method: 'GET', path: `/api/admin/get-orders-details/${ids[(2 * i) % ids.length]}` },
      { method: 'POST', path: '/api/admin/search-order', body: searches[i % searches.length] },
      { method: 'GET', path: `/api/admin/get-orders-list/orderHistory?page=${1 + ((7 * i) % 50)}&limit=10` },
      { method: 'GET', path: `/api/admin/get-orders-details/${ids[(2 * i + 1) % ids.length]}` },
    );
  }
  let next = 0;
  return () => calls[next++ % calls.length]!;
}

interface MixMeasured {
  answered: number;
  p50: number;
  p95: number;
  errors: number;
}

function percentiles(latencies: number[]) {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(quantile(latencies, q));
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * `staff` people working at once: each waits a random moment (on average 1 / STAFF_CALLS_PER_SECOND s, as people do
 * not click in step), makes the next call, waits for its answer, and waits again.
 */
async function staffAtOnce(
  base: string,
  headers: Record<string, string>,
  nextCall: () => Call,
  staff: number,
): Promise<MixMeasured> {
  const latencies: number[] = [];
  let errors = 0;
  // At least about 40 calls per step, so that a p95 is read from more than a handful.
  const seconds = SIZING_SECONDS * Math.max(1, 5 / staff);
  const end = performance.now() + seconds * 1000;
  const pause = () =>
    new Promise((resolve) => setTimeout(resolve, (-Math.log(1 - Math.random()) * 1000) / STAFF_CALLS_PER_SECOND));
  await Promise.all(
    Array.from({ length: staff }, async () => {
      for (await pause(); performance.now() < end; await pause()) {
        const call = nextCall();
        const sent = performance.now();
        try {
          const res = await fetch(base + call.path, { method: call.method, headers, body: call.body });
          await res.arrayBuffer();
          if (!res.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { answered: latencies.length / seconds, ...percentiles(latencies), errors };
}

/** The same calls flat out: 20 clients, each sending the next as soon as the last is answered. */
async function flatOut(base: string, headers: Record<string, string>, nextCall: () => Call): Promise<MixMeasured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: 20,
        duration: SIZING_SECONDS,
        // A fresh copy of the headers per request: autocannon writes a POST's Content-Length into the headers object
        // it is given, and a GET sent after it with that header and no body is answered 400.
        requests: [
          { method: 'GET', setupRequest: (request) => ({ ...request, ...nextCall(), headers: { ...headers } }) },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
      latencies.push(time);
    });
  });
  return {
    answered: result.requests.total / result.duration,
    ...percentiles(latencies),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The embedded database beside PostgreSQL at every size of PGLITE_SIZES. */
export async function embeddedSizing(benchDatabaseUrl: string): Promise<EmbeddedSizing> {
  const all: EmbeddedSizing = { sizing: [], engines: [] };
  for (const orders of PGLITE_SIZES) {
    const { sizing, engines } = await measureSize(benchDatabaseUrl, orders);
    all.sizing.push(...sizing);
    all.engines.push(...engines);
  }
  return all;
}

/** The sizing table's lines, and the README's answer: per size, the most staff each engine serves well. */
export function describeSizing(rows: SizingRow[]): string[] {
  const lines = rows.map(
    (r) =>
      `${r.orders.toLocaleString('en-US').padStart(7)} orders ${r.engine.padEnd(10)} ` +
      `${r.staff === null ? 'flat out (20 clients)' : `${String(r.staff).padStart(2)} staff at once`}`.padEnd(24) +
      ` answered ${r.answered.toFixed(0).padStart(5)}/s p50 ${String(r.p50).padStart(4)} ms p95 ${String(r.p95).padStart(4)} ms` +
      (r.errors ? ` ERRORS ${r.errors}` : '') +
      (r.staff === null ? '' : r.servesWell ? '  serves well' : '  NOT served well'),
  );
  for (const orders of new Set(rows.map((r) => r.orders))) {
    for (const engine of ['PGlite', 'PostgreSQL'] as const) {
      const steps = rows.filter((r) => r.orders === orders && r.engine === engine && r.staff !== null);
      // The most staff served well with every smaller step served well too.
      let most = 0;
      for (const r of steps) {
        if (!r.servesWell) break;
        most = r.staff!;
      }
      lines.push(
        `${orders.toLocaleString('en-US').padStart(7)} orders ${engine.padEnd(10)} serves well up to ${most ? `${most}${most === steps.at(-1)?.staff ? '+' : ''} staff at once` : 'no one'}` +
          ` (p95 <= ${SERVES_WELL_P95_MS} ms, each making about ${STAFF_CALLS_PER_SECOND} call a second, no error)`,
      );
    }
  }
  return lines;
}

async function measureSize(benchDatabaseUrl: string, orders: number): Promise<EmbeddedSizing> {
  const pgUrl = await postgresWithOrders(benchDatabaseUrl, orders);
  const dataDir = await pgliteWithOrders(orders);
  // Both freshly analyzed, as the main bench does for its database (a plan on missing statistics is no figure).
  const embedded = await openDatabase({ dataDir });
  await embedded.db.execute(sql`vacuum analyze`);
  await embedded.close();
  // Terms and orders drawn from PostgreSQL's copy: the same generator seed made the same orders in both.
  const database = await openDatabase({ databaseUrl: pgUrl, poolSize: 2 });
  await database.db.execute(sql`vacuum analyze`);
  const terms = await pickSearchTerms(database);
  const mixed = await pickMixedSearches(database);
  const ids = (
    await selectRows(
      database.db,
      idRow,
      sql`select order_id::int as order_id from orders order by order_id % 9973, order_id limit 120`,
    )
  ).map((r) => r.order_id);
  await database.close();

  const servers = await Promise.all([
    startServer({ BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: '' }),
    startServer({ BENCH_DATABASE_URL: pgUrl }),
  ]);
  type Side = { url: string; headers: Record<string, string> };
  const [lite, post] = servers.map(({ ready }): Side => ({
    url: `http://127.0.0.1:${ready.port}/api/admin`,
    headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
  })) as [Side, Side];
  const scenarios: { name: string; request: (side: Side) => autocannon.Options }[] = [
    { name: 'folder counts', request: (s) => ({ url: `${s.url}/get-folder-count`, headers: s.headers }) },
    {
      name: 'New Orders page 1',
      request: (s) => ({ url: `${s.url}/get-orders-list/newOrder?page=1&limit=10`, headers: s.headers }),
    },
    {
      name: 'Order History page 500',
      request: (s) => ({ url: `${s.url}/get-orders-list/orderHistory?page=500&limit=10`, headers: s.headers }),
    },
    {
      name: `search id prefix "${terms.idPrefix}" (Order History)`,
      request: (s) => ({
        url: `${s.url}/search-order`,
        method: 'POST',
        headers: s.headers,
        body: searchBody(terms.idPrefix, 'orderHistory'),
      }),
    },
    {
      name: `search name "${terms.name}" (New Orders)`,
      request: (s) => ({
        url: `${s.url}/search-order`,
        method: 'POST',
        headers: s.headers,
        body: searchBody(terms.name, 'newOrder'),
      }),
    },
    {
      name: `search e-mail "${terms.email}" (Order History)`,
      request: (s) => ({
        url: `${s.url}/search-order`,
        method: 'POST',
        headers: s.headers,
        body: searchBody(terms.email, 'orderHistory'),
      }),
    },
    {
      name: `search, ${mixed.length} terms in turn`,
      request: (s) => ({
        url: s.url.replace(/\/api\/admin$/, ''),
        headers: s.headers,
        requests: bodiesInTurn('/api/admin/search-order', mixed),
      }),
    },
  ];
  const sizing: SizingRow[] = [];
  const results: EngineComparison[] = [];
  try {
    const nextCall = staffCalls(ids, mixed);
    const sides = [
      { engine: 'PGlite' as const, base: lite.url.replace(/\/api\/admin$/, ''), headers: lite.headers },
      { engine: 'PostgreSQL' as const, base: post.url.replace(/\/api\/admin$/, ''), headers: post.headers },
    ];
    for (const side of sides) await flatOut(side.base, side.headers, nextCall); // warm-up
    for (const [step, staff] of [...STAFF_STEPS, null].entries()) {
      // Alternating which engine goes first, so a drift of the machine's speed falls on both.
      for (const { engine, base, headers } of step % 2 === 0 ? sides : [...sides].reverse()) {
        const m =
          staff === null ? await flatOut(base, headers, nextCall) : await staffAtOnce(base, headers, nextCall, staff);
        const servesWell = staff !== null && m.p95 <= SERVES_WELL_P95_MS && !m.errors;
        sizing.push({ orders, engine, staff, ...m, servesWell });
      }
    }
    for (const line of describeSizing(sizing)) console.log(line);
    for (const scenario of scenarios) {
      for (const side of [lite, post]) await autocannon({ ...scenario.request(side), connections: 20, duration: 2 }); // warm-up
      const [pglite, postgres] = await loadPair(scenario.request(lite), scenario.request(post));
      const rpsRatio = postgres.rps / pglite.rps;
      const p50Ratio = pglite.p50 / Math.max(postgres.p50, 1);
      const p99Ratio = pglite.p99 / Math.max(postgres.p99, 1);
      const oneClient = {
        pgliteP50: await oneClientMedian(scenario.request(lite)),
        postgresP50: await oneClientMedian(scenario.request(post)),
      };
      results.push({
        orders,
        scenario: scenario.name,
        pglite,
        postgres,
        rpsRatio,
        p50Ratio,
        p99Ratio,
        oneClient,
      });
      console.log(
        `${orders.toLocaleString('en-US').padStart(7)} orders ${scenario.name.padEnd(48)} PGlite ${pglite.rps.toFixed(0).padStart(6)} req/s p50 ${String(pglite.p50).padStart(4)} p99 ${String(pglite.p99).padStart(4)} ms` +
          ` | PostgreSQL ${postgres.rps.toFixed(0).padStart(6)} req/s p50 ${String(postgres.p50).padStart(4)} p99 ${String(postgres.p99).padStart(4)} ms` +
          ` | PostgreSQL/PGlite req/s ${rpsRatio.toFixed(2)}x, PGlite/PostgreSQL p99 ${p99Ratio.toFixed(2)}x` +
          ` | one client: PGlite ${oneClient.pgliteP50} ms, PostgreSQL ${oneClient.postgresP50} ms (${(oneClient.pgliteP50 / oneClient.postgresP50).toFixed(1)}x)` +
          (pglite.errors || postgres.errors ? `  ERRORS PGlite ${pglite.errors} PostgreSQL ${postgres.errors}` : ''),
      );
    }
  } finally {
    for (const { child } of servers) child.kill('SIGTERM');
  }
  return { sizing, engines: results };
}

// Alone: `npm run bench:embedded` (PostgreSQL's databases beside the bench's: BENCH_DATABASE_URL names the server).
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await embeddedSizing(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench',
  );
  console.log('the sizing table, both sizes:');
  for (const line of describeSizing(result.sizing)) console.log(line);
}
