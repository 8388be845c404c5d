/**
 * POST /api/admin/defence-pack-details: one pack's data for the printable page. Each fetch generates a pack
 * (and a process-log line), so the query is fetched once per opening: kept out of the order's detail key (a
 * refresh of the order must not generate packs), never refetched on focus, dropped when the modal closes.
 * Once generated, the order reloads so its timeline shows the new line.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefencePack } from '../../../../../shared/schemas/defence-pack';
import type { DefencePackType } from '../../../../../shared/schemas/defence-pack-texts';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const defencePackKey = (orderId: number, type: DefencePackType) => ['defence-pack', orderId, type] as const;

/** Used by the open pack alone (DefencePackModal draws it only while open): its first use is the opening's fetch. */
export function useDefencePack(orderId: number, type: DefencePackType) {
  const client = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: defencePackKey(orderId, type),
      queryFn: async () => {
        const pack = (await api.post<DefencePack>('admin/defence-pack-details', { orderId, defencePackType: type }))
          .data;
        void client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId), exact: true });
        return pack;
      },
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
