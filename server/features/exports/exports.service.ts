/**
 * Exports of exactly the orders a queue shows (docs/decisions/0024, 0051): the folder predicate, the
 * search and the queue filters, in the queue's sort, every row (no paging), as CSV or XLSX, streamed from one
 * database snapshot (export-rows.ts) in bounded memory, the cells formatted by the database
 * (order-export-statements.ts). Who may export a folder is who may read it
 * (assertMayReadFolder: a Telecaller cannot export Order History) and may export personal data in bulk
 * (export-rights.ts: Admin, Manager, and the roles an Admin granted it to); a report's export asks the same. Every
 * export writes its audit line (order_exports) before the first byte leaves: the export log an Admin reads.
 */
import type { Readable } from 'node:stream';
import type { Folder } from '../../../shared/orders';
import { ORDER_EXPORT_HEADERS, type ExportReport } from '../../../shared/schemas/order-export';
import { EXPORT_MAX_ROWS, exportLimitMessage, type ExportFormat } from '../../../shared/schemas/order-export-texts';
import { activeFilters, type OrderSort, type QueueFilters } from '../../../shared/schemas/queue-filters';
import type { Database, Executor } from '../../db/client';
import { passportIndexesOf } from '../../db/sealed-travel';
import type { KeyRing } from '../../lib/encryption/key-ring';
import type { Staff } from '../../lib/auth';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { perObject } from '../../lib/per-object';
import { queueViewWhere, assertMayReadFolder } from '../queue-engine';
import { openExportRows, type ExportRows } from './export-rows';
import { csvFile, csvOfRecords, xlsxFile, xlsxOfRows, type Cell, type ExportColumn } from './export-writers';
import { orderExportCount, orderExportCsv, orderExportXml } from './order-export-statements';
import { finishAuditLine, writeAuditLine } from './export-audit';
import { assertMayExport } from './export-rights';
import { countryOrderCounts, processedByCounts } from '../reports';
import type { ReportRange } from '../../../shared/schemas/reports';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  /** Rows the file holds (counted in the snapshot the rows come from). */
  total: number;
  filename: string;
  contentType: string;
  body: Readable;
  /** Rows read for the file so far (the progress an export shows). */
  rows(): number;
}

export interface OrderExportRequest extends QueueFilters {
  folderName: Folder;
  searchVal: string;
  processMonth?: number | undefined;
  sort?: OrderSort | undefined;
  format: ExportFormat;
}

/** 422 past the limit (EXPORT_MAX_ROWS): nothing is written, not even the audit line. */
export function assertWithinLimit(total: number, max = EXPORT_MAX_ROWS) {
  if (total > max) throw new AppError(422, exportLimitMessage(total, max));
}

/** A file name without personal data: what, which queue, when (UTC). */
export function exportFilename(what: string, format: ExportFormat, now = new Date()) {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${what}-${stamp}.${format}`;
}

const WIDTHS: Partial<Record<(typeof ORDER_EXPORT_HEADERS)[number], number>> = {
  'Order Id': 10,
  Email: 30,
  'Order Date (UTC)': 20,
  'Paid At (UTC)': 20,
  'Refund Date (UTC)': 20,
  'Processed At (UTC)': 20,
  'Landing Site': 22,
  'Assigned To': 18,
  'Processed By': 18,
  Amount: 10,
  Currency: 9,
};
export const ORDER_COLUMNS: ExportColumn[] = ORDER_EXPORT_HEADERS.map((header) => ({
  header,
  width: WIDTHS[header] ?? 14,
}));

/**
 * The file's bytes: the head, then the rows as they come. `onComplete` runs once every row was read and before the
 * file's last bytes: a finished download has a finished audit line, and nothing of this export writes after its
 * answer ended.
 */
async function* completed(rows: ExportRows, onComplete: (rows: number) => Promise<void>) {
  yield* rows.chunks;
  await onComplete(rows.rows);
}

export interface ExportDeps {
  database: Database;
  db: Executor;
  /** A search term that may be a passport number finds its order through the blind index, as the queue does. */
  ring?: KeyRing;
  /** The most rows one export may hold (config EXPORT_MAX_ROWS). */
  maxRows?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Exports running at once in this process. On PostgreSQL each holds a pool connection for its download's time
 * (DATABASE_POOL_SIZE, default 4): past EXPORTS_AT_ONCE the next one is refused (429) rather than leave the
 * queues without connections.
 */
export const EXPORTS_AT_ONCE = 2;
const running = perObject<Database, { n: number }>(() => ({ n: 0 }));
export const BUSY_MESSAGE = 'Other exports are running. Please try again in a minute.';

export async function exportOrders(deps: ExportDeps, staff: Staff, request: OrderExportRequest): Promise<ExportFile> {
  assertMayReadFolder(staff, request.folderName);
  await assertMayExport(deps.db, staff);
  const { sort: _sort, format: _format, ...view } = request;
  const passportIndexes = deps.ring ? passportIndexesOf(deps.ring, view.searchVal) : null;
  const where = await queueViewWhere(deps.db, staff, { ...view, passportIndexes });
  const slots = running(deps.database);
  if (slots.n >= EXPORTS_AT_ONCE) throw new TooManyRequestsError(BUSY_MESSAGE, 60);
  slots.n++;
  let rows: ExportRows;
  try {
    const sort = request.sort;
    rows = await openExportRows(
      deps.database,
      request.format,
      orderExportCount(where),
      request.format === 'csv' ? orderExportCsv(where, sort) : orderExportXml(where, sort),
      (total) => assertWithinLimit(total, deps.maxRows),
    );
  } catch (error) {
    slots.n--;
    throw error;
  }
  const opened = rows;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    slots.n--;
    opened.close().catch(() => deps.log?.warn({}, 'export rows not closed'));
  };
  let auditId: number;
  try {
    const { folderName: _f, searchVal, format, ...rest } = request;
    const filters = {
      ...activeFilters(rest),
      ...(rest.sort ? { sort: rest.sort } : {}),
      ...(rest.processMonth ? { processMonth: rest.processMonth } : {}),
    };
    auditId = await writeAuditLine(deps.db, staff, {
      kind: 'queue',
      source: request.folderName,
      filters,
      search: searchVal,
      format,
      rowCount: rows.total,
    });
  } catch (error) {
    release();
    throw error;
  }
  const records = completed(rows, (written) =>
    finishAuditLine(deps.db, auditId, written).catch(() =>
      deps.log?.warn({ auditId }, 'export audit line not finished'),
    ),
  );
  const body =
    request.format === 'csv' ? csvOfRecords(ORDER_COLUMNS, records) : xlsxOfRows('Orders', ORDER_COLUMNS, records);
  // However the answer ends (complete, failed, the client gone, even before its first read), the rows close: a
  // query still running is cancelled on the server.
  body.once('close', release);
  return {
    total: rows.total,
    rows: () => opened.rows,
    filename: exportFilename(`orders-${request.folderName}`, request.format),
    contentType: CONTENT_TYPES[request.format],
    body,
  };
}

/** The report's rows as the screen shows them: its name column, then its counts (report-helpers / SummaryReport). */
const REPORTS = {
  country: {
    sheet: 'Country Orders',
    columns: [
      'State/Territory',
      'Order Count',
      'Standard Processing',
      'Priority Processing',
      'Future Order Processing',
    ],
    rows: async (db: Executor, staff: Staff, range: ReportRange) =>
      (await countryOrderCounts(db, staff, range)).map(
        (r) =>
          [r.nationality || 'Erased (retention)', r.count, r.standard_count, r.priority_count, r.future_count] as [
            string,
            ...number[],
          ],
      ),
  },
  processed: {
    sheet: 'Processed By',
    columns: ['Name', 'Order Count'],
    rows: async (db: Executor, staff: Staff, range: ReportRange) =>
      (await processedByCounts(db, staff, range)).map((r) => [r.processed_by, r.count] as [string, ...number[]]),
  },
} as const;

export interface ReportExportRequest extends ReportRange {
  report: ExportReport;
  search: string;
  format: ExportFormat;
}

async function* cellsFrom(rows: Cell[][]): AsyncGenerator<Cell[][]> {
  yield rows;
}

/**
 * A summary report (Country Order List, Order Processed) as the screen filters it: the date range, then the
 * screen's search (case-insensitive contains on the name column), numbered as on screen. A few hundred rows at
 * most (one per nationality or member), so read at once. The export right applies as to a queue, then the report's
 * own permission (Order Processed: Admin, Manager), and the audit line is written as for a queue.
 */
export async function exportReport(deps: ExportDeps, staff: Staff, request: ReportExportRequest): Promise<ExportFile> {
  await assertMayExport(deps.db, staff);
  const report = REPORTS[request.report];
  const range: ReportRange = { fromDate: request.fromDate, toDate: request.toDate };
  const term = request.search.trim().toLowerCase();
  const rows = (await report.rows(deps.db, staff, range))
    .filter((r) => !term || r[0].toLowerCase().includes(term))
    .map((r, i): Cell[] => [i + 1, ...r]);
  await writeAuditLine(deps.db, staff, {
    kind: 'report',
    source: request.report,
    filters: { fromDate: request.fromDate ?? null, toDate: request.toDate ?? null },
    search: request.search,
    format: request.format,
    rowCount: rows.length,
  }).then((id) => finishAuditLine(deps.db, id, rows.length));
  const columns: ExportColumn[] = ['S. No', ...report.columns].map((header, i) => ({
    header,
    width: i === 1 ? 28 : 14,
  }));
  const range_ = `${request.fromDate || 'start'}_${request.toDate || 'today'}`;
  return {
    total: rows.length,
    rows: () => rows.length,
    filename: `${request.report === 'country' ? 'country-orders' : 'processed-by'}_${range_}.${request.format}`,
    contentType: CONTENT_TYPES[request.format],
    body:
      request.format === 'csv' ? csvFile(columns, cellsFrom(rows)) : xlsxFile(report.sheet, columns, cellsFrom(rows)),
  };
}
