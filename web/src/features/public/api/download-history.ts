/** POST /api/front/get-download-history: the Downloaded History and the current file (order token required). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadHistoryAnswer } from '../../../../../shared/schemas/tracking';
import { api } from '../../../lib/api';
import { bearer, type CustomerAccess } from '../customer-access';
import { publicKeys } from './keys';

export const downloadHistoryQuery = (orderId: number, access: CustomerAccess | null) => queryOptions({
  queryKey: publicKeys.downloadHistory(orderId),
  queryFn: async () => (await api.post<DownloadHistoryAnswer['data']>('front/get-download-history', { orderId }, { headers: bearer(access!) })) as DownloadHistoryAnswer,
  enabled: access !== null,
  staleTime: 0,
});

export const useDownloadHistory = (orderId: number, access: CustomerAccess | null) => useQuery(downloadHistoryQuery(orderId, access));
