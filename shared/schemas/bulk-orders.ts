/**
 * Bulk moves (docs/decisions/0025): one request that moves, assigns or deletes many orders, named
 * one by one (`orderIds`) or as "all N matching the filter" (`all` + `expectedCount`). Every order gets its own
 * outcome: done, or refused and why.
 */
import { z } from 'zod';
import { MOVE_TARGETS } from '../orders';
import { FOLDERS, folderDeclaration, type Folder } from '../folders';
import { orderIdField } from './order-id';
import { serialIdField, textField } from './fields';
import { queueFilterFields, refineQueueFilters } from './queue-filters';
import { BULK_ACTIONS, BULK_MAX_ORDERS, tooManyMessage } from './bulk-orders-texts';

/** What a queue is called on screen (the refusal "No longer in New Order" names it so): shared/folders.ts. */
export const FOLDER_TITLES = Object.fromEntries(
  FOLDERS.map((f) => {
    const { title, bulkName } = folderDeclaration(f);
    return [f, bulkName ?? title];
  }),
) as Record<Folder, string>;

const folderField = z.enum(FOLDERS, { error: `Unknown folder; expected one of ${FOLDERS.join(', ')}.` });

/**
 * The queue view whose orders "all matching" means: folder, search and the filters (queue-filters.ts), as
 * POST admin/search-order takes them. The sort does not matter: every matching order is changed.
 */
export const bulkAllFields = {
  ...queueFilterFields(),
  folderName: folderField,
  searchVal: textField('Search text').max(100, 'Search text is at most 100 characters.').default(''),
  /** Future Order: the month tile (1-12). */
  processMonth: z.coerce
    .number({ error: 'processMonth must be 1-12.' })
    .int('processMonth must be 1-12.')
    .min(1, 'processMonth must be 1-12.')
    .max(12, 'processMonth must be 1-12.')
    .optional(),
};
export const bulkAllSchema = z.object(bulkAllFields).superRefine(refineQueueFilters);

export const bulkOrdersSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: "action must be 'move', 'assign' or 'delete'." }),
    /** move: the status to move to (any but Deleted: delete is its own action). */
    status: z.enum(MOVE_TARGETS, { error: 'Please choose a status to move the orders to.' }).optional(),
    /** assign: the member to assign to (default: the signed-in member; another member: Admin and Manager). */
    assigneeId: serialIdField('assigneeId').optional(),
    /** The orders, one by one (the rows the member ticked). */
    orderIds: z
      .array(orderIdField, { error: 'orderIds must be a list of order ids.' })
      .max(BULK_MAX_ORDERS, tooManyMessage)
      .optional(),
    /**
     * With orderIds: the queue the rows were ticked in; an order that has left it since is refused
     * ("No longer in ..."), so nothing moves that the member did not see there.
     */
    folderName: folderField.optional(),
    /** Every order of this queue view (instead of orderIds). */
    all: bulkAllSchema.optional(),
    /** With `all`: how many orders the confirmation said; any other count changes nothing (409). */
    expectedCount: z
      .number({ error: 'expectedCount must be a number.' })
      .int('expectedCount must be a whole number.')
      .min(1, 'expectedCount must be at least 1.')
      .max(BULK_MAX_ORDERS, tooManyMessage)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'move' && !body.status)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Please choose a status to move the orders to.' });
    if (body.action !== 'move' && body.status)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'status is only for move.' });
    if (body.action !== 'assign' && body.assigneeId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: 'assigneeId is only for assign.' });
    if (body.all && body.orderIds)
      ctx.addIssue({ code: 'custom', path: ['all'], message: 'Send either orderIds or all, not both.' });
    if (!body.all && !body.orderIds?.length)
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'Please select at least one order.' });
    if (body.all && body.expectedCount === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['expectedCount'],
        message: 'expectedCount is required with all: the number of orders the confirmation showed.',
      });
    if (!body.all && body.expectedCount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['expectedCount'], message: 'expectedCount is only for all.' });
    if (body.all && body.folderName)
      ctx.addIssue({ code: 'custom', path: ['folderName'], message: 'With all, the folder is all.folderName.' });
  });
export type BulkOrdersBody = z.infer<typeof bulkOrdersSchema>;

/** Why an order was refused (`reason` words it for the member). */
export const BULK_REFUSALS = [
  'not_found',
  'not_in_folder',
  'not_allowed',
  'already',
  'busy',
  'closed',
  'held',
] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

export const bulkOutcomeSchema = z.object({
  orderId: z.number(),
  outcome: z.enum(['moved', 'assigned', 'deleted', 'refused']),
  /** Refused: which rule. */
  refusal: z.enum(BULK_REFUSALS).optional(),
  /** Refused: why, in words ("No longer in New Order.", "Only an Admin or a Manager can delete orders."). */
  reason: z.string().optional(),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** How many orders were changed, and how many refused. */
  done: z.number(),
  refused: z.number(),
  /** One line per order, in order id order. */
  results: z.array(bulkOutcomeSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
