import { useQuery } from '@tanstack/react-query';
import type { FolderCounts } from '../../../../shared/orders';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const fetchFolderCounts = async () => (await api.get<FolderCounts>('admin/get-folder-count')).data;

/** Asks only while someone is signed in: signed out, the admin frame only redirects to the login page. */
export function useFolderCounts(signedIn: boolean) {
  return useQuery({ queryKey: queryKeys.folderCounts(), queryFn: fetchFolderCounts, staleTime: 0, enabled: signedIn });
}
