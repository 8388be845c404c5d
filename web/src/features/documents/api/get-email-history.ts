/**
 * GET /api/admin/get-email-history/{orderId}: every mail of the order (queued,
 * sent, failed) and its documents. The key sits under the order's detail key,
 * so whatever reloads the order reloads this too. While a mail is on its way
 * the query polls, so "queued" turns into "sent" without a click.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailHistory } from '../../../../../shared/schemas/mail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const emailHistoryKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'email-history'] as const;

const hasPending = (data: EmailHistory | undefined) =>
  !!data?.mailHistory.some((m) => m.status === 'queued' || m.status === 'sending');

/** How long an answer loaded with the order (its route's loader) serves the page that opens. */
const LOADED_WITH_THE_ORDER_MS = 5_000;

export const emailHistoryQuery = (orderId: number) =>
  queryOptions({
    queryKey: emailHistoryKey(orderId),
    queryFn: async () => (await api.get<EmailHistory>(`admin/get-email-history/${orderId}`)).data,
    refetchInterval: (query) => (hasPending(query.state.data) ? 2000 : false),
    // Loaded with the order by the page's route, it is not asked for again as the page opens. Mail sent or resent
    // reloads it (its mutations invalidate the key).
    staleTime: LOADED_WITH_THE_ORDER_MS,
  });

export const useEmailHistory = (orderId: number) => useQuery(emailHistoryQuery(orderId));
