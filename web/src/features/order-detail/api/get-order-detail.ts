/** GET /api/admin/get-orders-details/{orderId}: the whole order with its histories. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const fetchOrderDetail = async (orderId: number) =>
  (await api.get<OrderDetail>(`admin/get-orders-details/${orderId}`)).data;

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => fetchOrderDetail(orderId),
    // Opening an order reads it afresh (its route's loader), unless it was read a moment ago: the page then mounts
    // with that answer instead of reading it once more.
    staleTime: 5_000,
  });

export const useOrderDetail = (orderId: number) => useQuery(orderDetailQuery(orderId));
