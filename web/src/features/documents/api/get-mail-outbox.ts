/** GET /api/admin/mail-outbox?filter&page&limit (Admin): mails with their full content. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../../shared/schemas/mail';
import { OUTBOX_FILTERS } from '../../../../../shared/schemas/mail-texts';
import { api } from '../../../lib/api';

export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];
export interface OutboxParams {
  filter: OutboxFilter;
  page: number;
  limit: number;
}

/** Mails per page of the outbox. */
const OUTBOX_PAGE_SIZE = 10;

/** The outbox page an address asks for (?filter=&page=): the screen and its route's loader read it alike. */
export function outboxRequest(search: URLSearchParams): OutboxParams {
  const filter = search.get('filter');
  return {
    filter: (OUTBOX_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as OutboxFilter) : 'outbox',
    page: Math.max(1, Number(search.get('page')) || 1),
    limit: OUTBOX_PAGE_SIZE,
  };
}

export const mailOutboxQuery = (params: OutboxParams) =>
  queryOptions({
    queryKey: ['mail-outbox', params] as const,
    queryFn: async () => {
      const res = await api.get<OutboxMail[]>('admin/mail-outbox', { query: { ...params } });
      return { rows: res.data, totalRecords: Number(res.totalRecords ?? 0) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((m) => m.status === 'queued' || m.status === 'sending') ? 3000 : false,
  });

export const useMailOutbox = (params: OutboxParams) => useQuery(mailOutboxQuery(params));
