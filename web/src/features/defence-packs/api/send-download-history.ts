/** POST /api/admin/send-download-history {orderId, email}: "Sent Mail" of the Download History section. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useSendDownloadHistory(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ mailId: number; downloads: number }>('admin/send-download-history', { orderId, email }),
    // The new mail shows in Email History (under the order's key) and the order's timeline.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
