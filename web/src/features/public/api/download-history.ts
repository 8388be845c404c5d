/** POST /api/front/get-download-history: the Downloaded History and the current file (order token required). */
import type { DownloadHistoryAnswer } from '../../../../../shared/schemas/tracking';
import { publicApi } from './public-api';
import { bearer, type CustomerAccess } from '../customer-access';
import { useRequest } from '../use-request';

export const useDownloadHistory = (orderId: number, access: CustomerAccess | null) =>
  useRequest(
    access ? `history:${orderId}` : null,
    async () =>
      (await publicApi.post<DownloadHistoryAnswer['data']>(
        'front/get-download-history',
        { orderId },
        { headers: bearer(access!) },
      )) as DownloadHistoryAnswer,
  );
