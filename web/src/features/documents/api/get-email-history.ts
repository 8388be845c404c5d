/**
 * GET /api/admin/get-email-history/{orderId}: every mail of the order (queued,
 * sent, failed) and its documents. The key sits under the order's detail key,
 * so whatever reloads the order reloads this too. While a mail is on its way
 * the query polls, so "queued" turns into "sent" without a click.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { EmailHistory } from '../../../../../shared/schemas/mail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const emailHistoryKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'email-history'] as const;

const hasPending = (data: EmailHistory | undefined) =>
  !!data?.mailHistory.some((m) => m.status === 'queued' || m.status === 'sending');

/** How long an answer asked for with the order (prefetchEmailHistory) serves the page that opens. */
const ASKED_WITH_THE_ORDER_MS = 5_000;

export const emailHistoryQuery = (orderId: number) =>
  queryOptions({
    queryKey: emailHistoryKey(orderId),
    queryFn: async () => (await api.get<EmailHistory>(`admin/get-email-history/${orderId}`)).data,
    refetchInterval: (query) => (hasPending(query.state.data) ? 2000 : false),
    // An answer asked for with the order (prefetchEmailHistory) is not asked for again as the page opens: starting
    // that request was part of drawing the page. Mail sent or resent reloads it (its mutations invalidate the key).
    staleTime: ASKED_WITH_THE_ORDER_MS,
  });

export const useEmailHistory = (orderId: number) => useQuery(emailHistoryQuery(orderId));

/**
 * The order's mails, asked for with the order itself when someone shows the intent to open it (a queue's View under
 * the pointer, focused or clicked: features/queues row-cells.tsx). Started by the page, the request was part of the
 * order's first draw (its effects run before the paint): 12% of a View click's work after the answer (issue 27).
 */
export const prefetchEmailHistory = (queryClient: QueryClient, orderId: number) =>
  void queryClient.prefetchQuery(emailHistoryQuery(orderId));
