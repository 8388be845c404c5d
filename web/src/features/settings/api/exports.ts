/**
 * The Exports page (Admin): who may export (POST admin/export-settings, the whole list of granted roles) and the
 * export log (GET admin/export-log?page&limit). Which roles may export now is components/export/export-rights.ts'
 * query, which every Export menu reads too.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/roles';
import type { ExportRecord, ExportSettings } from '../../../../../shared/schemas/export-rights';
import { EXPORT_LOG_PAGE_SIZE } from '../../../../../shared/schemas/export-rights-texts';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ExportLogParams {
  page: number;
  limit: number;
}

/** The page of the log an address asks for (?page=): the screen and its route's loader read it alike. */
export function exportLogRequest(search: URLSearchParams): ExportLogParams {
  return { page: Math.max(1, Math.floor(Number(search.get('page'))) || 1), limit: EXPORT_LOG_PAGE_SIZE };
}

export const exportLogQuery = (params: ExportLogParams) =>
  queryOptions({
    queryKey: queryKeys.exports.log({ ...params }),
    queryFn: async ({ signal }) => {
      const answer = await api.get<ExportRecord[]>('admin/export-log', { query: { ...params }, signal });
      return { records: answer.data, totalRecords: Number(answer.totalRecords ?? 0) };
    },
    placeholderData: keepPreviousData,
  });

export const useExportLog = (params: ExportLogParams) => useQuery(exportLogQuery(params));

export function useGrantExports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantedRoles: Role[]) => api.post<ExportSettings>('admin/export-settings', { grantedRoles }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.exports.settings() }),
  });
}
