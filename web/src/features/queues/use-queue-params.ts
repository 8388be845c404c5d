/**
 * Paging state in the URL (?page=&limit=&q=&month=) so Back and reload keep it.
 * limit is 10, 25, 50, 100, 500 or "all" (the folder's total, at most the server's maximum).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT, PAGE_SIZE_OPTIONS } from '../../../../shared/schemas/order-list';

export type LimitChoice = (typeof PAGE_SIZE_OPTIONS)[number] | 'all';

export interface QueueParams {
  page: number;
  limitChoice: LimitChoice;
  search: string;
  month: number | undefined;
}

export function parseQueueParams(params: URLSearchParams): QueueParams {
  const page = Number(params.get('page'));
  const limit = params.get('limit');
  const month = Number(params.get('month'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limitChoice: limit === 'all' ? 'all' : (PAGE_SIZE_OPTIONS as readonly number[]).includes(Number(limit)) ? Number(limit) as LimitChoice : ORDER_LIST_DEFAULT_LIMIT,
    search: params.get('q') ?? '',
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined,
  };
}

/** Rows to ask for: "All" is the last known total (never 0, never past the server's maximum). */
export function effectiveLimit(choice: LimitChoice, knownTotal: number | undefined): number {
  if (choice !== 'all') return choice;
  return Math.min(Math.max(knownTotal ?? ORDER_LIST_MAX_LIMIT, 1), ORDER_LIST_MAX_LIMIT);
}

export function useQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseQueueParams(searchParams);
  const update = useCallback((changes: Partial<Record<'page' | 'limit' | 'q' | 'month', string | number | undefined>>, replace = false) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { replace });
  }, [setSearchParams]);
  return { params, update };
}
