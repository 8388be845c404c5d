/** Queue lists and search (product: folders.md#queue-screens, api.md#calls, folders.md#folders, folders.md#search). */
import { z } from 'zod';
import { FOLDERS, MONTHS } from '../orders';
import { FOLDER_COUNT_FIELDS, type FolderCountField } from '../folders';
import { pageField, textField } from './fields';
import { orderSortField, queueFilterFields, refineQueueFilters } from './queue-filters';

import { ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT, SEARCH_COUNT_CAP } from './order-list-texts';

const folder = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });
const month = z.union(
  [z.coerce.number().int().min(1).max(12), z.enum(MONTHS).transform((m) => MONTHS.indexOf(m) + 1)],
  { error: 'processMonth must be 1-12 or Jan..Dec.' },
);

/** Filters without a search: count the total exactly even where it would be estimated (product: folders.md#totals). */
const EXACT_TOTAL =
  'With filters and no search: count the total exactly, whatever it costs. Without it, a total the database would ' +
  'take long to count is estimated (totalEstimated). Ignored with a search or without filters.';

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
    exactTotal: z
      .enum(['1', 'true', '0', 'false'], { error: 'exactTotal must be 1 or 0.' })
      .transform((v) => v === '1' || v === 'true')
      .optional()
      .describe(EXACT_TOTAL),
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
    exactTotal: z.boolean({ error: 'exactTotal must be true or false.' }).optional().describe(EXACT_TOTAL),
  })
  .refine((b) => b.end > b.start && b.end - b.start <= ORDER_LIST_MAX_LIMIT, {
    message: `end must be after start, at most ${ORDER_LIST_MAX_LIMIT} rows.`,
    path: ['end'],
  })
  .superRefine(refineQueueFilters);

/** What a queue page says about its total, beside its rows (product: folders.md#totals). */
export const orderPageTotalsShape = {
  totalRecords: z
    .number()
    .describe(
      'Orders the queue view holds: exact, except as totalCapped and totalEstimated say (the plain queues: always exact).',
    ),
  totalCapped: z
    .boolean()
    .describe(`A search matched more than ${SEARCH_COUNT_CAP} orders: totalRecords is ${SEARCH_COUNT_CAP}.`),
  totalEstimated: z
    .boolean()
    .describe(
      "Filters without a search, whose exact count would take long: totalRecords is the database's estimate, kept " +
        'within what the page proves (at least the rows up to the page, and exact when the page is the last). Ask again ' +
        'with exactTotal for the exact count.',
    ),
};

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
