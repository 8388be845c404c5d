/** The folder counts the admin frame shows on its links and tiles: GET admin/get-folder-count. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FolderCounts } from '../../../shared/orders';
import { api } from './api';
import { queryKeys } from './query-keys';
import { reflected } from './reflected';

export const folderCountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.folderCounts(),
    queryFn: async () => reflected(await api.get<FolderCounts>('admin/get-folder-count')),
    staleTime: 0,
  });

/** Asks only while someone is signed in: signed out, the admin frame only redirects to the login page. */
export function useFolderCounts(signedIn: boolean) {
  return useQuery({ ...folderCountsQuery(), enabled: signedIn, select: (answer) => answer.value });
}
