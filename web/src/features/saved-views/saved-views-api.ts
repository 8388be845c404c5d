/** Saved queue views: list of a queue, save, share / unshare, delete. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '../../../../shared/orders';
import type { SavedView } from '../../../../shared/schemas/saved-views';
import { api } from '../../lib/api';

const key = (folder: Folder) => ['saved-views', folder] as const;

export const savedViewsQuery = (folder: Folder) =>
  queryOptions({
    queryKey: key(folder),
    queryFn: async () => (await api.get<SavedView[]>('admin/saved-views', { query: { folder } })).data,
  });

export const useSavedViews = (folder: Folder) => useQuery(savedViewsQuery(folder));

export function useSavedViewMutations(folder: Folder) {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: key(folder) });
  return {
    create: useMutation({
      mutationFn: async (input: { name: string; query: string; shared: boolean }) =>
        (await api.post<SavedView>('admin/saved-views', { folder, ...input })).data,
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...changes }: { id: number; name?: string; query?: string; shared?: boolean }) =>
        (await api.put<SavedView>(`admin/saved-views/${id}`, changes)).data,
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await api.request('DELETE', `admin/saved-views/${id}`);
      },
      onSuccess: done,
    }),
  };
}
