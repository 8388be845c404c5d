/**
 * The embedded default measured (issue 27): the same orders (BENCH_PGLITE_ORDERS, default 100,000, one generator
 * seed) in PGlite (a data folder under data/) and in PostgreSQL (database arrival_card_bench_<N>), each behind the
 * real app (bench/server.ts), and the queue scenarios run on both in alternating slices. Prints PGlite / PostgreSQL
 * for throughput and p50/p99; goal: every PGlite figure within 2x. Opt-in (`BENCH_PGLITE=1`): loading the two
 * databases the first time takes minutes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import {
  bodiesInTurn,
  loadPair,
  pickMixedSearches,
  pickSearchTerms,
  searchBody,
  startServer,
  type Measured,
} from './load';

export const PGLITE_ORDERS = Number(process.env.BENCH_PGLITE_ORDERS ?? 100_000);
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
    await run(['--orders', String(count), '--seed', SEED], { ...process.env, DATABASE_URL: url.toString() });
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
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  await run(['--orders', String(count), '--seed', SEED], env);
  console.log(`  PGlite load took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  writeFileSync(marker, String(count));
  return dir;
}

export interface EngineComparison {
  scenario: string;
  pglite: Measured;
  postgres: Measured;
  rpsRatio: number;
  p50Ratio: number;
  p99Ratio: number;
  within2x: boolean;
  /** One client alone (a small office's usual load): milliseconds per request, median. */
  oneClient: { pgliteP50: number; postgresP50: number };
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

export async function pgliteVersusPostgres(benchDatabaseUrl: string): Promise<EngineComparison[]> {
  const pgUrl = await postgresWithOrders(benchDatabaseUrl, PGLITE_ORDERS);
  const dataDir = await pgliteWithOrders(PGLITE_ORDERS);
  // Both freshly analyzed, as the main bench does for its database (a plan on missing statistics is no figure).
  const embedded = await openDatabase({ dataDir });
  await embedded.db.execute(sql`vacuum analyze`);
  await embedded.close();
  // Terms drawn from PostgreSQL's copy: the same generator seed made the same orders in both.
  const database = await openDatabase({ databaseUrl: pgUrl, poolSize: 2 });
  await database.db.execute(sql`vacuum analyze`);
  const terms = await pickSearchTerms(database);
  const mixed = await pickMixedSearches(database);
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
  const results: EngineComparison[] = [];
  try {
    for (const scenario of scenarios) {
      for (const side of [lite, post]) await autocannon({ ...scenario.request(side), connections: 20, duration: 2 }); // warm-up
      const [pglite, postgres] = await loadPair(scenario.request(lite), scenario.request(post));
      const rpsRatio = postgres.rps / pglite.rps;
      const p50Ratio = pglite.p50 / Math.max(postgres.p50, 1);
      const p99Ratio = pglite.p99 / Math.max(postgres.p99, 1);
      const within2x = rpsRatio <= 2 && p50Ratio <= 2 && p99Ratio <= 2 && !pglite.errors && !postgres.errors;
      const oneClient = {
        pgliteP50: await oneClientMedian(scenario.request(lite)),
        postgresP50: await oneClientMedian(scenario.request(post)),
      };
      results.push({ scenario: scenario.name, pglite, postgres, rpsRatio, p50Ratio, p99Ratio, within2x, oneClient });
      console.log(
        `${scenario.name.padEnd(48)} PGlite ${pglite.rps.toFixed(0).padStart(6)} req/s p50 ${String(pglite.p50).padStart(4)} p99 ${String(pglite.p99).padStart(4)} ms` +
          ` | PostgreSQL ${postgres.rps.toFixed(0).padStart(6)} req/s p50 ${String(postgres.p50).padStart(4)} p99 ${String(postgres.p99).padStart(4)} ms` +
          ` | PostgreSQL/PGlite req/s ${rpsRatio.toFixed(2)}x, PGlite/PostgreSQL p99 ${p99Ratio.toFixed(2)}x ${within2x ? '(within 2x)' : '(NOT within 2x)'}` +
          ` | one client: PGlite ${oneClient.pgliteP50} ms, PostgreSQL ${oneClient.postgresP50} ms (${(oneClient.pgliteP50 / oneClient.postgresP50).toFixed(1)}x)` +
          (pglite.errors || postgres.errors ? `  ERRORS PGlite ${pglite.errors} PostgreSQL ${postgres.errors}` : ''),
      );
    }
  } finally {
    for (const { child } of servers) child.kill('SIGTERM');
  }
  return results;
}
