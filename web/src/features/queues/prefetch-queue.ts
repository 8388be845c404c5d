/**
 * A queue's first page asked for as soon as someone shows the intent to open it (the pointer on its link, the link
 * focused, the click itself), so the answer travels while the screen's code runs and draws (issue 27: felt latency).
 * The request is the one the queue screen makes for that address (`queuePageRequest`), so the screen finds it in the
 * query cache, answered or in flight, instead of asking again; an answer still fresh is not asked for twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
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

/** The first page as a link to the queue opens it (no address state: page 1, the default rows per page). */
function prefetchQueue(queryClient: QueryClient, folder: Folder) {
  // Future Order opens on its month tiles: no list until a month is chosen.
  if (folderDeclaration(folder).screen === 'future-months') return;
  const params = parseQueueParams(new URLSearchParams());
  void queryClient.prefetchQuery(
    orderPageQuery(folder, queuePageRequest(params, effectiveLimit(params.limitChoice, undefined))),
  );
}

export interface QueueLinkProps {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/** One set of props per folder and client, so that a memoised link given them is not drawn again for new ones. */
const linkProps = new WeakMap<QueryClient, Map<Folder, QueueLinkProps>>();

/** Props for a link to a queue: its first page is asked for on pointer, focus or click. The same object each time. */
export function prefetchQueueProps(queryClient: QueryClient, folder: Folder): QueueLinkProps {
  let byFolder = linkProps.get(queryClient);
  if (!byFolder) linkProps.set(queryClient, (byFolder = new Map()));
  let props = byFolder.get(folder);
  if (!props) {
    const prefetch = () => prefetchQueue(queryClient, folder);
    byFolder.set(folder, (props = { onPointerEnter: prefetch, onFocus: prefetch, onClick: prefetch }));
  }
  return props;
}
