/**
 * Queries whose answers may be older than what the live stream says, read again (LiveProvider: an answer older than
 * the stream's start, lib/live-events-through.ts; a `resync`; `counts`). A query whose answer is still on its way
 * is started afresh too: an invalidation alone joins a first read in flight (TanStack Query restarts only a query
 * that already has data), and the old answer would then land as if it were new.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

export async function readAfresh(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** The order lists and the folder counts: what a change made before the stream's start may have moved. */
export function readListsAgain(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    readAfresh(queryClient, queryKeys.orders.lists()),
    readAfresh(queryClient, queryKeys.folderCounts()),
  ]).then(() => undefined);
}
