/** Order Processing Logs: POST admin/get-processed-by-info (server pages; data + totalRecords). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcessingLogRow } from '../../../../../shared/schemas/reports';
import { PROCESSING_LOG_PAGE_SIZES } from '../../../../../shared/schemas/reports-texts';
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

/** The page a report address asks for: rows per page one of the sizes offered, else 10. */
export const processingLogsRequest = (params: Omit<ProcessingLogsParams, 'limit'> & { limit: number }) => ({
  page: params.page,
  limit: (PROCESSING_LOG_PAGE_SIZES as readonly number[]).includes(params.limit) ? params.limit : 10,
  search: params.search,
  fromDate: params.fromDate,
  toDate: params.toDate,
});

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
