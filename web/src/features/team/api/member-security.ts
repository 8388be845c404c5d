/** Admin: the two-factor requirement and a member's second factor and sessions (server: security.routes.ts). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecurityEvent, SessionView, TwoFactorStatus } from '../../../../../shared/schemas/auth';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const securitySettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.settings(),
    queryFn: async () => (await api.get<{ requireTwoFactor: boolean }>('admin/security-settings')).data,
  });

export interface MemberSecurity {
  twoFactor: TwoFactorStatus;
  sessions: SessionView[];
  events: SecurityEvent[];
}
export const memberSecurityQuery = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.security.member(memberId),
    queryFn: async () => (await api.get<MemberSecurity>(`admin/team-member-security/${memberId}`)).data,
  });

function useSecurityMutation<T>(call: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.all() }),
  });
}

export const useRequireTwoFactor = () =>
  useSecurityMutation((required: boolean) => api.post('admin/security-settings', { required }));
export const useResetTwoFactor = () =>
  useSecurityMutation((teamMemberId: number) => api.post('admin/reset-two-factor', { teamMemberId }));
export const useEndMemberSessions = () =>
  useSecurityMutation((teamMemberId: number) => api.post('admin/end-member-sessions', { teamMemberId }));
export const useEndMemberSession = () =>
  useSecurityMutation((sessionId: string) => api.post('admin/end-session', { sessionId }));
