/**
 * Which orders a queue marks "Customer replied", followed live: a stable function of the order id (a queue's rows are
 * memoised, so a new function only when the marks change).
 */
import { useCallback } from 'react';
import { useRepliedOrders } from './api/information-requests';
import { useRequestsFollowLive } from './use-live-requests';

const NONE: ReadonlySet<number> = new Set();

export function useRepliedMarks(): (orderId: number) => boolean {
  useRequestsFollowLive();
  const replied = useRepliedOrders().data ?? NONE;
  return useCallback((orderId: number) => replied.has(orderId), [replied]);
}
