/**
 * A queue's first page (and its saved views) asked for as soon as someone shows the intent to open it (the pointer
 * on its link, the link focused, the click itself), so the answer travels while the screen's code runs and draws
 * (issue 27: felt latency).
 * The request is the one the queue screen makes for that address (`queuePageRequest`), so the screen finds it in the
 * query cache, answered or in flight, instead of asking again; an answer still fresh is not asked for twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
import { prefetchSavedViews } from '../saved-views';
import { orderPageQuery } from './api/get-order-page';
import { effectiveLimit, parseQueueParams, queuePageRequest, type QueueParams } from './use-queue-params';

/**
 * The first page as a link to the queue opens it (no address state: page 1, the default rows per page). Settles
 * when the answer is here (or the request failed); undefined for a screen that opens without a list.
 */
function prefetchQueue(queryClient: QueryClient, folder: Folder): Promise<void> | undefined {
  // Future Order opens on its month tiles: no list until a month is chosen.
  if (folderDeclaration(folder).screen === 'future-months') return undefined;
  // Its saved views too, on their way before the screen appears: asked for by the screen's bar as it mounts, their
  // request ran before the paint (2 ms of a queue click, issue 27). A click does not wait for them (only the rows).
  const rows = prefetchQueuePage(queryClient, folder, parseQueueParams(new URLSearchParams()), undefined);
  void prefetchSavedViews(queryClient, folder);
  return rows;
}

/**
 * The page of a queue an address's state shows (`knownTotal`: the folder's total the screen knows, for "All" rows),
 * asked for as the screen would: the queue screen asks for the next page as it is chosen (use-queue-params `ahead`).
 */
export function prefetchQueuePage(
  queryClient: QueryClient,
  folder: Folder,
  params: QueueParams,
  knownTotal: number | undefined,
): Promise<void> {
  return queryClient.prefetchQuery(
    orderPageQuery(folder, queuePageRequest(params, effectiveLimit(params.limitChoice, knownTotal))),
  );
}

/** One function per folder and client, so that a memoised link given it is not drawn again for a new one. */
const prefetchers = new WeakMap<QueryClient, Map<Folder, () => Promise<void> | undefined>>();

/**
 * What a link to a queue calls on the pointer, focus or click: asks for the queue's first page, and settles when it
 * is here. The same function each time for the same folder.
 */
export function queuePrefetcher(queryClient: QueryClient, folder: Folder): () => Promise<void> | undefined {
  let byFolder = prefetchers.get(queryClient);
  if (!byFolder) prefetchers.set(queryClient, (byFolder = new Map()));
  let prefetch = byFolder.get(folder);
  if (!prefetch) byFolder.set(folder, (prefetch = () => prefetchQueue(queryClient, folder)));
  return prefetch;
}
