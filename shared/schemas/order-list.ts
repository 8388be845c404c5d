/** Queue lists and search (spec sections 3 and 7, DECISIONS sections 2 and 4). */
import { z } from 'zod';
import { FOLDERS, MONTHS } from '../orders';

export const ORDER_LIST_DEFAULT_LIMIT = 10;
/** Largest page the server answers; "All" asks for min(totalRecords, this). */
export const ORDER_LIST_MAX_LIMIT = 5000;
/** A search counts its matches up to this many; past it, `totalCapped` is true (refine the search). */
export const SEARCH_COUNT_CAP = 10_000;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 500] as const;

const folder = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });
const month = z.union([
  z.coerce.number().int().min(1).max(12),
  z.enum(MONTHS).transform((m) => MONTHS.indexOf(m) + 1),
], { error: 'processMonth must be 1-12 or Jan..Dec.' });

export const orderListParamsSchema = z.object({ orderName: folder });
export const orderListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1, 'page starts at 1.').default(1),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(ORDER_LIST_MAX_LIMIT, `limit is at most ${ORDER_LIST_MAX_LIMIT}.`).default(ORDER_LIST_DEFAULT_LIMIT),
  /** Future Order only: the month tile that was opened. */
  processMonth: month.optional(),
  /** Sent by the original client (fixed at 1, and the user's name); ignored. */
  delay: z.string().optional(),
  userName: z.string().optional(),
});

export const searchOrderSchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  end: z.coerce.number().int().min(1).default(ORDER_LIST_DEFAULT_LIMIT),
  searchVal: z.string().max(100, 'Search text is at most 100 characters.').default(''),
  folderName: folder,
  processMonth: month.optional(),
}).refine((b) => b.end > b.start && b.end - b.start <= ORDER_LIST_MAX_LIMIT, {
  message: `end must be after start, at most ${ORDER_LIST_MAX_LIMIT} rows.`, path: ['end'],
});

/** One queue row: the Order list row fields of spec section 3 (plus the assignee's id). */
export const orderListRowSchema = z.object({
  order_id: z.number(),
  process_status: z.string(),
  processing_mode: z.string(),
  given_name: z.string(),
  surname: z.string(),
  email: z.string(),
  personal_phone_code: z.string(),
  personal_telephone_number: z.string(),
  created_at: z.string(),
  refund_date: z.string().nullable(),
  processing_date: z.string().nullable(),
  process_month: z.string().nullable(),
  assigned_to_id: z.number().nullable(),
  /** The assignee's name (null when unassigned). */
  assign_to: z.string().nullable(),
  date_of_arrival_in_japan: z.number(),
  month_of_arrival_in_japan: z.number(),
  year_of_arrival_in_japan: z.number(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;
