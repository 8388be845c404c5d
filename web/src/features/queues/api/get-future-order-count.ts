/** Future Order tiles: GET admin/get-future-order-count (orders per processing month). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MONTHS } from '../../../../../shared/orders';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type MonthCounts = Record<(typeof MONTHS)[number], number>;

export const futureOrderCountQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.orders.all(), 'future-month-counts'] as const,
    queryFn: async () => (await api.get<MonthCounts>('admin/get-future-order-count')).data,
  });

export const useFutureOrderCount = () => useQuery(futureOrderCountQuery());
