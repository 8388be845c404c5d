/**
 * The queue actions, one PUT each (product: api.md#calls, orders.md#moves). Every
 * action changes lists and counts, so each success refreshes both.
 */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  assignOrderSchema,
  assignResultSchema,
  changeOrderStatusSchema,
  moveResultSchema,
  moveToCompleteRefundSchema,
  ordersBodySchema,
  refundResultSchema,
  releaseResultSchema,
} from '../../../../../shared/schemas/order-actions';
import { api } from '../../../lib/api';
import { useRefreshAfterChange } from '../../live';

/**
 * Each action's request body and answer, as the server's route schemas for it parse and write them. Types only: the
 * queue screens load no zod for these calls.
 */
interface QueueActions {
  'admin/change-order-status': [typeof changeOrderStatusSchema, typeof moveResultSchema];
  'admin/assign-order-status': [typeof assignOrderSchema, typeof assignResultSchema];
  'admin/move-to-original-folder': [typeof ordersBodySchema, typeof releaseResultSchema];
  'admin/mark-refunded': [typeof ordersBodySchema, typeof refundResultSchema];
  'admin/move-to-complete-refund': [typeof moveToCompleteRefundSchema, typeof moveResultSchema];
}

function putAction<P extends keyof QueueActions>(path: P, body: z.input<QueueActions[P][0]>) {
  return api.put<z.output<QueueActions[P][1]>>(path, body);
}

function useQueueMutation<T>(put: (orderIds: number[]) => Promise<{ message: string; data: T }>) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: put, onSettled: refresh });
}

/** Soft delete (PUT admin/change-order-status). */
export const useDeleteOrders = () =>
  useQueueMutation((orderIds) =>
    putAction('admin/change-order-status', {
      orderId: orderIds,
      updatingStatus: 'Deleted',
      permanentDeletedFlag: false,
    }),
  );

/** Assign to me (PUT admin/assign-order-status); 409 when someone else took an order first. */
export const useAssignToMe = () =>
  useQueueMutation((orderIds) => putAction('admin/assign-order-status', { orderId: orderIds }));

/** Move to Original Folder (PUT admin/move-to-original-folder): clears the assignee. */
export const useMoveToOriginalFolder = () =>
  useQueueMutation((orderIds) => putAction('admin/move-to-original-folder', { orderId: orderIds }));

/** Refunded it (PUT admin/mark-refunded). */
export const useMarkRefunded = () =>
  useQueueMutation((orderIds) => putAction('admin/mark-refunded', { orderId: orderIds }));

/** Move to complete with refund mail (PUT admin/move-to-complete-refund). */
export const useMoveToCompleteRefund = () =>
  useQueueMutation((orderIds) => putAction('admin/move-to-complete-refund', { orderId: orderIds }));
