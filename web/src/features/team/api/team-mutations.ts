/** Changing the team: add, update, delete; each refreshes the team queries. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTeamMemberInput, TeamMember, UpdateTeamMemberInput } from '../../../../../shared/schemas/team';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddTeamMemberInput | UpdateTeamMemberInput) =>
      'tmId' in input
        ? api.post<TeamMember>('admin/update-team-member', input)
        : api.post<TeamMember>('admin/add-team-member', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.all() }),
  });
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamMemberId: number) => api.put<null>('admin/delete-team-member', { teamMemberId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.all() }),
  });
}
