/** Queue lists and search (product: folders.md#queue-screens, api.md#calls, folders.md#folders, folders.md#search). */
import { z } from 'zod';
import { FOLDERS, MONTHS } from '../orders';
import { FOLDER_COUNT_FIELDS, type FolderCountField } from '../folders';
import { pageField, textField } from './fields';
import { orderSortField, queueFilterFields, refineQueueFilters } from './queue-filters';

import { ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT } from './order-list-texts';

const folder = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });
const month = z.union(
  [z.coerce.number().int().min(1).max(12), z.enum(MONTHS).transform((m) => MONTHS.indexOf(m) + 1)],
  { error: 'processMonth must be 1-12 or Jan..Dec.' },
);

export const orderListParamsSchema = z.object({ orderName: folder });
export const orderListQuerySchema = z
  .object({
    page: pageField,
    limit: z.coerce
      .number({ error: 'limit must be a number.' })
      .int()
      .min(1)
      .max(ORDER_LIST_MAX_LIMIT, `limit is at most ${ORDER_LIST_MAX_LIMIT}.`)
      .default(ORDER_LIST_DEFAULT_LIMIT),
    /** Future Order only: the month tile that was opened. */
    processMonth: month.optional(),
    sort: orderSortField.optional(),
    /** Queue filters: the same optional fields as search-order's, lists comma-separated. */
    ...queueFilterFields(),
    /** Sent by the original client (fixed at 1, and the user's name); ignored. */
    delay: textField('delay')
      .optional()
      .describe(
        "Accepted because the original client sends it, and ignored (product: api.md#ignored-fields): the spec's client sends it fixed at 1; it changes nothing.",
      ),
    userName: textField('userName')
      .optional()
      .describe(
        'Accepted because the original client sends it, and ignored (product: api.md#ignored-fields): whose orders "My Orders" lists, and what each member may see, come from the bearer token.',
      ),
  })
  .superRefine((query, ctx) => refineQueueFilters(query, ctx));

export const searchOrderSchema = z
  .object({
    start: z.coerce.number().int().min(0).default(0),
    end: z.coerce.number().int().min(1).default(ORDER_LIST_DEFAULT_LIMIT),
    searchVal: textField('Search text').max(100, 'Search text is at most 100 characters.').default(''),
    folderName: folder,
    processMonth: month.optional(),
    sort: orderSortField.optional(),
    /** Queue filters, applied with the folder and the search; the status filter is Order History's only. */
    ...queueFilterFields(),
  })
  .refine((b) => b.end > b.start && b.end - b.start <= ORDER_LIST_MAX_LIMIT, {
    message: `end must be after start, at most ${ORDER_LIST_MAX_LIMIT} rows.`,
    path: ['end'],
  })
  .superRefine(refineQueueFilters);

/** One queue row: the row fields of the queues (product: folders.md#queue-screens; plus the assignee's id). */
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

/** A landing site as the queues' landing-site filter offers it (GET admin/landing-sites). */
export const landingSiteOptionSchema = z.object({ siteKey: z.string(), name: z.string() });
export type LandingSiteOption = z.infer<typeof landingSiteOptionSchema>;

/** The folder counts (GET admin/get-folder-count): every field of FOLDER_COUNT_FIELDS, in its order. */
export const folderCountsSchema = z.object(
  Object.fromEntries(FOLDER_COUNT_FIELDS.map((f) => [f, z.number()])) as Record<FolderCountField, z.ZodNumber>,
);

/** The Future Order tiles (GET admin/get-future-order-count): orders per processing month, Jan to Dec. */
export const futureMonthCountsSchema = z.object(
  Object.fromEntries(MONTHS.map((m) => [m, z.number()])) as Record<(typeof MONTHS)[number], z.ZodNumber>,
);
