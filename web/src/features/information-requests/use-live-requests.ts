/**
 * Open screens follow the request for information live (product: information-requests.md#loop): a process-log line
 * of the "Customer requests" topic (a reply, an accept, a decline, a reminder) arrives as an `activity` event, and the
 * order's requests and the "Customer replied" marks are read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { OrderActivityEvent } from '../../../../shared/live';
import { stepTopicOf } from '../../../../shared/process-steps';
import { queryKeys } from '../../lib/query-keys';
import { useLiveEvents } from '../live';

export function useRequestsFollowLive() {
  const queryClient = useQueryClient();
  useLiveEvents((message) => {
    if (message.event !== 'activity') return;
    const activity = message.data as OrderActivityEvent;
    if (stepTopicOf(activity.step) !== 'Customer requests') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.repliedOrders() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.informationRequests(activity.orderId) });
  });
}
