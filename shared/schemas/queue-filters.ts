/**
 * Queue filters and sorts (docs/decisions/0023): optional fields of `POST /api/admin/search-order`
 * (and of the queue list's query, the export and bulk-move bodies). The server turns them into SQL in
 * server/features/queue-engine/queue-filters.ts; the web keeps them in the address (queueFiltersToQuery).
 *
 * Every list may be sent as an array or as one comma-separated string (the form it has in a URL).
 */
import { z } from 'zod';
import { COUNTRY_NAMES } from '../dialling-codes';
import { PROCESSING_MODES, PROCESS_STATUSES, type Folder } from '../orders';
import { MAX_SERIAL_ID } from './fields';

/** Queue order. `newest` (order date, newest first) is the default; `arrival` is the order of Work next. */
export const ORDER_SORTS = [
  'newest',
  'oldest',
  'arrival',
  'arrival_desc',
  'order_id_desc',
  'order_id',
  'name',
  'name_desc',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = 'newest';
export const orderSortField = z
  .enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}.` })
  .describe(
    'Order of the rows: newest / oldest (order date), arrival / arrival_desc (arrival date; arrival is nearest first, ' +
      'then the oldest order), order_id / order_id_desc, name / name_desc (surname, then given name). Default newest.',
  );

/** What each sort is called on screen. */
export const SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Order date, newest first',
  oldest: 'Order date, oldest first',
  arrival: 'Arrival date, nearest first',
  arrival_desc: 'Arrival date, latest first',
  order_id_desc: 'Order id, highest first',
  order_id: 'Order id, lowest first',
  name: 'Name, A to Z',
  name_desc: 'Name, Z to A',
};

/** Statuses the status filter takes: Order History's (every status but Deleted). */
export const FILTER_STATUSES = PROCESS_STATUSES.filter((s) => s !== 'Deleted') as Exclude<
  (typeof PROCESS_STATUSES)[number],
  'Deleted'
>[];

/** Most values one list filter takes. */
export const MAX_FILTER_VALUES = 50;

const nationalities = new Set(COUNTRY_NAMES);

/**
 * A list filter: an array, or a comma-separated string (`USA,India`). Blank entries are dropped; an empty list is
 * the same as no filter.
 */
function listOf<T extends z.ZodType>(item: T, label: string) {
  const tooMany = `${label} takes at most ${MAX_FILTER_VALUES} values.`;
  const array = z.array(item).max(MAX_FILTER_VALUES, tooMany);
  const split = (text: string) =>
    text
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  // The union checks only the form (so a bad item answers its own message, not the union's); the pipe checks items.
  return z
    .union([z.array(z.union([z.string(), z.number()])), z.string()], {
      error: `${label} must be a list (an array or comma-separated values).`,
    })
    .transform((value) => (typeof value === 'string' ? split(value) : value))
    .pipe(array as unknown as z.ZodType<z.output<T>[], (string | number)[]>);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day, YYYY-MM-DD, that exists. */
function dayField(label: string) {
  const message = `${label} must be a date as YYYY-MM-DD.`;
  return z
    .string({ error: message })
    .regex(DAY, message)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, message);
}

const amountField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} must be 0 or more.`)
    .max(99_999_999.99, `${label} is at most 99999999.99.`);

const assignee = () =>
  z.coerce
    .number({ error: 'assigneeId must be member ids (0 = unassigned).' })
    .int('assigneeId must be member ids (0 = unassigned).')
    .min(0, 'assigneeId must be member ids (0 = unassigned).')
    .max(MAX_SERIAL_ID, `assigneeId must be at most ${MAX_SERIAL_ID}.`);

/** The filter keys, in the order the filter bar and the address show them. */
export const QUEUE_FILTER_KEYS = [
  'landingSite',
  'processingMode',
  'nationality',
  'arrivalFrom',
  'arrivalTo',
  'orderFrom',
  'orderTo',
  'assigneeId',
  'status',
  'amountMin',
  'amountMax',
  'currency',
] as const;
export type QueueFilterKey = (typeof QUEUE_FILTER_KEYS)[number];

const buildQueueFilterFields = () =>
  ({
    landingSite: listOf(
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'landingSite must be landing site keys such as japan-arrival.'),
      'landingSite',
    )
      .optional()
      .describe('Landing site key(s), e.g. visit-japan-card: orders placed on those sites.'),
    processingMode: listOf(
      z.enum(PROCESSING_MODES, { error: `processingMode must be ${PROCESSING_MODES.join(', ')}.` }),
      'processingMode',
    )
      .optional()
      .describe('Processing mode(s): standard, priority, future.'),
    nationality: listOf(
      z.string().refine((n) => nationalities.has(n), {
        error: 'nationality must be country names as in the order form (e.g. India, USA).',
      }),
      'nationality',
    )
      .optional()
      .describe('Nationality (country names of the order form, e.g. India, USA).'),
    arrivalFrom: dayField('arrivalFrom')
      .optional()
      .describe('Arrival date in Japan on or after this day (YYYY-MM-DD).'),
    arrivalTo: dayField('arrivalTo').optional().describe('Arrival date in Japan on or before this day (YYYY-MM-DD).'),
    orderFrom: dayField('orderFrom').optional().describe('Order placed on or after this day, UTC (YYYY-MM-DD).'),
    orderTo: dayField('orderTo').optional().describe('Order placed on or before this day, UTC (YYYY-MM-DD).'),
    assigneeId: listOf(assignee(), 'assigneeId')
      .optional()
      .describe('Assigned to these member id(s); 0 means unassigned.'),
    status: listOf(z.enum(FILTER_STATUSES, { error: `status must be ${FILTER_STATUSES.join(', ')}.` }), 'status')
      .optional()
      .describe('Status(es); Order History only (every other queue is one status or a fixed set, 400).'),
    amountMin: amountField('amountMin')
      .optional()
      .describe('Payment amount at least this (orders without a payment are left out).'),
    amountMax: amountField('amountMax')
      .optional()
      .describe('Payment amount at most this (orders without a payment are left out).'),
    currency: listOf(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'currency must be ISO codes such as USD.'),
      'currency',
    )
      .optional()
      .describe('Payment currency code(s), e.g. USD.'),
  }) satisfies Record<QueueFilterKey, z.ZodType>;

/*
 * Built on first use, not when the module loads: a queue screen imports this module for its keys and helpers, and
 * these fields are hundreds of zod schemas, built on a phone's main thread before the first rows if built at load
 * (docs/decisions/0035). The screen needs them only for filters in its address or its filter bar.
 */
let fields: ReturnType<typeof buildQueueFilterFields> | undefined;
/** The filter fields: merge into a body or query schema (all optional). */
export const queueFilterFields = () => (fields ??= buildQueueFilterFields());

let filtersSchema: z.ZodObject<ReturnType<typeof buildQueueFilterFields>> | undefined;
export const queueFiltersSchema = () => (filtersSchema ??= z.object(queueFilterFields()));
export type QueueFilters = z.output<ReturnType<typeof queueFiltersSchema>>;

/** A filter that has a value (an empty list is no filter). */
const present = (value: unknown) =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** Only the filters that have a value. */
export function activeFilters(filters: QueueFilters): QueueFilters {
  const out: Record<string, unknown> = {};
  for (const key of QUEUE_FILTER_KEYS) if (present(filters[key])) out[key] = filters[key];
  return out as QueueFilters;
}

export const hasActiveFilters = (filters: QueueFilters) => QUEUE_FILTER_KEYS.some((key) => present(filters[key]));

/**
 * What is wrong with a set of filters beyond each field (ranges the wrong way round, a status filter outside Order
 * History): one message per field. Empty when the filters can be applied to `folder`.
 */
export function queueFilterIssues(
  filters: QueueFilters,
  folder?: Folder,
): { path: keyof QueueFilters; message: string }[] {
  const issues: { path: keyof QueueFilters; message: string }[] = [];
  if (filters.arrivalFrom && filters.arrivalTo && filters.arrivalFrom > filters.arrivalTo) {
    issues.push({ path: 'arrivalTo', message: 'arrivalTo must be on or after arrivalFrom.' });
  }
  if (filters.orderFrom && filters.orderTo && filters.orderFrom > filters.orderTo) {
    issues.push({ path: 'orderTo', message: 'orderTo must be on or after orderFrom.' });
  }
  if (filters.amountMin !== undefined && filters.amountMax !== undefined && filters.amountMin > filters.amountMax) {
    issues.push({ path: 'amountMax', message: 'amountMax must be at least amountMin.' });
  }
  if (folder && folder !== 'orderHistory' && present(filters.status)) {
    issues.push({ path: 'status', message: 'The status filter is available in Order History only.' });
  }
  return issues;
}

/** For a schema's superRefine: adds queueFilterIssues (with the body's folder, when it has one). */
export function refineQueueFilters(value: QueueFilters & { folderName?: Folder }, ctx: z.RefinementCtx) {
  for (const issue of queueFilterIssues(value, value.folderName)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

/**
 * The filters as address (query string) values: lists comma-separated, empty ones left out, in QUEUE_FILTER_KEYS
 * order. The server's schemas read the same form back.
 */
export function queueFiltersToQuery(filters: QueueFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of QUEUE_FILTER_KEYS) {
    const value = filters[key];
    if (!present(value)) continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}
