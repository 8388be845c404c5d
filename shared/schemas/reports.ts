/**
 * Reports, processing logs and the gateway setting (product: screens.md#reports-screens, orders.md#reports, messages.md#validation, api.md#calls).
 * Dates are calendar days in UTC (as the queue lists show them), YYYY-MM-DD, both ends
 * included. An empty string is "no date", as the original client sends.
 */
import { z } from 'zod';
import { pageField, textField } from './fields';
import {
  BOTH_DATES_MESSAGE,
  DATE_ORDER_MESSAGE,
  PROCESSING_LOG_PAGE_SIZES,
  SELECT_GATEWAY_MESSAGE,
} from './reports-texts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** YYYY-MM-DD, or '' / null / absent for "no date". A full ISO time is cut to its day. */
const day = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim().slice(0, 10) : undefined))
  .refine(
    (v) => v === undefined || (isIsoDay(v) && v >= '1900-01-01' && v <= '9999-12-31'),
    'Dates are written YYYY-MM-DD.',
  );

const ordered = <T extends { fromDate?: string | undefined; toDate?: string | undefined }>(b: T) =>
  !b.fromDate || !b.toDate || b.fromDate <= b.toDate;

/** Body of get-country-order-count and get-processed-by-count: both dates optional. */
export const reportRangeSchema = z
  .object({ fromDate: day, toDate: day })
  .refine(ordered, { message: DATE_ORDER_MESSAGE, path: ['toDate'] });
export type ReportRange = z.output<typeof reportRangeSchema>;
/** The same as a request body, which may be absent altogether (every date). */
export const reportRangeBodySchema = reportRangeSchema
  .nullish()
  .transform((v): ReportRange => v ?? { fromDate: undefined, toDate: undefined });

/** Body of get-processed-by-info: a page of orders with process-log lines in the range. */
export const processingLogsQuerySchema = z
  .object({
    page: pageField,
    limit: z.coerce
      .number({ error: 'limit must be a number.' })
      .int()
      .refine(
        (n) => (PROCESSING_LOG_PAGE_SIZES as readonly number[]).includes(n),
        `limit is one of ${PROCESSING_LOG_PAGE_SIZES.join(', ')}.`,
      )
      .default(10),
    /** Order id (prefix), lower-cased as the original client sends it; a leading # is ignored. */
    search: textField('Search text').max(40, 'Search text is at most 40 characters.').default(''),
    fromDate: day,
    toDate: day,
  })
  .refine((b) => !!b.fromDate === !!b.toDate, { message: BOTH_DATES_MESSAGE, path: ['toDate'] })
  .refine(ordered, { message: DATE_ORDER_MESSAGE, path: ['toDate'] });
export type ProcessingLogsQuery = z.input<typeof processingLogsQuerySchema>;

/** Country summary (product: orders.md#reports). */
export const countryRowSchema = z.object({
  nationality: z.string(),
  count: z.number(),
  standard_count: z.number(),
  priority_count: z.number(),
  future_count: z.number(),
});
export type CountryRow = z.infer<typeof countryRowSchema>;

/** Processed-by summary (product: orders.md#reports). */
export const processedByRowSchema = z.object({ processed_by: z.string(), count: z.number() });
export type ProcessedByRow = z.infer<typeof processedByRowSchema>;

/** One order in the Order Processing Logs list: its id and its latest log time inside the range. */
export const processingLogRowSchema = z.object({ order_id: z.number(), last_update_time: z.string() });
export type ProcessingLogRow = z.infer<typeof processingLogRowSchema>;

/** Process log (product: orders.md#process-log). staff_name is null when no staff member made the step (shown N/A). */
export const processLogSchema = z.object({
  order_id: z.number(),
  step_name: z.string(),
  staff_name: z.string().nullable(),
  update_time: z.string(),
});
export type ProcessLog = z.infer<typeof processLogSchema>;

/** Payment gateway (product: orders.md#gateway): is_active '1' means active. */
export const gatewaySchema = z.object({ id: z.number(), gateway_name: z.string(), is_active: z.enum(['0', '1']) });
export type Gateway = z.infer<typeof gatewaySchema>;

export const gatewayChangeSchema = z.object({
  gateway_name: z.string(),
  staff_name: z.string().nullable(),
  changed_at: z.string(),
});
export type GatewayChange = z.infer<typeof gatewayChangeSchema>;

export const gatewaySettingSchema = z.object({
  gatewayId: z
    .union([z.number(), z.string()], { error: SELECT_GATEWAY_MESSAGE })
    .transform((v) => (typeof v === 'string' ? v.trim() : String(v)))
    .refine((v) => /^[1-9]\d{0,8}$/.test(v), SELECT_GATEWAY_MESSAGE)
    .transform(Number),
});
export type GatewaySettingInput = z.input<typeof gatewaySettingSchema>;
