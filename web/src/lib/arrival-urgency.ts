/**
 * Arrival urgency: the thresholds the server is configured with and the New / Priority urgent counts,
 * GET admin/arrival-urgency. Shared by the queue rows (their highlight) and the dashboard tiles. Its key sits under
 * the folder counts' key, so whatever refreshes the counts refreshes these too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrivalUrgencyInfo } from '../../../shared/schemas/work-next';
import { api } from './api';
import { queryKeys } from './query-keys';
import { reflected } from './reflected';

export const arrivalUrgencyQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.folderCounts(), 'arrival-urgency'] as const,
    queryFn: async () => reflected(await api.get<ArrivalUrgencyInfo>('admin/arrival-urgency')),
    staleTime: 0,
  });

/**
 * Every reader is inside the admin frame, which keeps the answer current: AdminLayout reads it as the frame appears and
 * again after each navigation, and a change to the counts reads it again. A screen's part (a queue's rows, the order's
 * summary bar) draws with that answer instead of asking again as it appears.
 */
export function useArrivalUrgency(enabled = true) {
  return useQuery({ ...arrivalUrgencyQuery(), enabled, refetchOnMount: false, select: (answer) => answer.value });
}
