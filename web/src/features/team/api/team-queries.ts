/** Reading the team: list, one member, and the types the caller may assign. */
import { queryOptions } from '@tanstack/react-query';
import type { TeamMember } from '../../../../../shared/schemas/team';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const teamListQuery = () =>
  queryOptions({
    queryKey: queryKeys.team.list(),
    queryFn: async () => (await api.get<TeamMember[]>('admin/get-team-member-list')).data,
  });

export const teamMemberQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.team.member(id),
    queryFn: async () => (await api.get<TeamMember>(`admin/team-member-info/${id}`)).data,
  });

export const memberTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.team.types(),
    queryFn: async () => (await api.get<string[]>('admin/get-team-member-type')).data,
    staleTime: Infinity,
  });
