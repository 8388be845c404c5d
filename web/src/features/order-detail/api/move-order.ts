/**
 * The detail page's move buttons and Delete: PUT /api/admin/move-order-status
 * and PUT /api/admin/change-order-status (soft delete), both served by the
 * orders feature's one move service. A move changes the order, every list and
 * the counts, so all three are refreshed (features/live useRefreshAfterChange).
 */
import { useMutation } from '@tanstack/react-query';
import type { ProcessStatus } from '../../../../../shared/orders';
import { putOrderAction } from '../../../lib/order-actions';
import { useRefreshAfterChange } from '../../live';

export function useMoveOrder(orderId: number) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (updatingStatus: Exclude<ProcessStatus, 'Deleted'>) =>
      putOrderAction('admin/move-order-status', { orderId: [orderId], updatingStatus }),
    onSuccess: refresh,
  });
}

export function useDeleteOrder(orderId: number) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () =>
      putOrderAction('admin/change-order-status', {
        orderId: [orderId],
        updatingStatus: 'Deleted',
        permanentDeletedFlag: false,
      }),
    onSuccess: refresh,
  });
}
