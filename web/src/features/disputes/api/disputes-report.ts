/**
 * The Disputes report's call (GET admin/disputes-report?from&to) and its months as the address says them, apart from
 * the other disputes calls: the router's loader asks for it, and this keeps the live and sending code out of the
 * router's bundle.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputesReportRow } from '../../../../../shared/schemas/disputes';
import { reportMonthRange } from '../../../../../shared/schemas/disputes-report-texts';
import { api } from '../../../lib/api';

/** Every list of disputes (the ChargeBack queue's, the unmatched ones, the report) is under this key. */
export const DISPUTES_KEY = ['disputes'] as const;

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The report's months as the address says them; the last six months (this one included) when it does not. */
export function reportMonths(search: URLSearchParams, now = new Date()): { from: string; to: string } {
  const asked = reportMonthRange(search.get('from'), search.get('to'));
  if (asked) return asked;
  return {
    from: monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1))),
    to: monthOf(now),
  };
}

/** The Disputes report of the months from and to (included), as its screen and its route's loader ask for it. */
export const disputesReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...DISPUTES_KEY, 'report', from, to] as const,
    queryFn: async ({ signal }) =>
      (await api.get<DisputesReportRow[]>('admin/disputes-report', { query: { from, to }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useDisputesReport = (from: string, to: string) => useQuery(disputesReportQuery(from, to));
