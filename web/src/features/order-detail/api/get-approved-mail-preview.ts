/** GET /api/admin/approved-mail-preview/{orderId}: the approved-order mail as the mailer renders it. */
import { queryOptions } from '@tanstack/react-query';
import type { ApprovedMailPreview } from '../../../../../shared/schemas/order-detail';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const approvedMailPreviewQuery = (orderId: number) =>
  queryOptions({
    // Under the order's detail key, so whatever refreshes the order refreshes its preview.
    queryKey: [...queryKeys.orders.detail(orderId), 'approved-mail'] as const,
    queryFn: async () => (await api.get<ApprovedMailPreview>(`admin/approved-mail-preview/${orderId}`)).data,
  });
