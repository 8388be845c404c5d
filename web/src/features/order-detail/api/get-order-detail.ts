/** GET /api/admin/get-orders-details/{orderId}: the whole order with its histories. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const fetchOrderDetail = async (orderId: number) =>
  (await api.get<OrderDetail>(`admin/get-orders-details/${orderId}`)).data;

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => fetchOrderDetail(orderId),
    staleTime: 0,
  });

export const useOrderDetail = (orderId: number) => useQuery(orderDetailQuery(orderId));

/**
 * The order asked for when someone shows the intent to open it (a queue's View link under the pointer, focused or
 * clicked), so the answer travels while the order page's code runs (issue 27). An answer younger than a few seconds
 * is not asked for again; the page itself reads the order again on opening anyway (staleTime 0 above).
 */
export const prefetchOrderDetail = (queryClient: QueryClient, orderId: number) =>
  void queryClient.prefetchQuery({ ...orderDetailQuery(orderId), staleTime: 5_000 });
