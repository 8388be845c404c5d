/**
 * After anything that can move orders between folders (a move, an assignment, Work next, a bulk action, Refresh):
 * every order query (lists and details) and the folder counts are read again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export const refreshOrdersAndCounts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.folderCounts() }),
  ]);
