/**
 * Exports at scale (issue 24 point 5, docs/decisions/0024): Order History, every row, as CSV and as XLSX through
 * the real route, read by a client as fast as it can: time, rows per second, bytes, and the server's peak memory
 * above its baseline (sampled every 20 ms in the server process, bench/export-server.ts; goal: flat, under 150 MB
 * extra at 1,000,000 rows). Part of `npm run bench` (phase "export"), or alone:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/arrival_card_bench npx tsx bench/exports.ts
 *
 * on a database loaded by `npm run bench` (or any migrated database with orders).
 */
import { startBenchChild } from './load';

interface Ready {
  port: number;
  sidePort: number;
  token: string;
}
interface Peak {
  baseline: { rss: number; heapUsed: number };
  peak: { rss: number; heapUsed: number };
}

export interface ExportBenchRow {
  format: 'csv' | 'xlsx' | 'xlsx, slow client';
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  /** Peak RSS above the baseline taken after a GC just before the export. */
  peakRssExtraMb: number;
  peakHeapExtraMb: number;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const SLOW_BYTES_PER_SECOND = 256 * 1024;
const SLOW_SECONDS = Number(process.env.BENCH_EXPORT_SLOW_SECONDS ?? 8);

export async function runExportBench(
  databaseUrl: string,
  folderName = process.env.BENCH_EXPORT_FOLDER ?? 'orderHistory',
): Promise<ExportBenchRow[]> {
  const { child, ready } = await startBenchChild<Ready>('bench/export-server.ts', { BENCH_DATABASE_URL: databaseUrl }, [
    '--expose-gc',
  ]);
  const side = `http://127.0.0.1:${ready.sidePort}`;
  const results: ExportBenchRow[] = [];
  try {
    // A client that reads at SLOW_BYTES_PER_SECOND for SLOW_SECONDS and then goes away: the server must hold back
    // (memory flat while the client is slow) and end the export's cursor when it leaves.
    for (const [format, slow] of [
      ['csv', false],
      ['xlsx', false],
      ['xlsx', true],
    ] as const) {
      await fetch(`${side}/baseline`, { method: 'POST' });
      const started = performance.now();
      const abort = new AbortController();
      const response = await fetch(`http://127.0.0.1:${ready.port}/api/admin/export-orders`, {
        method: 'POST',
        signal: abort.signal,
        // identity: the bench measures the export, not the compression of the answer (a browser asks br or gzip).
        headers: {
          authorization: `Bearer ${ready.token}`,
          'content-type': 'application/json',
          'accept-encoding': 'identity',
        },
        body: JSON.stringify({ folderName, format }),
      });
      if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
      let rows = Number(response.headers.get('x-total-rows'));
      let bytes = 0;
      const reader = response.body!.getReader();
      try {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          bytes += part.value.length;
          if (!slow) continue;
          const elapsed = (performance.now() - started) / 1000;
          if (elapsed > SLOW_SECONDS) {
            abort.abort();
            break;
          }
          const ahead = bytes / SLOW_BYTES_PER_SECOND - elapsed;
          if (ahead > 0) await new Promise((r) => setTimeout(r, ahead * 1000));
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
      const seconds = (performance.now() - started) / 1000;
      if (slow) rows = NaN;
      const { baseline, peak } = (await (await fetch(`${side}/peak`)).json()) as Peak;
      results.push({
        format: slow ? 'xlsx, slow client' : format,
        rows,
        seconds: round(seconds, 2),
        rowsPerSecond: Math.round(rows / seconds),
        megabytes: round(bytes / 2 ** 20),
        peakRssExtraMb: round((peak.rss - baseline.rss) / 2 ** 20),
        peakHeapExtraMb: round((peak.heapUsed - baseline.heapUsed) / 2 ** 20),
      });
    }
  } finally {
    child.kill('SIGTERM');
  }
  return results;
}

export const describeExportBench = (rows: ExportBenchRow[]) =>
  rows.map(
    (r) =>
      `export Order History, ${r.format.replace(/^\w+/, (f) => f.toUpperCase())}`.padEnd(48) +
      (Number.isNaN(r.rows)
        ? ` read ${r.megabytes} MB at 256 kB/s for ${r.seconds} s, then left,`
        : ` ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s (${r.rowsPerSecond.toLocaleString('en-US')} rows/s, ${r.megabytes} MB),`) +
      ` server peak +${r.peakRssExtraMb} MB RSS, +${r.peakHeapExtraMb} MB heap (goal < 150 MB)`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench';
  const rows = await runExportBench(url);
  for (const line of describeExportBench(rows)) console.log(line);
}
