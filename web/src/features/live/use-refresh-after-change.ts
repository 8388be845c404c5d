/**
 * What a member's own change to orders (a move, an assignment, Work next, a bulk action) refreshes, once: the order
 * lists and details at once (the row must leave the screen the member is on), and the folder counts and urgency
 * figures only while the live stream is away. While it is up, the change's own `counts` event reads those (LiveProvider),
 * as it does in every other tab; refreshing them here as well read them twice.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { refreshOrdersAndCounts } from '../../lib/refresh-orders';
import { useLive } from './LiveProvider';

export function useRefreshAfterChange(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  const connected = useLive()?.connected ?? false;
  return useCallback(
    () =>
      connected
        ? queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() })
        : refreshOrdersAndCounts(queryClient),
    [queryClient, connected],
  );
}
