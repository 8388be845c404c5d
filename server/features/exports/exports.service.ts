/**
 * Exports of exactly the orders a queue shows (docs/decisions/0024): the folder predicate, the
 * search and the queue filters, in the queue's sort, every row (no paging), as CSV or XLSX, streamed from one
 * database snapshot (export-cursor.ts) in bounded memory. Who may export a folder is who may read it
 * (assertMayReadFolder: a Telecaller cannot export Order History) plus `orders:export`. Every export writes its
 * audit line (order_exports) before the first byte leaves.
 */
import { z } from 'zod';
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { statusLabel, type Folder } from '../../../shared/orders';
import { ORDER_EXPORT_HEADERS, type ExportReport } from '../../../shared/schemas/order-export';
import { EXPORT_MAX_ROWS, exportLimitMessage, type ExportFormat } from '../../../shared/schemas/order-export-texts';
import { activeFilters, type OrderSort, type QueueFilters } from '../../../shared/schemas/queue-filters';
import type { Database, Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { perObject } from '../../lib/per-object';
import { queueViewWhere, queueOrderBy, assertMayReadFolder } from '../queue-engine';
import { openExportCursor, type ExportCursor } from './export-cursor';
import { csvFile, xlsxFile, type Cell, type ExportColumn } from './export-writers';
import { finishAuditLine, writeAuditLine } from './export-audit';
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

const UTC = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`);
const pad = (column: string, width: number) => sql.raw(`lpad(${column}::text, ${width}, '0')`);

/** The export's columns over the orders as `o` (text as the file shows it; dates in UTC). */
const EXPORT_COLUMNS = sql`
  o.order_id::int as order_id, o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number,
  case when o.year_of_arrival_in_japan > 0
    then ${pad('o.year_of_arrival_in_japan', 4)} || '-' || ${pad('o.month_of_arrival_in_japan', 2)} || '-' || ${pad('o.date_of_arrival_in_japan', 2)}
    else '' end as arrival_date,
  ${UTC('o.created_at')} as created_at, o.process_status, o.refund_date is not null as refunded,
  o.processing_mode, o.processing_date::text as processing_date, tm.name as assign_to, ls.name as landing_site, o.nationality,
  o.payment_amount::text as amount, o.payment_currency::text as currency, o.payment_gateway as gateway,
  ${UTC('o.paid_at')} as paid_at, ${UTC('o.refund_date')} as refund_date, o.processed_by_name as processed_by,
  ${UTC('o.processed_at')} as processed_at`;

/** A row of EXPORT_COLUMNS. */
const exportRowSchema = z.object({
  order_id: z.number(),
  given_name: z.string(),
  surname: z.string(),
  email: z.string(),
  personal_phone_code: z.string(),
  personal_telephone_number: z.string(),
  arrival_date: z.string(),
  created_at: z.string(),
  process_status: z.string(),
  refunded: z.boolean(),
  processing_mode: z.string(),
  processing_date: z.string().nullable(),
  assign_to: z.string().nullable(),
  landing_site: z.string(),
  nationality: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  gateway: z.string().nullable(),
  paid_at: z.string().nullable(),
  refund_date: z.string().nullable(),
  processed_by: z.string().nullable(),
  processed_at: z.string().nullable(),
});
type ExportRow = z.infer<typeof exportRowSchema>;

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

/** One row as the file's cells; empty values are empty cells. Amounts stay text in CSV ("49.90"), numbers in XLSX. */
function orderCells(row: ExportRow, format: ExportFormat): Cell[] {
  const text = (v: string | null | undefined) => v ?? '';
  return [
    row.order_id,
    row.given_name,
    row.surname,
    row.email,
    text(row.personal_phone_code).replace(/^\+/, ''),
    row.personal_telephone_number,
    row.arrival_date,
    row.created_at,
    statusLabel(row.process_status, row.refunded ? 'yes' : null),
    row.processing_mode,
    text(row.processing_date),
    text(row.assign_to),
    row.landing_site,
    row.nationality,
    row.amount === null ? '' : format === 'xlsx' ? Number(row.amount) : row.amount,
    text(row.currency).trim(),
    text(row.gateway),
    text(row.paid_at),
    text(row.refund_date),
    text(row.processed_by),
    text(row.processed_at),
  ];
}

/**
 * The rows of a cursor as cells, a batch at a time, closing the cursor when done, failed or abandoned.
 * `onComplete` runs once every row was read and before the file's last bytes: a finished download has a finished
 * audit line, and nothing of this export writes after its answer ended.
 */
async function* cellsOf<T>(
  cursor: ExportCursor<T>,
  cells: (row: T) => Cell[],
  onComplete: (rows: number) => Promise<void>,
): AsyncGenerator<Cell[][]> {
  let rows = 0;
  try {
    for (;;) {
      const batch = await cursor.next();
      if (!batch.length) break;
      rows += batch.length;
      yield batch.map(cells);
    }
    await onComplete(rows);
  } finally {
    await cursor.close();
  }
}

export const exportStatement = (where: SQL, sort: OrderSort | undefined) => sql`
  select ${EXPORT_COLUMNS}
  from orders o
  join landing_sites ls on ls.id = o.landing_site_id
  left join team_members tm on tm.id = o.assigned_to_id
  where ${where}
  order by ${queueOrderBy(sort)}`;

export interface ExportDeps {
  database: Database;
  db: Executor;
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
  requirePermission(staff, 'orders:export');
  const { sort: _sort, format: _format, ...view } = request;
  const where = await queueViewWhere(deps.db, staff, view);
  const slots = running(deps.database);
  if (slots.n >= EXPORTS_AT_ONCE) throw new TooManyRequestsError(BUSY_MESSAGE, 60);
  slots.n++;
  let cursor: ExportCursor<ExportRow>;
  try {
    cursor = await openExportCursor(
      deps.database,
      exportRowSchema,
      sql`select count(*)::int as n from orders o where ${where}`,
      exportStatement(where, request.sort),
      (total) => assertWithinLimit(total, deps.maxRows),
    );
  } catch (error) {
    slots.n--;
    throw error;
  }
  const opened = cursor;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    slots.n--;
    opened.close().catch(() => deps.log?.warn({}, 'export cursor not closed'));
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
      rowCount: cursor.total,
    });
  } catch (error) {
    release();
    throw error;
  }
  const records = cellsOf(
    cursor,
    (row) => orderCells(row, request.format),
    (rows) =>
      finishAuditLine(deps.db, auditId, rows).catch(() =>
        deps.log?.warn({ auditId }, 'export audit line not finished'),
      ),
  );
  const body = request.format === 'csv' ? csvFile(ORDER_COLUMNS, records) : xlsxFile('Orders', ORDER_COLUMNS, records);
  // However the answer ends (complete, failed, the client gone, even before its first read), the cursor closes.
  body.once('close', release);
  return {
    total: cursor.total,
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
 * most (one per nationality or member), so read at once. The report's own permission applies (Order Processed:
 * Admin, Manager), and the audit line is written as for a queue.
 */
export async function exportReport(deps: ExportDeps, staff: Staff, request: ReportExportRequest): Promise<ExportFile> {
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
    filename: `${request.report === 'country' ? 'country-orders' : 'processed-by'}_${range_}.${request.format}`,
    contentType: CONTENT_TYPES[request.format],
    body:
      request.format === 'csv' ? csvFile(columns, cellsFrom(rows)) : xlsxFile(report.sheet, columns, cellsFrom(rows)),
  };
}
