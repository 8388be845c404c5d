/** POST /api/front/track-order: order id + e-mail; the answer carries the order's access token. */
import { useMutation } from '@tanstack/react-query';
import type { TrackOrderAnswer, TrackOrderValues } from '../../../../../shared/schemas/tracking';
import { api } from '../../../lib/api';
import { saveCustomerAccess } from '../customer-access';

export function useTrackOrder() {
  return useMutation({
    mutationFn: (values: TrackOrderValues) => api.post<TrackOrderAnswer>('front/track-order', values),
    onSuccess: ({ data }) => saveCustomerAccess(data.orderId, { token: data.accessToken, expiresAt: data.expiresAt }),
  });
}
