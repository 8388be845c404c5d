/** The signed-in member's two-factor sign-in and sessions (server: features/auth/security.routes.ts). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView, TwoFactorStatus } from '../../../../../shared/schemas/auth';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.twoFactor(),
    queryFn: async () => (await api.get<TwoFactorStatus>('admin/two-factor')).data,
  });

export const mySessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.sessions(),
    queryFn: async () => (await api.get<SessionView[]>('admin/sessions')).data,
  });

export interface SetupSecret {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export const useBeginSetup = () =>
  useMutation({
    mutationFn: async () => (await api.post<SetupSecret>('admin/two-factor/setup')).data,
  });

/** No refresh on success: the set-up screen stays to show the recovery codes, and refreshes when they are saved. */
export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: (code: string) => api.post<{ recoveryCodes: string[] }>('admin/two-factor/enable', { code }),
  });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<null>('admin/two-factor/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.all() }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.post<null>('admin/end-session', { sessionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.all() }),
  });
}

export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: () => api.post<{ ended: number }>('admin/logout-everywhere'),
  });
