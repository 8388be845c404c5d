/**
 * What an order's page opens with, asked for as soon as someone shows the intent to open it, so the answers travel
 * while the page's code runs and draws (issue 27): the order (features/order-detail), then its mails
 * (features/documents), which the page would otherwise ask for only once the order had come. A row's View asks on
 * the pointer, focus or click; the queue's keyboard (Enter) and Work next as they open the order (`useOpenOrder`).
 */
import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { prefetchEmailHistory } from '../documents';
import { prefetchOrderDetail } from '../order-detail';

export function prefetchOrderPage(queryClient: QueryClient, orderId: number): void {
  prefetchOrderDetail(queryClient, orderId);
  prefetchEmailHistory(queryClient, orderId);
}

/** Opens an order's page from code (a key, Work next's answer), its answers asked for first. */
export function useOpenOrder(): (orderId: number) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (orderId: number) => {
      prefetchOrderPage(queryClient, orderId);
      void navigate(paths.admin.viewOrder(orderId));
    },
    [queryClient, navigate],
  );
}
