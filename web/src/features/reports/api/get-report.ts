/**
 * The summary reports: POST admin/get-country-order-count, admin/get-processed-by-count and
 * admin/get-information-request-report with {fromDate, toDate} (empty = open end). The answer's message is kept: the
 * screens toast it (product: messages.md#toasts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryRow, ProcessedByRow } from '../../../../../shared/schemas/reports';
import type { RequestReportRow } from '../../../../../shared/schemas/information-requests';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface DateRange {
  fromDate: string;
  toDate: string;
}
export interface ReportAnswer<T> {
  rows: T[];
  message: string;
}

const reportQuery = <T>(name: string, path: string, range: DateRange) =>
  queryOptions({
    queryKey: queryKeys.reports.report(name, { ...range }),
    queryFn: async ({ signal }): Promise<ReportAnswer<T>> => {
      const answer = await api.post<T[]>(path, { fromDate: range.fromDate, toDate: range.toDate }, { signal });
      return { rows: answer.data, message: answer.message };
    },
    placeholderData: keepPreviousData,
  });

export const countryOrderCountQuery = (range: DateRange) =>
  reportQuery<CountryRow>('country', 'admin/get-country-order-count', range);
export const processedByCountQuery = (range: DateRange) =>
  reportQuery<ProcessedByRow>('processed-by', 'admin/get-processed-by-count', range);

export const useCountryOrderCount = (range: DateRange) => useQuery(countryOrderCountQuery(range));
export const useProcessedByCount = (range: DateRange) => useQuery(processedByCountQuery(range));

/** The requests for information per month (POST admin/get-information-request-report; Admin and Manager). */
export const informationRequestReportQuery = (range: DateRange) =>
  reportQuery<RequestReportRow>('information-requests', 'admin/get-information-request-report', range);
export const useInformationRequestReport = (range: DateRange) => useQuery(informationRequestReportQuery(range));
