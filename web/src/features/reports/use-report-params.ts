/**
 * Report filters in the URL (?from=&to=&q=&page=&limit=) so Back and reload keep them. With no
 * from/to in the URL the range is the current month; an empty value means "no date" (all time).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentMonth } from './report-helpers';

export type ReportParamKey = 'from' | 'to' | 'q' | 'page' | 'limit';

/** A report's filters as its address says them (the screen and its route's loader read them alike). */
export function parseReportParams(searchParams: URLSearchParams) {
  const month = currentMonth();
  const page = Number(searchParams.get('page'));
  return {
    fromDate: searchParams.get('from') ?? month.fromDate,
    toDate: searchParams.get('to') ?? month.toDate,
    search: searchParams.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: Number(searchParams.get('limit')) || 0,
  };
}

export function useReportParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseReportParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<Record<ReportParamKey, string | number | undefined>>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            // Dates are kept even when empty ("all time"); the rest is dropped when empty or default.
            if (
              value === undefined ||
              (key !== 'from' && key !== 'to' && (value === '' || (key === 'page' && value === 1)))
            )
              next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  return { params, update };
}
