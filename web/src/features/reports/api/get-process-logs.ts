/** Process Logs Details: GET admin/get-processlogs-by-orderid/{orderId} (every line of one order, oldest first). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcessLog } from '../../../../../shared/schemas/reports';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const processLogsQuery = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.reports.processLogs(orderId),
    queryFn: async ({ signal }) =>
      (await api.get<ProcessLog[]>(`admin/get-processlogs-by-orderid/${encodeURIComponent(orderId)}`, { signal })).data,
  });

export const useProcessLogs = (orderId: string) => useQuery(processLogsQuery(orderId));
