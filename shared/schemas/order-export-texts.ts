/**
 * Exports' formats, limit and header, zod-free: a queue screen's Export menu needs the header when it loads, and
 * order-export.ts builds schemas (docs/decisions/0035). The server imports them from here too.
 */
import { groupedCount } from '../grouped-count';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Most rows one export may hold by default (the server's EXPORT_MAX_ROWS setting); past it the server answers 422
 * with exportLimitMessage and writes nothing.
 */
export const EXPORT_MAX_ROWS = 1_000_000;
export const exportLimitMessage = (rows: number, max = EXPORT_MAX_ROWS) =>
  `This export would hold ${groupedCount(rows)} rows; an export holds at most ${groupedCount(max)}. ` +
  'Narrow the search or filters (for example an order date range) and export in parts.';

/** The header with the number of rows the file will hold (counted in the same snapshot as the rows). */
export const EXPORT_TOTAL_HEADER = 'x-total-rows';

/**
 * An export the browser saves itself (docs/decisions/0051): a staff request opens a run (its id and a one-time
 * ticket), a form posts the ticket and the export's body to the download address, answered as a file; the page
 * reads the run's state for its progress and may cancel it.
 */
export const EXPORT_DOWNLOAD_PATH = 'admin/export-download';
export const EXPORT_KINDS = ['orders', 'report'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_RUN_STATES = ['waiting', 'running', 'done', 'refused', 'cancelled', 'failed'] as const;
export type ExportRunState = (typeof EXPORT_RUN_STATES)[number];

/** A run's download ticket is good for this long, and once. */
export const EXPORT_TICKET_SECONDS = 120;
export const EXPORT_TICKET_MESSAGE = 'This download has expired or was used already. Please export again.';
