/** Request bodies of the queue actions (product: api.md#calls, orders.md#moves, api.md#new-calls). */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { MOVE_TARGETS } from '../orders';
import { textField } from './fields';

/** Most rows one action may name (the largest page a queue shows is 5000, see ORDER_LIST_MAX_LIMIT). */
export const MAX_ORDERS_PER_ACTION = 5000;

/** `orderId` as one id or a list of ids; always a non-empty, de-duplicated list after parsing. */
export const orderIdsSchema = z
  .union(
    [
      orderIdField,
      z.array(orderIdField).max(MAX_ORDERS_PER_ACTION, `At most ${MAX_ORDERS_PER_ACTION} orders at once.`),
    ],
    {
      error: 'Please select at least one order.',
    },
  )
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])] as number[])
  .refine((ids) => ids.length > 0, 'Please select at least one order.');

export const ordersBodySchema = z.object({ orderId: orderIdsSchema });

export const moveOrderStatusSchema = z.object({
  orderId: orderIdsSchema,
  updatingStatus: z.enum(MOVE_TARGETS, { error: 'Please choose a status to move the order to.' }),
});

export const changeOrderStatusSchema = z.object({
  orderId: orderIdsSchema,
  updatingStatus: z.literal('Deleted', { error: "updatingStatus must be 'Deleted'." }).default('Deleted'),
  permanentDeletedFlag: z.boolean().default(false),
});

export const assignOrderSchema = z.object({
  orderId: orderIdsSchema,
  /** Sent by older clients; ignored: the assignee is always the signed-in member. */
  userName: textField('userName')
    .optional()
    .describe(
      'Accepted because the original client sends it, and ignored (product: api.md#ignored-fields): the assignee is always the signed-in member of the bearer token.',
    ),
});

export const moveToCompleteRefundSchema = z.object({
  orderId: orderIdsSchema,
  mailServiceProvider: z.enum(['ses', 'smtp']).default('smtp'),
});

/** The answers' data of the queue actions (the ids each one changed, and those it left as they were). */
const ids = z.array(z.number());
/** change-order-status, move-order-status, move-to-complete-refund. */
export const moveResultSchema = z.object({ moved: ids, unchanged: ids });
export const assignResultSchema = z.object({ assigned: ids, alreadyYours: ids });
export const releaseResultSchema = z.object({ released: ids });
export const refundResultSchema = z.object({ refunded: ids, alreadyRefunded: ids });
