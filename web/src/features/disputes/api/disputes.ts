/**
 * The disputes calls (product: disputes.md): an order's disputes with the evidence that would be sent, sending it,
 * the ChargeBack queue's disputes and the unmatched ones an Admin links. An order's disputes live under the order's
 * detail key, so whatever refreshes the order (a live event, a move) refreshes them too; the lists live under
 * `disputes` and follow the live stream (useDisputesFollowLive) and the member's own sending.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeRow, OrderDisputes, SendEvidenceInput } from '../../../../../shared/schemas/disputes';
import type { OrderActivityEvent, OrderChangedEvent } from '../../../../../shared/live';
import { stepTopicOf } from '../../../../../shared/process-steps';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveEvents } from '../../live';
import { DISPUTES_KEY } from './disputes-report';

export const orderDisputesKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'disputes'] as const;
const chargeBackKey = (sort: string, dir: string) => [...DISPUTES_KEY, 'chargeback', sort, dir] as const;
const unmatchedKey = () => [...DISPUTES_KEY, 'unmatched'] as const;

export function useOrderDisputes(orderId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: orderDisputesKey(orderId),
      queryFn: async () => (await api.post<OrderDisputes>('admin/order-disputes', { orderId })).data,
      enabled,
    }),
  );
}

export function useSendEvidence(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendEvidenceInput) => api.post<Dispute>('admin/dispute-evidence', input),
    // A refusal is recorded on the dispute too: read it again either way, with the order's timeline, and the lists
    // (the ChargeBack queue's state column, the report), which the member may go back to before they would age.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
        client.invalidateQueries({ queryKey: DISPUTES_KEY }),
      ]),
  });
}

export function useChargeBackDisputes(sort: 'due' | 'opened', dir: 'asc' | 'desc') {
  return useQuery(
    queryOptions({
      queryKey: chargeBackKey(sort, dir),
      queryFn: async () => (await api.get<DisputeRow[]>('admin/chargeback-disputes', { query: { sort, dir } })).data,
    }),
  );
}

export function useUnmatchedDisputes(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: unmatchedKey(),
      queryFn: async () => (await api.get<Dispute[]>('admin/unmatched-disputes')).data,
      enabled,
    }),
  );
}

export function useLinkDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { disputeId: number; orderId: number }) => api.post<Dispute>('admin/link-dispute', input),
    onSuccess: () => client.invalidateQueries({ queryKey: DISPUTES_KEY }),
  });
}

/**
 * The dispute lists follow what the live stream says: a process-log line about a dispute (one arrived, was linked,
 * changed at the provider, saved, submitted, refused or closed; by anyone, a webhook included) or an order entering
 * or leaving ChargeBack (whose disputes the queue lists) reads them again; that order's own disputes are marked to be
 * read again when next shown (an open order page has its own notice of a colleague's change).
 */
export function useDisputesFollowLive() {
  const client = useQueryClient();
  useLiveEvents((message) => {
    let orderId: number;
    if (message.event === 'activity') {
      const activity = message.data as OrderActivityEvent;
      if (stepTopicOf(activity.step) !== 'Disputes') return;
      orderId = activity.orderId;
    } else if (message.event === 'order') {
      const change = message.data as OrderChangedEvent;
      if (change.from?.status !== 'ChargeBack' && change.to?.status !== 'ChargeBack') return;
      orderId = change.orderId;
    } else return;
    void client.invalidateQueries({ queryKey: DISPUTES_KEY });
    void client.invalidateQueries({ queryKey: orderDisputesKey(orderId), refetchType: 'none' });
  });
}
