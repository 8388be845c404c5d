/** POST /api/admin/send-invoice {orderId}: the PDF invoice is mailed to the order's customer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useSendInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<{ mailId: number; email: string; invoiceNumber: string }>('admin/send-invoice', {
        orderId: String(orderId),
      }),
    onSuccess: (_res, orderId) => client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
