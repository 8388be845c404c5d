/**
 * Exports at scale (docs/decisions/0024, 0051): Order History, every row, as CSV and as XLSX through the real
 * route, read by a client as fast as it can, beside PostgreSQL's own COPY of the same rows and columns in the same
 * run (the reference the export's rows/s are a share of): time, rows per second, bytes, and the server's peak memory
 * above its baseline (sampled every 20 ms in the server process, bench/export-server.ts; goal: flat, under 150 MB
 * extra at 1,000,000 rows). Part of `npm run bench` (phase "export"), or alone:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/arrival_card_bench npx tsx bench/exports.ts
 *
 * on a database loaded by `npm run bench` (or any migrated database with orders).
 */
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { startBenchChild } from './load';
import { folderPredicate, queueOrderBy } from '../server/features/queue-engine';
import { inlineParams } from '../server/features/exports/export-rows';
import type { Folder } from '../shared/orders';

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
  format: 'COPY' | 'csv' | 'xlsx' | 'xlsx, slow client';
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  /** Peak RSS above the baseline taken after a GC just before the export. */
  peakRssExtraMb: number;
  peakHeapExtraMb: number;
  /** The export's rows/s as a share of COPY's in the same run (goals: CSV 50%, XLSX 25%). */
  ofCopy?: number;
}

/**
 * PostgreSQL's own reference: `COPY (the export's rows and columns, unformatted) TO STDOUT (FORMAT csv)`, read by a
 * client as fast as it can. The same orders, joins and order as the export; the columns as stored.
 */
async function copyReference(databaseUrl: string, folderName: string): Promise<ExportBenchRow> {
  const statement = sql`
    select o.order_id, o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number,
      o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan, o.created_at, o.process_status,
      o.processing_mode, o.processing_date, tm.name, ls.name, o.nationality, o.payment_amount, o.payment_currency,
      o.payment_gateway, o.paid_at, o.refund_date, o.processed_by_name, o.processed_at
    from orders o
    join landing_sites ls on ls.id = o.landing_site_id
    left join team_members tm on tm.id = o.assigned_to_id
    where ${folderPredicate(folderName as Folder, 0)}
    order by ${queueOrderBy(undefined)}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set standard_conforming_strings = on');
    const started = performance.now();
    const stream = client.query(copyTo(`copy (${inlineParams(statement)}) to stdout (format csv)`));
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    return {
      format: 'COPY',
      rows: stream.rowCount,
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(stream.rowCount / seconds),
      megabytes: round(bytes / 2 ** 20),
      peakRssExtraMb: 0,
      peakHeapExtraMb: 0,
    };
  } finally {
    await client.end();
  }
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const SLOW_BYTES_PER_SECOND = 256 * 1024;
const SLOW_SECONDS = Number(process.env.BENCH_EXPORT_SLOW_SECONDS ?? 8);

export async function runExportBench(
  databaseUrl: string,
  folderName = process.env.BENCH_EXPORT_FOLDER ?? 'orderHistory',
): Promise<ExportBenchRow[]> {
  const { child, ready } = await startBenchChild<Ready>('bench/export-server.ts', { BENCH_DATABASE_URL: databaseUrl });
  const side = `http://127.0.0.1:${ready.sidePort}`;
  const results: ExportBenchRow[] = [];
  try {
    // The faster of two: the first reads the rows from disk, and the exports after it find them in the cache.
    const [first, second] = [
      await copyReference(databaseUrl, folderName),
      await copyReference(databaseUrl, folderName),
    ];
    const copy = first.rowsPerSecond > second.rowsPerSecond ? first : second;
    results.push(copy);
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
        ...(slow ? {} : { ofCopy: round((100 * rows) / seconds / copy.rowsPerSecond, 0) }),
      });
    }
  } finally {
    child.kill('SIGTERM');
  }
  return results;
}

export const describeExportBench = (rows: ExportBenchRow[]) =>
  rows.map((r) =>
    r.format === 'COPY'
      ? `PostgreSQL COPY TO STDOUT (CSV), Order History`.padEnd(48) +
        ` ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s (${r.rowsPerSecond.toLocaleString('en-US')} rows/s, ${r.megabytes} MB): the reference`
      : `export Order History, ${r.format.replace(/^\w+/, (f) => f.toUpperCase())}`.padEnd(48) +
        (Number.isNaN(r.rows)
          ? ` read ${r.megabytes} MB at 256 kB/s for ${r.seconds} s, then left,`
          : ` ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s (${r.rowsPerSecond.toLocaleString('en-US')} rows/s, ${r.megabytes} MB, ${r.ofCopy}% of COPY's; goal ${r.format === 'csv' ? 50 : 25}%),`) +
        ` server peak +${r.peakRssExtraMb} MB RSS, +${r.peakHeapExtraMb} MB heap (goal < 150 MB)`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench';
  const rows = await runExportBench(url);
  for (const line of describeExportBench(rows)) console.log(line);
}
