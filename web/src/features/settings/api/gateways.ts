/** Gateway Setting: GET admin/payment-gateways and POST admin/payment-gateway-setting {gatewayId}. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gateway, GatewayChange } from '../../../../../shared/schemas/reports';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface GatewayList {
  gateways: Gateway[];
  lastChange: GatewayChange | null;
}

export const gatewaysQuery = () =>
  queryOptions({
    queryKey: queryKeys.gateways(),
    queryFn: async ({ signal }): Promise<GatewayList> => {
      const answer = await api.get<Gateway[]>('admin/payment-gateways', { signal });
      return { gateways: answer.data, lastChange: (answer.lastChange as GatewayChange | null | undefined) ?? null };
    },
  });

export const useGateways = () => useQuery(gatewaysQuery());

export function useSetActiveGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gatewayId: number) => api.post<Gateway>('admin/payment-gateway-setting', { gatewayId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.gateways() }),
  });
}
