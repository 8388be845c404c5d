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
 * `readAgainOnMount: false` for a screen's part inside the admin frame, whose own reading (AdminLayout) keeps the
 * answer current with the counts: the part draws with it instead of asking again as it appears.
 */
export function useArrivalUrgency(enabled = true, { readAgainOnMount = true } = {}) {
  return useQuery({
    ...arrivalUrgencyQuery(),
    enabled,
    refetchOnMount: readAgainOnMount,
    select: (answer) => answer.value,
  });
}
