/**
 * Saved queue views (docs/decisions/0023): a member's name for a queue with its filters, sort and page
 * size, kept as the address query the queue page reads (`?nationality=India&sort=arrival&limit=50`).
 */
import { z } from 'zod';
import { FOLDERS } from '../orders';
import { textField } from './fields';
import { SAVED_VIEW_NAME_MAX } from './saved-views-texts';
import { ORDER_LIST_MAX_LIMIT } from './order-list-texts';
import { orderSortField, QUEUE_FILTER_KEYS, queueFilterIssues, queueFiltersSchema } from './queue-filters';

/**
 * The address keys a view keeps, as the queue page writes them: the filters, the sort, the page size (`limit`:
 * a number or `all`) and Future Order's `month`. Never a search text (`q`) or a page.
 */
export const SAVED_VIEW_KEYS = [...QUEUE_FILTER_KEYS, 'sort', 'limit', 'month'] as const;

const folder = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });
const name = textField('The view name')
  .trim()
  .min(1, 'Please enter a name for the view.')
  .max(SAVED_VIEW_NAME_MAX, `The view name is at most ${SAVED_VIEW_NAME_MAX} characters.`);

const viewQueryValues = queueFiltersSchema().extend({
  sort: orderSortField.optional(),
  limit: z
    .union(
      [
        z.literal('all'),
        z.coerce
          .number({ error: 'limit must be a number or all.' })
          .int()
          .min(1)
          .max(ORDER_LIST_MAX_LIMIT, `limit is at most ${ORDER_LIST_MAX_LIMIT}.`),
      ],
      { error: 'limit must be a number or all.' },
    )
    .optional(),
  month: z.coerce.number({ error: 'month must be 1-12.' }).int().min(1).max(12, 'month must be 1-12.').optional(),
});

/**
 * The query a view keeps, in one written form: only SAVED_VIEW_KEYS (anything else, a search text included, is
 * dropped), each value checked as the queue's own parameters are, empty ones left out, in SAVED_VIEW_KEYS order.
 * Returns the problems instead when a value is bad.
 */
export function savedViewQuery(raw: string): { query: string } | { errors: { path: string; message: string }[] } {
  const params = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const picked: Record<string, string> = {};
  for (const key of SAVED_VIEW_KEYS) {
    const value = params
      .getAll(key)
      .filter((v) => v !== '')
      .join(',');
    if (value !== '') picked[key] = value;
  }
  const parsed = viewQueryValues.safeParse(picked);
  if (!parsed.success)
    return { errors: parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? 'query'), message: i.message })) };
  const issues = queueFilterIssues(parsed.data);
  if (issues.length) return { errors: issues.map((i) => ({ path: i.path, message: i.message })) };
  const out = new URLSearchParams();
  for (const key of SAVED_VIEW_KEYS) if (picked[key] !== undefined) out.set(key, picked[key]);
  return { query: out.toString() };
}

const queryField = z
  .string()
  .max(4000, 'The view is too long.')
  .describe(
    "The queue address query to keep: filter fields (as search-order's, lists comma-separated), sort, limit, " +
      'month (Future Order). Other keys, a search text and a page included, are dropped.',
  );

export const savedViewListQuerySchema = z.object({ folder });
export const createSavedViewSchema = z.object({
  folder,
  name,
  query: queryField,
  shared: z.boolean().default(false).describe('Show the view to everyone (Admin and Manager only).'),
});
export const updateSavedViewSchema = z.object({
  name: name.optional(),
  query: queryField.optional(),
  shared: z
    .boolean()
    .optional()
    .describe('Share or stop sharing (Admin and Manager only; they may do it to any shared view).'),
});

export const savedViewSchema = z.object({
  id: z.number(),
  folder: z.enum(FOLDERS),
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  /** Who saved it. */
  ownerId: z.number(),
  ownerName: z.string(),
  /** Saved by the member asking (they may rename, change and delete it). */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
