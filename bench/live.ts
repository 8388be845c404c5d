/**
 * Issue 23's live figures (docs/performance.md "Live events"), on PostgreSQL:
 *  1. Event delivery latency: BENCH_LIVE_STREAMS (200) open staff streams while BENCH_LIVE_WRITERS (4) members move
 *     orders between Pending and Awaiting through the real API for BENCH_SECONDS; per move and stream, the time from
 *     sending the move to the event arriving (so it includes the move itself). p50/p99 over every delivery, and how
 *     many deliveries were missing.
 *  2. Memory of BENCH_LIVE_IDLE (1,000) open streams: the server process's RSS and heap after a full GC, with the
 *     live hub started and no stream, then with them all open; the difference per stream.
 * Run by `npm run bench` (also alone: `npm run bench:live`, which makes and fills a small database itself when
 * BENCH_DATABASE_URL has no orders; BENCH_ORDERS orders, default 5,000 when alone).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../server/db/client';
import { countRow } from '../server/db/row-schemas';
import { runMigrations } from '../server/db/migrate';
import { teamMembers } from '../server/db/schema';
import { hashPassword } from '../server/features/auth/auth.service';
import { seedReferenceData } from '../server/seed/bootstrap';
import { loadDemoOrders } from '../server/seed/load-orders';
import { StreamClient } from '../server/test/live-stream-client';
import type { OrderChangedEvent } from '../shared/live';
import { startBenchChild } from './load';

export interface LiveBenchResult {
  streams: number;
  writers: number;
  moves: number;
  deliveries: number;
  missing: number;
  latencyMs: { p50: number; p99: number; max: number };
  moveMs: { p50: number; p99: number };
  /** The server process's CPU time per move: no stream open, and with the streams (fan-out included). */
  serverCpuMsPerMove: { alone: number; with200Streams: number };
  /** The same writers with no stream open. */
  movesAlone: number;
  /** The same, with the live-event triggers off. */
  movesWithoutEvents: number;
  moveAloneMs: { p50: number; p99: number };
  idleStreams: number;
  memory: { rssPerStreamKb: number; heapPerStreamKb: number; rssDeltaMb: number; heapDeltaMb: number; gc: boolean };
}

interface Ready {
  port: number;
  sidePort: number;
  tokens: string[];
}
interface Memory {
  rss: number;
  heapUsed: number;
  streams: number;
  gc: boolean;
  cpuMs: number;
}

const startLiveServer = (databaseUrl: string, sessions: number) =>
  startBenchChild<Ready>(
    'bench/live-server.ts',
    { BENCH_DATABASE_URL: databaseUrl, BENCH_LIVE_SESSIONS: String(sessions) },
    ['--expose-gc'],
  );

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function openStreams(baseUrl: string, tokens: string[]): Promise<StreamClient[]> {
  const streams: StreamClient[] = [];
  // In groups of 50: a thousand connections at once would measure the accept queue, not the streams.
  for (let i = 0; i < tokens.length; i += 50) {
    const group = await Promise.all(
      tokens.slice(i, i + 50).map((token) => StreamClient.open(baseUrl, { authorization: `Bearer ${token}` })),
    );
    await Promise.all(group.map((s) => s.waitFor((e) => e.event === 'hello', 30_000)));
    streams.push(...group);
  }
  return streams;
}

export async function runLiveBench(
  databaseUrl: string,
  options: { seconds: number; streams?: number; writers?: number; idle?: number },
): Promise<LiveBenchResult> {
  const streamCount = options.streams ?? Number(process.env.BENCH_LIVE_STREAMS ?? 200);
  const writers = options.writers ?? Number(process.env.BENCH_LIVE_WRITERS ?? 4);
  const idle = options.idle ?? Number(process.env.BENCH_LIVE_IDLE ?? 1000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const orders = (
    await client.query<{ order_id: string; process_status: string }>(`
    select order_id, process_status from orders where process_status in ('Pending', 'Awaiting') order by order_id limit ${writers * 500}`)
  ).rows.map((r) => ({ id: Number(r.order_id), status: r.process_status }));
  await client.end();
  if (orders.length < writers) throw new Error('the live bench needs Pending or Awaiting orders to move');

  const { child, ready } = await startLiveServer(databaseUrl, Math.max(streamCount, idle) + writers);
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  const memory = async () => (await (await fetch(`http://127.0.0.1:${ready.sidePort}/memory`)).json()) as Memory;
  try {
    const writerTokens = ready.tokens.slice(0, writers);
    const sentAt = new Map<number, number>();
    const perWriter = Math.floor(orders.length / writers);
    /** Writers move their own orders between Pending and Awaiting for `seconds`; answers the moves' own times. */
    const moveFor = async (seconds: number) => {
      const times: number[] = [];
      const stopAt = Date.now() + seconds * 1000;
      await Promise.all(
        writerTokens.map(async (token, w) => {
          const mine = orders.slice(w * perWriter, (w + 1) * perWriter);
          let i = 0;
          while (Date.now() < stopAt) {
            const order = mine[i++ % mine.length]!;
            const target = order.status === 'Pending' ? 'Awaiting' : 'Pending';
            const started = performance.now();
            sentAt.set(order.id, started);
            const response = await fetch(`${baseUrl}/api/admin/move-order-status`, {
              method: 'PUT',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ orderId: order.id, updatingStatus: target }),
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`move answered ${response.status}`);
            times.push(performance.now() - started);
            order.status = target;
          }
        }),
      );
      return times.sort((a, b) => a - b);
    };
    // 0. The same moves with no stream open: what the streams cost the writers shows as a ratio; and with the
    //    live-event triggers off, what writing the events costs a move (alternating, as the main bench does).
    const triggers = async (on: boolean) => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`alter table orders ${on ? 'enable' : 'disable'} trigger orders_live_events_upd`);
      await admin.query(`alter table process_logs ${on ? 'enable' : 'disable'} trigger process_logs_live_events_ins`);
      await admin.end();
    };
    await moveFor(1);
    const cpuAloneStart = (await memory()).cpuMs;
    const alone: number[] = [];
    const withoutEvents: number[] = [];
    try {
      for (let round = 0; round < 2; round++) {
        alone.push(...(await moveFor(options.seconds / 2)));
        await triggers(false);
        withoutEvents.push(...(await moveFor(options.seconds / 2)));
        await triggers(true);
      }
    } finally {
      await triggers(true);
    }
    const cpuAlone = (await memory()).cpuMs - cpuAloneStart; // both halves: with and without the triggers
    alone.sort((a, b) => a - b);
    withoutEvents.sort((a, b) => a - b);
    // 1. Latency with streamCount streams open.
    const streams = await openStreams(baseUrl, ready.tokens.slice(writers, writers + streamCount));
    const latencies: number[] = [];
    for (const stream of streams) {
      stream.onEvent = (event) => {
        if (event.event !== 'order') return;
        const started = sentAt.get((event.data as OrderChangedEvent).orderId);
        if (started !== undefined) latencies.push(event.at - started);
      };
    }
    const cpuStreamsStart = (await memory()).cpuMs;
    const moved = await moveFor(options.seconds);
    const cpuStreams = (await memory()).cpuMs - cpuStreamsStart;
    await new Promise((r) => setTimeout(r, 1000)); // the last moves' events
    for (const stream of streams) {
      stream.onEvent = undefined;
      stream.close();
    }
    latencies.sort((a, b) => a - b);
    const moves = moved.length;
    const expected = moves * streams.length;

    // 2. Memory of idle open streams (after the server has seen the last ones close).
    let before = await memory();
    for (let wait = 0; before.streams > 0 && wait < 50; wait++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await memory();
    }
    const idleStreams = await openStreams(baseUrl, ready.tokens.slice(writers, writers + idle));
    const after = await memory();
    for (const stream of idleStreams) stream.close();
    const open = after.streams - before.streams; // as the server counts them
    if (open < idle * 0.99) throw new Error(`only ${open} of ${idle} streams were open on the server`);

    return {
      streams: streamCount,
      writers,
      moves,
      deliveries: latencies.length,
      missing: expected - latencies.length,
      latencyMs: {
        p50: round(percentile(latencies, 0.5)),
        p99: round(percentile(latencies, 0.99)),
        max: round(latencies.at(-1) ?? NaN),
      },
      moveMs: { p50: round(percentile(moved, 0.5)), p99: round(percentile(moved, 0.99)) },
      serverCpuMsPerMove: {
        alone: round(cpuAlone / (alone.length + withoutEvents.length), 2),
        with200Streams: round(cpuStreams / moves, 2),
      },
      movesAlone: alone.length,
      movesWithoutEvents: withoutEvents.length,
      moveAloneMs: { p50: round(percentile(alone, 0.5)), p99: round(percentile(alone, 0.99)) },
      idleStreams: open,
      memory: {
        rssPerStreamKb: round((after.rss - before.rss) / open / 1024),
        heapPerStreamKb: round((after.heapUsed - before.heapUsed) / open / 1024),
        rssDeltaMb: round((after.rss - before.rss) / 2 ** 20),
        heapDeltaMb: round((after.heapUsed - before.heapUsed) / 2 ** 20),
        gc: after.gc,
      },
    };
  } finally {
    child.kill('SIGTERM');
  }
}

export function describeLiveBench(r: LiveBenchResult): string[] {
  return [
    `live events, ${r.streams} streams, ${r.writers} writers`.padEnd(48) +
      ` ${r.moves} moves, delivery p50 ${r.latencyMs.p50} ms p99 ${r.latencyMs.p99} ms (max ${r.latencyMs.max}); move itself p50 ${r.moveMs.p50} ms p99 ${r.moveMs.p99} ms;` +
      ` ${r.missing} of ${r.deliveries + r.missing} deliveries missing (goal p99 <= 1000 ms, none missing)`,
    `status moves with no stream open`.padEnd(48) +
      ` ${r.movesAlone} moves, p50 ${r.moveAloneMs.p50} ms p99 ${r.moveAloneMs.p99} ms: with ${r.streams} streams the writers keep ${Math.round((100 * r.moves) / r.movesAlone)}%;` +
      ` with the event triggers off ${r.movesWithoutEvents} moves in the same time (the triggers keep ${Math.round((100 * r.movesAlone) / r.movesWithoutEvents)}%)`,
    `server CPU per move`.padEnd(48) +
      ` ${r.serverCpuMsPerMove.alone} ms with no stream, ${r.serverCpuMsPerMove.with200Streams} ms with ${r.streams} streams (the bench's clients share the machine)`,
    `live streams open, ${r.idleStreams}`.padEnd(48) +
      ` RSS +${r.memory.rssDeltaMb} MB (${r.memory.rssPerStreamKb} kB each), heap +${r.memory.heapDeltaMb} MB (${r.memory.heapPerStreamKb} kB each)`,
  ];
}

// Alone: `npm run bench:live` (a small database of its own unless BENCH_DATABASE_URL says otherwise).
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_live_bench';
  await ensureSmallDatabase(url);
  const result = await runLiveBench(url, { seconds: Number(process.env.BENCH_SECONDS ?? 10) });
  for (const line of describeLiveBench(result)) console.log(line);
  console.log(JSON.stringify(result));
}

/** Creates, migrates and fills (BENCH_ORDERS, default 5,000 orders) the database when it has no orders yet. */
async function ensureSmallDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  if (!(await adminClient.query('select 1 from pg_database where datname = $1', [name])).rowCount)
    await adminClient.query(`create database "${name.replace(/"/g, '')}"`);
  await adminClient.end();
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await runMigrations(database);
    const [have] = await selectRows(database.db, countRow, sql`select count(*)::int as n from orders`);
    if (have!.n) return;
    await seedReferenceData(database.db);
    await database.db.insert(teamMembers).values({
      name: 'Bench Staff',
      email: 'bench.staff@arrivalcard.example',
      type: 'Team',
      passwordHash: await hashPassword('bench-only-password'),
    });
    await loadDemoOrders(database, { count: Number(process.env.BENCH_ORDERS ?? 5000), seed: 42 });
  } finally {
    await database.close();
  }
}
