/**
 * The order actions' PUT calls (product: api.md#calls, orders.md#moves), typed by the schemas the server's routes
 * parse their bodies and write their answers with (shared/schemas/order-actions.ts). Types only: a screen that calls
 * one loads no zod for it.
 */
import type { z } from 'zod';
import type {
  assignOrderSchema,
  assignResultSchema,
  changeOrderStatusSchema,
  moveOrderStatusSchema,
  moveResultSchema,
  moveToCompleteRefundSchema,
  ordersBodySchema,
  refundResultSchema,
  releaseResultSchema,
} from '../../../shared/schemas/order-actions';
import { api } from './api';

/** Each action's request body and answer. */
interface OrderActions {
  'admin/move-order-status': [typeof moveOrderStatusSchema, typeof moveResultSchema];
  'admin/change-order-status': [typeof changeOrderStatusSchema, typeof moveResultSchema];
  'admin/assign-order-status': [typeof assignOrderSchema, typeof assignResultSchema];
  'admin/move-to-original-folder': [typeof ordersBodySchema, typeof releaseResultSchema];
  'admin/mark-refunded': [typeof ordersBodySchema, typeof refundResultSchema];
  'admin/move-to-complete-refund': [typeof moveToCompleteRefundSchema, typeof moveResultSchema];
}

export function putOrderAction<P extends keyof OrderActions>(path: P, body: z.input<OrderActions[P][0]>) {
  return api.put<z.output<OrderActions[P][1]>>(path, body);
}
