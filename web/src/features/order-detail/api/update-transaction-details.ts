/** POST /api/admin/update-transaction-details (product: orders.md#transaction-details). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionDetailsInput } from '../../../../../shared/schemas/order-detail-forms';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useUpdateTransactionDetails(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TransactionDetailsInput, 'orderId'>) =>
      api.post<{ transaction_id: string | null; merchant_name: string | null }>('admin/update-transaction-details', {
        ...input,
        orderId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
