/**
 * What a queue's route loads before its screen shows (app/router.tsx): the page of rows its address asks for and the
 * queue's saved views, through the same query options the screen reads, so the screen finds them in the cache. A
 * page, sort, search or filter is a new address, so its rows are asked for by this loader as it is chosen.
 */
import type { QueryClient } from '@tanstack/react-query';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
import { queriesLoader, searchOf } from '../../lib/load-queries';
import { savedViewsQuery } from '../saved-views';
import { futureOrderCountQuery } from './api/get-future-order-count';
import { orderPageQuery } from './api/get-order-page';
import { futureMonthRequest, parseQueueParams, queuePageRequest } from './use-queue-params';

export const queueLoader = (queryClient: QueryClient, folder: Folder) =>
  queriesLoader(queryClient, (args) => {
    const params = parseQueueParams(searchOf(args));
    if (folderDeclaration(folder).screen !== 'future-months')
      return [orderPageQuery(folder, queuePageRequest(params)), savedViewsQuery(folder)];
    // Future Order opens on its month tiles; a month's table comes with its rows and the saved views.
    return params.month
      ? [
          futureOrderCountQuery(),
          orderPageQuery(folder, futureMonthRequest(params, params.month)),
          savedViewsQuery(folder),
        ]
      : [futureOrderCountQuery()];
  });
