/**
 * What the order page's route loads before the page shows: the order and its mails (features/order-detail,
 * features/documents), together, through the query options the page's sections read.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { decodeOrderId } from '../../../shared/ids';
import { loadQueries } from '../lib/load-queries';
import { emailHistoryQuery } from '../features/documents/api/get-email-history';
import { orderDetailQuery } from '../features/order-detail/api/get-order-detail';

export const orderDetailLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    // An address that names no order: the page says so itself.
    const orderId = params.orderId ? decodeOrderId(params.orderId) : null;
    if (orderId !== null) await loadQueries(queryClient, [orderDetailQuery(orderId), emailHistoryQuery(orderId)]);
    return null;
  };
