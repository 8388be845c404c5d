/** The members an Admin or Manager can assign orders to (GET admin/get-team-member-list; team:manage). */
import { useQuery } from '@tanstack/react-query';
import type { TeamMember } from '../../../../../../shared/schemas/team';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

export const useAssignableMembers = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.team.list(),
    queryFn: async () => (await api.get<TeamMember[]>('admin/get-team-member-list')).data,
    enabled,
    staleTime: 60_000,
  });
