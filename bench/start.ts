/**
 * Start time (issue 27 point 4): how long a restart takes from `node` to `/api/health/ready` answering 200, on an
 * embedded data folder already seeded by a first start (a restart after a deploy or a crash). The built server
 * (`dist/server/main.mjs`, what `npm start` runs) and the TypeScript sources through tsx (what it ran before) are
 * started in turn, so their ratio holds however busy the machine is; each run's own step timings (its
 * "ready for requests" log line) say where the time went. Goal: ready within 3 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface StartTime {
  how: string;
  runs: number;
  /** spawn to the first 200 of /api/health/ready, median and slowest, ms */
  readyP50: number;
  readyMax: number;
  /** the median run's steps (ms) from its "ready for requests" line */
  steps: Record<string, number>;
}

const DATA_DIR = path.resolve('data', 'bench-start');
const START_GOAL_MS = 3000;

interface OneStart {
  readyMs: number;
  steps: Record<string, number>;
}

async function startOnce(args: string[], port: number): Promise<OneStart> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_EMAIL: 'bench-start@example.test',
      ADMIN_PASSWORD: 'bench-start-password-1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`not ready after 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = performance.now() - started;
    const line = output.split('\n').find((l) => l.includes('ready for requests'));
    const parsed = line ? (JSON.parse(line) as Record<string, unknown>) : {};
    const steps = Object.fromEntries(
      Object.entries(parsed).filter(([key, value]) => key.endsWith('Ms') && typeof value === 'number'),
    ) as Record<string, number>;
    return { readyMs, steps };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = <T>(values: T[], key: (value: T) => number) =>
  [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)]!;

export async function startTimes(runs = 5, port = 39_417): Promise<StartTime[]> {
  if (!existsSync(path.resolve('dist', 'server', 'main.mjs')))
    throw new Error('dist/server/main.mjs is missing: run `npm run build` first.');
  rmSync(DATA_DIR, { recursive: true, force: true });
  const hows: Array<[string, string[]]> = [
    ['built server (npm start)', ['--enable-source-maps', 'dist/server/main.mjs']],
    ['sources through tsx (before)', ['--import', 'tsx', 'server/main.ts']],
  ];
  await startOnce(hows[0]![1], port); // the first start: migrations, demo data
  const measured = new Map<string, OneStart[]>(hows.map(([how]) => [how, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const [how, args] of run % 2 ? [...hows].reverse() : hows)
      measured.get(how)!.push(await startOnce(args, port));
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  return hows.map(([how]) => {
    const all = measured.get(how)!;
    const middle = median(all, (s) => s.readyMs);
    return {
      how,
      runs,
      readyP50: Math.round(middle.readyMs),
      readyMax: Math.round(Math.max(...all.map((s) => s.readyMs))),
      steps: middle.steps,
    };
  });
}

export function describeStartTimes(times: StartTime[]): string[] {
  const [built, before] = times;
  return [
    ...times.map(
      (t) =>
        `start ${t.how.padEnd(30)} ready p50 ${t.readyP50} ms, slowest ${t.readyMax} ms` +
        ` (goal <= ${START_GOAL_MS} ms: ${t.readyP50 <= START_GOAL_MS ? 'met' : 'NOT met'}) | steps ${Object.entries(
          t.steps,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
    ),
    ...(built && before ? [`start built / tsx: ${(built.readyP50 / before.readyP50).toFixed(2)}`] : []),
  ];
}

// `npx tsx bench/start.ts`: this phase alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('bench/start.ts')) {
  for (const line of describeStartTimes(await startTimes(Number(process.env.BENCH_START_RUNS ?? 5)))) console.log(line);
}
