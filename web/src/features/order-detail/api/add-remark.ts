/** POST /api/admin/add-new-remark: a Comment History line (flags 'Y' when ticked). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRemarkInput, RemarkEntry } from '../../../../../shared/schemas/order-detail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useAddRemark(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AddRemarkInput, 'orderId'>) =>
      api.post<RemarkEntry>('admin/add-new-remark', { ...input, orderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
