/** What the filter bar offers: the landing sites (server) and, for an Admin or Manager, the team as assignees. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '../../../../../shared/schemas/team';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type { LandingSiteOption } from '../../../../../shared/schemas/order-list';
import type { LandingSiteOption } from '../../../../../shared/schemas/order-list';

export const landingSitesQuery = () =>
  queryOptions({
    queryKey: ['landing-sites'] as const,
    queryFn: async () => (await api.get<LandingSiteOption[]>('admin/landing-sites')).data,
    staleTime: Infinity,
  });

export const useLandingSites = () => useQuery(landingSitesQuery());

/** The team list (Manage Team's own query), only for those who may read it. */
export const useAssignees = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.team.list(),
    queryFn: async () => (await api.get<TeamMember[]>('admin/get-team-member-list')).data,
    enabled,
    staleTime: 60_000,
  });
