/** GET /api/front/branding: the landing site of the order in the address (or the default site). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branding } from '../../../../../shared/schemas/tracking';
import { api } from '../../../lib/api';
import { publicKeys } from './keys';

export const brandingQuery = (encodedOrderId: string | undefined) => queryOptions({
  queryKey: publicKeys.branding(encodedOrderId),
  queryFn: async () => (await api.get<Branding>('front/branding', { query: { order: encodedOrderId } })).data,
  staleTime: 5 * 60_000,
});

export const useBranding = (encodedOrderId: string | undefined) => useQuery(brandingQuery(encodedOrderId));
