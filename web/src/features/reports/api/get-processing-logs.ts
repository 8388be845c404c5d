/** Order Processing Logs: POST admin/get-processed-by-info (server pages; data + totalRecords). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcessingLogRow } from '../../../../../shared/schemas/reports';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ProcessingLogsParams {
  page: number;
  limit: number;
  search: string;
  fromDate: string;
  toDate: string;
}
export interface ProcessingLogsAnswer {
  rows: ProcessingLogRow[];
  totalRecords: number;
  totalCapped: boolean;
}

export const processingLogsQuery = (params: ProcessingLogsParams) =>
  queryOptions({
    queryKey: queryKeys.reports.report('processing-logs', { ...params }),
    queryFn: async ({ signal }): Promise<ProcessingLogsAnswer> => {
      const answer = await api.post<ProcessingLogRow[]>(
        'admin/get-processed-by-info',
        { ...params, search: params.search.toLowerCase() },
        { signal },
      );
      return {
        rows: answer.data,
        totalRecords: Number(answer.totalRecords ?? 0),
        totalCapped: answer.totalCapped === true,
      };
    },
    placeholderData: keepPreviousData,
  });

export const useProcessingLogs = (params: ProcessingLogsParams) => useQuery(processingLogsQuery(params));
