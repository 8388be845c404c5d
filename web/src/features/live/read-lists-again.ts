/**
 * Queries whose answers may be older than what the live stream says, read again (LiveProvider: an answer older than
 * the stream's start, lib/live-events-through.ts; a `resync`; `counts`). A query whose answer is still on its way
 * is started afresh too: an invalidation alone joins a first read in flight (TanStack Query restarts only a query
 * that already has data), and the old answer would then land as if it were new.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { reflects, type Reflected } from '../../lib/reflected';

/** `exact`: this query alone, not those under its key. */
export async function readAfresh(queryClient: QueryClient, queryKey: QueryKey, exact = false): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact });
  await queryClient.invalidateQueries({ queryKey, exact });
}

/** The order lists and the folder counts: what a change made before the stream's start may have moved. */
export function readListsAgain(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    readAfresh(queryClient, queryKeys.orders.lists()),
    readAfresh(queryClient, queryKeys.folderCounts()),
  ]).then(() => undefined);
}

/**
 * A query the live stream keeps fresh (the counts, the urgency figures), read again after live event `eventId` unless
 * its answer already reflects that event. An answer on its way is waited for first, not cancelled: begun after the
 * change (a navigation's read, say), it reflects it, and one read is enough.
 */
export async function readAgainUnlessReflected(
  queryClient: QueryClient,
  queryKey: QueryKey,
  eventId: number,
): Promise<void> {
  // Joins the read on its way: a refetch that may not cancel one running starts none.
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching')
    await queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false }).catch(() => undefined);
  if (reflects(queryClient.getQueryData<Reflected<unknown>>(queryKey), eventId)) return;
  // This query alone: the ones under its key (the urgency figures under the counts) are asked on their own.
  await readAfresh(queryClient, queryKey, true);
}
