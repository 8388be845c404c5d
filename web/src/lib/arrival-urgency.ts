/**
 * Arrival urgency (issue 23): the thresholds the server is configured with and the New / Priority urgent counts,
 * GET admin/arrival-urgency. Shared by the queue rows (their highlight) and the dashboard tiles. Its key sits under
 * the folder counts' key, so whatever refreshes the counts refreshes these too.
 */
import { useQuery } from '@tanstack/react-query';
import type { ArrivalUrgencyInfo } from '../../../shared/schemas/work-next';
import { api } from './api';
import { queryKeys } from './query-keys';

export const arrivalUrgencyKey = () => [...queryKeys.folderCounts(), 'arrival-urgency'] as const;

export function useArrivalUrgency(enabled = true) {
  return useQuery({
    queryKey: arrivalUrgencyKey(),
    queryFn: async () => (await api.get<ArrivalUrgencyInfo>('admin/arrival-urgency')).data,
    staleTime: 0,
    enabled,
  });
}
