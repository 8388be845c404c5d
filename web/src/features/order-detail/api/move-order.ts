/**
 * The detail page's move buttons and Delete: PUT /api/admin/move-order-status
 * and PUT /api/admin/change-order-status (soft delete), both served by the
 * orders feature's one move service. A move changes the order, every list and
 * the counts, so all three are refreshed (features/live useRefreshAfterChange).
 */
import { useMutation } from '@tanstack/react-query';
import type { ProcessStatus } from '../../../../../shared/orders';
import { api } from '../../../lib/api';
import { useRefreshAfterChange } from '../../live';

export function useMoveOrder(orderId: number) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (updatingStatus: Exclude<ProcessStatus, 'Deleted'>) =>
      api.put<unknown>('admin/move-order-status', { orderId: [orderId], updatingStatus }),
    onSuccess: refresh,
  });
}

export function useDeleteOrder(orderId: number) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () =>
      api.put<unknown>('admin/change-order-status', {
        orderId: [orderId],
        updatingStatus: 'Deleted',
        permanentDeletedFlag: false,
      }),
    onSuccess: refresh,
  });
}
