/** GET /api/front/branding: the landing site of the order in the address (or the default site), once per page load. */
import type { Branding } from '../../../../../shared/schemas/tracking';
import { publicApi } from './public-api';
import { useRequest } from '../use-request';

const brandings = new Map<string, Branding>();

export const useBranding = (encodedOrderId: string | undefined) =>
  useRequest(
    `branding:${encodedOrderId ?? ''}`,
    async () => (await publicApi.get<Branding>('front/branding', { query: { order: encodedOrderId } })).data,
    brandings,
  );
