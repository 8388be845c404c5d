/**
 * Load helpers shared by bench/run.ts's phases: the bench server in a child process, a pair of request kinds
 * measured in alternating slices, and search terms drawn from the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Database } from '../server/db/client';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 20;

export interface Ready {
  port: number;
  barePort: number;
  token: string;
  staffId: number;
  managerToken: string;
  /** The port of the app serving the baseline web build (BENCH_WEB_DIST_BASELINE), when there is one. */
  baselinePort?: number;
}

/**
 * A bench server script (`script`, started with `nodeArgs` before it) in a child process; resolves with the JSON line
 * it prints with `ready` (its ports and tokens).
 */
export function startBenchChild<R>(
  script: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; ready: R }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve({ child, ready: message as R });
      } catch {
        /* not ours */
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** bench/server.ts in a child process, on `env`'s database (BENCH_DATABASE_URL, or BENCH_DATA_DIR for PGlite). */
export const startServer = (env: NodeJS.ProcessEnv) => startBenchChild<Ready>('bench/server.ts', env);

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** The value at quantile `q` (0.5: the median) of latencies sorted ascending; NaN when there are none. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Slices per scenario: real and bare take turns (real, bare, bare, real, ...), DURATION / SLICES seconds each. */
const SLICES = 5;

/**
 * The real route and its bare twin in alternating slices, so that a change in the speed of this shared VM over
 * the run falls on both alike (in back-to-back 10 s runs the same ratio read anywhere from 55% to 106%).
 * Percentiles are exact, over every response of a side's slices.
 */
export async function loadPair(real: autocannon.Options, bare: autocannon.Options): Promise<[Measured, Measured]> {
  const sides = [real, bare].map((options) => ({
    options,
    latencies: [] as number[],
    requests: 0,
    errors: 0,
    seconds: 0,
  }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const side of slice % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { connections: CONNECTIONS, duration: Math.max(1, DURATION / SLICES), ...side.options },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
          side.latencies.push(time);
        });
      });
      side.requests += result.requests.total;
      side.errors += result.errors + result.timeouts + result.non2xx;
      side.seconds += result.duration;
    }
  }
  const [r, b] = sides.map((side) => {
    const sorted = side.latencies.sort((x, y) => x - y);
    const at = (q: number) => Math.round(quantile(sorted, q));
    return {
      rps: side.requests / side.seconds,
      p50: at(0.5),
      p99: at(0.99),
      requests: side.requests,
      errors: side.errors,
    };
  });
  return [r!, b!];
}

const sampleSchema = z.object({ order_id: z.number(), surname: z.string(), email: z.string() });
const mixedSampleSchema = z.object({
  order_id: z.number(),
  given: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
});

export async function pickSearchTerms(database: Database) {
  // The 1,235th newest New order (the same one on every 1M database); on a small database, the oldest there is.
  const [sample] = await selectRows(
    database.db,
    sampleSchema,
    sql`
    select order_id, surname, email from (
      select order_id, surname, email, created_at from orders where process_status = 'New' and assigned_to_id is null and processing_mode = 'standard'
      order by created_at desc limit 1235) newest
    order by created_at limit 1`,
  );
  return {
    idPrefix: String(sample!.order_id).slice(0, 5),
    name: sample!.surname.toLowerCase().slice(0, 5),
    email: sample!.email.split('@')[0]!,
  };
}

/** The first page of a search, as the queue screens post it. */
export const searchBody = (searchVal: string, folderName: string) =>
  JSON.stringify({ start: 0, end: 10, searchVal, folderName });

/**
 * Terms of every kind drawn from the data, asked in turn: 20 staff search for 20 different customers, not one
 * (a single repeated term keeps its rows in the cache and its piece choice known). Per drawn order: its id's
 * first five digits, its full name, its e-mail's local part and its phone number in Order History, and its
 * surname's first five letters in New Orders.
 */
export async function pickMixedSearches(database: Database): Promise<string[]> {
  const rows = await selectRows(
    database.db,
    mixedSampleSchema,
    sql`
    select order_id, lower(given_name) as given, lower(surname) as surname, lower(email) as email, personal_telephone_number as phone
    from orders where order_id % 997 = 0 order by order_id limit 16`,
  );
  return rows.flatMap((r) => [
    searchBody(String(r.order_id).slice(0, 5), 'orderHistory'),
    searchBody(`${r.given} ${r.surname}`, 'orderHistory'),
    searchBody(r.email.split('@')[0]!, 'orderHistory'),
    searchBody(r.phone, 'orderHistory'),
    searchBody(r.surname.slice(0, 5), 'newOrder'),
  ]);
}

/** autocannon requests that post these bodies in turn. */
export function bodiesInTurn(path: string, bodies: string[]): autocannon.Request[] {
  let next = 0;
  return [{ method: 'POST', path, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }];
}
