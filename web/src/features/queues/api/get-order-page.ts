/**
 * One page of a queue: GET admin/get-orders-list/{folder} without a search,
 * POST admin/search-order with one (the server searches the whole folder).
 * The previous page stays on screen while the next one loads.
 */
import { partialMatchKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { Folder } from '../../../../../shared/orders';
import type { OrderListRow } from '../../../../../shared/schemas/order-list';
import {
  activeFilters,
  queueFiltersToQuery,
  type OrderSort,
  type QueueFilters,
} from '../../../../../shared/schemas/queue-filters';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface OrderPageParams {
  page: number;
  limit: number;
  search: string;
  processMonth?: number | undefined;
  /** Absent: newest first. */
  sort?: OrderSort | undefined;
  /** Queue filters, applied by the server with the folder and the search. */
  filters?: QueueFilters | undefined;
  /** Filters without a search: the exact total even where the server would estimate it. */
  exactTotal?: boolean | undefined;
}

export interface OrderPage {
  rows: OrderListRow[];
  totalRecords: number;
  totalCapped: boolean;
  /** totalRecords is the server's estimate (filters without a search; exactTotal asks for the count). */
  totalEstimated: boolean;
  /** The live event through which the page reflects every change (null: the answer did not say). */
  eventsThrough: number | null;
}

export async function fetchOrderPage(
  folder: Folder,
  { page, limit, search, processMonth, sort, filters = {}, exactTotal }: OrderPageParams,
  signal?: AbortSignal,
): Promise<OrderPage> {
  const answer = search.trim()
    ? await api.post<OrderListRow[]>(
        'admin/search-order',
        {
          start: (page - 1) * limit,
          end: page * limit,
          searchVal: search.trim(),
          folderName: folder,
          ...(processMonth ? { processMonth } : {}),
          ...(sort ? { sort } : {}),
          ...activeFilters(filters),
          ...(exactTotal ? { exactTotal } : {}),
        },
        { signal },
      )
    : await api.get<OrderListRow[]>(`admin/get-orders-list/${folder}`, {
        query: {
          page,
          limit,
          delay: 1,
          processMonth,
          sort,
          ...queueFiltersToQuery(filters),
          ...(exactTotal ? { exactTotal: 1 } : {}),
        },
        signal,
      });
  return {
    rows: answer.data,
    totalRecords: Number(answer.totalRecords ?? 0),
    totalCapped: answer.totalCapped === true,
    totalEstimated: answer.totalEstimated === true,
    eventsThrough: answer.eventsThrough ?? null,
  };
}

export const orderPageQuery = (folder: Folder, params: OrderPageParams) =>
  queryOptions({
    queryKey: queryKeys.orders.list(folder, { ...params }),
    queryFn: ({ signal }) => fetchOrderPage(folder, params, signal),
    // The previous page of the same folder, never another folder's rows (the queue screen stays from queue to queue).
    placeholderData: (previous, previousQuery) =>
      previousQuery && partialMatchKey(previousQuery.queryKey, queryKeys.orders.folderLists(folder))
        ? previous
        : undefined,
  });

export const useOrderPage = (folder: Folder, params: OrderPageParams) => useQuery(orderPageQuery(folder, params));
