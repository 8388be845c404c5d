/**
 * The request for information's staff calls (product: information-requests.md#api): an order's requests, the orders
 * marked "Customer replied", and asking, accepting and declining. A change reads the order, its requests and the
 * marks again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AskCustomerInput, InformationRequest } from '../../../../../shared/schemas/information-requests';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const orderRequestsQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.informationRequests(orderId),
    queryFn: async () => (await api.get<InformationRequest[]>(`admin/order-information-requests/${orderId}`)).data,
  });

export const useOrderRequests = (orderId: number) => useQuery(orderRequestsQuery(orderId));

export const repliedOrdersQuery = () =>
  queryOptions({
    queryKey: queryKeys.orders.repliedOrders(),
    queryFn: async () => (await api.get<{ orderIds: number[] }>('admin/information-requests/replied')).data.orderIds,
    select: (ids: number[]) => new Set(ids),
  });

export const useRepliedOrders = () => useQuery(repliedOrdersQuery());

/** What a request's change touches: the order, its requests, the marks, and the lists (its status). */
export const readAgainAfterRequest = (queryClient: QueryClient, orderId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.informationRequests(orderId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.repliedOrders() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.folderCounts() }),
  ]);

export function useAskCustomer(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AskCustomerInput, 'orderId'>) =>
      api.post<InformationRequest>('admin/information-requests', { ...input, orderId }),
    onSuccess: () => readAgainAfterRequest(queryClient, orderId),
  });
}

export function useReviewReply(orderId: number) {
  const queryClient = useQueryClient();
  const after = () => readAgainAfterRequest(queryClient, orderId);
  return {
    accept: useMutation({
      mutationFn: (requestId: number) => api.post<InformationRequest>(`admin/information-requests/${requestId}/accept`),
      onSuccess: after,
      // Refused (an answer changed on the order since the reply, say): the review is read again and shows why.
      onError: after,
    }),
    decline: useMutation({
      mutationFn: ({ requestId, note }: { requestId: number; note: string }) =>
        api.post<InformationRequest>(`admin/information-requests/${requestId}/decline`, { note }),
      onSuccess: after,
    }),
  };
}
