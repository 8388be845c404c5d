/**
 * Exports of a queue's filtered orders and of the summary reports (docs/decisions/0024).
 * The body of an order export is search-order's without start/end (folder, search, month, the queue filters and the
 * sort): every matching row, in the list's order.
 */
import { z } from 'zod';
import { FOLDERS, MONTHS } from '../orders';
import { textField } from './fields';
import { reportRangeSchema } from './reports';
import { DATE_ORDER_MESSAGE } from './reports-texts';
import { orderSortField, queueFilterFields, refineQueueFilters } from './queue-filters';
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_RUN_STATES } from './order-export-texts';

const format = z.enum(EXPORT_FORMATS, { error: "format must be 'csv' or 'xlsx'." });
const folder = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });
const month = z.union(
  [z.coerce.number().int().min(1).max(12), z.enum(MONTHS).transform((m) => MONTHS.indexOf(m) + 1)],
  { error: 'processMonth must be 1-12 or Jan..Dec.' },
);

export const exportOrdersSchema = z
  .object({
    folderName: folder,
    searchVal: textField('Search text').max(100, 'Search text is at most 100 characters.').default(''),
    processMonth: month.optional(),
    sort: orderSortField.optional(),
    ...queueFilterFields(),
    format,
  })
  .superRefine(refineQueueFilters);
export type ExportOrdersBody = z.input<typeof exportOrdersSchema>;

export const EXPORT_REPORTS = ['country', 'processed'] as const;
export type ExportReport = (typeof EXPORT_REPORTS)[number];

/** A summary report as the screen shows it: the date range and its client-side search on the name column. */
export const exportReportSchema = z
  .object({
    report: z.enum(EXPORT_REPORTS, { error: "report must be 'country' or 'processed'." }),
    fromDate: reportRangeSchema.shape.fromDate,
    toDate: reportRangeSchema.shape.toDate,
    search: textField('Search text').max(100, 'Search text is at most 100 characters.').default(''),
    format,
  })
  .refine((b) => !b.fromDate || !b.toDate || b.fromDate <= b.toDate, { message: DATE_ORDER_MESSAGE, path: ['toDate'] });
export type ExportReportBody = z.input<typeof exportReportSchema>;

/** The columns of an order export, in order (the queue's columns, then what an accountant needs). */
export const ORDER_EXPORT_HEADERS = [
  'Order Id',
  'Given Name',
  'Surname',
  'Email',
  'Dialling Code',
  'Telephone Number',
  'Arrival Date',
  'Order Date (UTC)',
  'Status',
  'Processing Mode',
  'Processing Date',
  'Assigned To',
  'Landing Site',
  'Nationality',
  'Amount',
  'Currency',
  'Gateway',
  'Paid At (UTC)',
  'Refund Date (UTC)',
  'Processed By',
  'Processed At (UTC)',
] as const;

/** A run opened for a download: its id (for its state and Cancel) and its one-time ticket (for the form). */
export const exportRunSchema = z.object({ id: z.uuid(), ticket: z.string() });
export type ExportRun = z.infer<typeof exportRunSchema>;

/** A run's state: rows written so far of the total (known once counted), and the refusal's words. */
export const exportRunStateSchema = z.object({
  state: z.enum(EXPORT_RUN_STATES),
  rows: z.number().int(),
  total: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type ExportRunStatus = z.infer<typeof exportRunStateSchema>;

/** The download form's fields: the ticket, which export, and its body as JSON (in the form, never an address). */
export const exportDownloadSchema = z.object({
  ticket: z.string().min(1).max(200),
  kind: z.enum(EXPORT_KINDS),
  request: z.string().max(20_000),
});
