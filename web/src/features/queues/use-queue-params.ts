/**
 * Queue state in the URL (?page=&limit=&q=&month=&sort=&total= and the filters) so Back and reload keep it.
 * sort is one of ORDER_SORTS or absent (newest first). The filters are the fields of shared/schemas/queue-filters.ts,
 * lists comma-separated; a value the schema refuses is left out (the address may have been typed).
 * limit is 10, 25, 50, 100, 500 or "all" (the folder's total, at most the server's maximum).
 * total=exact: the filtered total counted exactly where the server would estimate it (product: folders.md#totals);
 * new filters drop it.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { navigateAsTransition } from '../../lib/link-click-as-transition';
import type { OrderPageParams } from './api/get-order-page';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_MAX_LIMIT,
  PAGE_SIZE_OPTIONS,
} from '../../../../shared/schemas/order-list-texts';
import {
  ORDER_SORTS,
  QUEUE_FILTER_KEYS,
  queueFilterFields,
  queueFiltersToQuery,
  type OrderSort,
  type QueueFilters,
} from '../../../../shared/schemas/queue-filters';

export type LimitChoice = (typeof PAGE_SIZE_OPTIONS)[number] | 'all';

export interface QueueParams {
  page: number;
  limitChoice: LimitChoice;
  search: string;
  month: number | undefined;
  sort: OrderSort | undefined;
  /** Only the filters present in the address, each valid. */
  filters: QueueFilters;
  /** The member asked for the exact total of these filters ("Count exactly"). */
  exactTotal: boolean;
}

export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const filters: Record<string, unknown> = {};
  for (const key of QUEUE_FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = queueFilterFields()[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && !(Array.isArray(parsed.data) && parsed.data.length === 0))
      filters[key] = parsed.data;
  }
  return filters as QueueFilters;
}

export function parseQueueParams(params: URLSearchParams): QueueParams {
  const page = Number(params.get('page'));
  const limit = params.get('limit');
  const month = Number(params.get('month'));
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limitChoice:
      limit === 'all'
        ? 'all'
        : (PAGE_SIZE_OPTIONS as readonly number[]).includes(Number(limit))
          ? (Number(limit) as LimitChoice)
          : ORDER_LIST_DEFAULT_LIMIT,
    search: params.get('q') ?? '',
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined,
    sort:
      (ORDER_SORTS as readonly string[]).includes(sort ?? '') && sort !== 'newest' ? (sort as OrderSort) : undefined,
    filters: parseQueueFilters(params),
    exactTotal: params.get('total') === 'exact',
  };
}

/** Ask for the exact total only where the server may estimate one: filters and no search. */
const exactTotalOf = (params: QueueParams) =>
  params.exactTotal && !params.search.trim() && Object.keys(params.filters).length > 0 ? { exactTotal: true } : {};

/** Rows per page to ask for: "All" is the server's maximum (a queue with fewer orders answers with what it has). */
export const rowsPerPage = (choice: LimitChoice): number => (choice === 'all' ? ORDER_LIST_MAX_LIMIT : choice);

/** What a queue screen asks the server for, from its address's state: its route's loader and the screen alike. */
export const queuePageRequest = (params: QueueParams): OrderPageParams => ({
  page: params.page,
  limit: rowsPerPage(params.limitChoice),
  search: params.search,
  sort: params.sort,
  filters: params.filters,
  ...exactTotalOf(params),
});

/** Future Order's rows per page in a month's table. */
const FUTURE_MONTH_ROWS = 25;

/** What Future Order's month table asks for: its route's loader and the table alike. */
export const futureMonthRequest = (params: QueueParams, month: number): OrderPageParams => ({
  page: params.page,
  limit: FUTURE_MONTH_ROWS,
  search: '',
  processMonth: month,
  sort: params.sort,
  filters: params.filters,
  ...exactTotalOf(params),
});

/** The address with these filters in place of the current ones (page back to 1, an exact total dropped, the rest kept). */
export function withFilters(current: URLSearchParams, filters: QueueFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of QUEUE_FILTER_KEYS) next.delete(key);
  next.delete('page');
  next.delete('total');
  for (const [key, value] of Object.entries(queueFiltersToQuery(filters))) next.set(key, value);
  return next;
}

type ParamKey = 'page' | 'limit' | 'q' | 'month' | 'sort' | 'total';

/**
 * The address's parameters as they are now, not as of the last render: React Router hands a functional update the
 * render's parameters, so a sort chosen right after Apply (before the page drew the filters) dropped the filters.
 */
const latest = () => new URLSearchParams(window.location.search);

/**
 * The queue's address as state; each change is a navigation, whose loader asks for the rows (app/screen-loaders.ts),
 * started as a transition as every staff navigation is (lib/link-click-as-transition.ts, decision 0066).
 */
export function useQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  // One object per address: the screen's memoised parts (filter bar, export, pager) take it as a prop.
  const params = useMemo(() => parseQueueParams(searchParams), [searchParams]);
  const go = useCallback(
    (next: URLSearchParams, replace: boolean) => navigateAsTransition(() => setSearchParams(next, { replace })),
    [setSearchParams],
  );
  const update = useCallback(
    (changes: Partial<Record<ParamKey, string | number | undefined>>, replace = false) => {
      const next = latest();
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      go(next, replace);
    },
    [go],
  );
  /** A new entry in the history: Back returns to the filters before. */
  const setFilters = useCallback((filters: QueueFilters) => go(withFilters(latest(), filters), false), [go]);
  return { params, update, setFilters, searchParams };
}

/**
 * Whether the member asked for the exact total and it is being counted: the route's loader asks for the page before
 * the address changes, so the screen reads the pending navigation to this same screen with total=exact.
 */
export function useCountingExactly(): boolean {
  const { pathname, search } = useLocation();
  const pending = useNavigation().location;
  return (
    pending !== undefined &&
    pending.pathname === pathname &&
    new URLSearchParams(pending.search).get('total') === 'exact' &&
    new URLSearchParams(search).get('total') !== 'exact'
  );
}
