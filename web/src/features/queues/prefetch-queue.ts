/**
 * A queue's first page asked for as soon as someone shows the intent to open it (the pointer on its link, the link
 * focused, the click itself), so the answer travels while the screen's code runs and draws (issue 27: felt latency).
 * The request is the one the queue screen makes for that address (`queuePageRequest`), so the screen finds it in the
 * query cache, answered or in flight, instead of asking again; an answer still fresh is not asked for twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Folder } from '../../../../shared/folders';
import { orderPageQuery, type OrderPageParams } from './api/get-order-page';
import { effectiveLimit, parseQueueParams, type QueueParams } from './use-queue-params';

/** What a queue screen asks the server for, from its address's state and the rows per page in effect. */
export const queuePageRequest = (params: QueueParams, limit: number): OrderPageParams => ({
  page: params.page,
  limit,
  search: params.search,
  sort: params.sort,
  filters: params.filters,
});

/** `search`: the link's query string ("?page=2"), if any. "All" rows waits for the screen (it needs the total). */
export function prefetchQueue(queryClient: QueryClient, folder: Folder, search = '') {
  const params = parseQueueParams(new URLSearchParams(search));
  if (params.limitChoice === 'all' || folder === 'futureOrder') return;
  void queryClient.prefetchQuery(
    orderPageQuery(folder, queuePageRequest(params, effectiveLimit(params.limitChoice, undefined))),
  );
}

/** Props for a link to a queue: its first page is asked for on pointer, focus or click. */
export const prefetchQueueProps = (queryClient: QueryClient, folder: Folder) => {
  const prefetch = () => prefetchQueue(queryClient, folder);
  return { onPointerEnter: prefetch, onFocus: prefetch, onClick: prefetch };
};
