/**
 * The queue actions, one PUT each (product: api.md#calls, orders.md#moves). Every
 * action changes lists and counts, so each success refreshes both.
 */
import { useMutation } from '@tanstack/react-query';
import { putOrderAction } from '../../../lib/order-actions';
import { useRefreshAfterChange } from '../../live';

function useQueueMutation<T>(put: (orderIds: number[]) => Promise<{ message: string; data: T }>) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: put, onSettled: refresh });
}

/** Soft delete (PUT admin/change-order-status). */
export const useDeleteOrders = () =>
  useQueueMutation((orderIds) =>
    putOrderAction('admin/change-order-status', {
      orderId: orderIds,
      updatingStatus: 'Deleted',
      permanentDeletedFlag: false,
    }),
  );

/** Assign to me (PUT admin/assign-order-status); 409 when someone else took an order first. */
export const useAssignToMe = () =>
  useQueueMutation((orderIds) => putOrderAction('admin/assign-order-status', { orderId: orderIds }));

/** Move to Original Folder (PUT admin/move-to-original-folder): clears the assignee. */
export const useMoveToOriginalFolder = () =>
  useQueueMutation((orderIds) => putOrderAction('admin/move-to-original-folder', { orderId: orderIds }));

/** Refunded it (PUT admin/mark-refunded). */
export const useMarkRefunded = () =>
  useQueueMutation((orderIds) => putOrderAction('admin/mark-refunded', { orderId: orderIds }));

/** Move to complete with refund mail (PUT admin/move-to-complete-refund). */
export const useMoveToCompleteRefund = () =>
  useQueueMutation((orderIds) => putOrderAction('admin/move-to-complete-refund', { orderId: orderIds }));
