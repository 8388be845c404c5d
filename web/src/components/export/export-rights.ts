/**
 * Whether the signed-in member may export (product: roles.md#exports): Admin and Manager always; another role when an
 * Admin granted it (GET admin/export-settings, asked only by those roles). Only hides the Export menu: the server
 * refuses an export the member may not make, whatever the screen shows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { can } from '../../../../shared/roles';
import { mayExport } from '../../../../shared/schemas/export-rights-texts';
import type { ExportSettings } from '../../../../shared/schemas/export-rights';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { queryKeys } from '../../lib/query-keys';

export const exportSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.exports.settings(),
    queryFn: async ({ signal }) => (await api.get<ExportSettings>('admin/export-settings', { signal })).data,
  });

export function useMayExport(): boolean {
  const { user } = useAuth();
  const byTable = can(user?.type, 'orders:export');
  const settings = useQuery({ ...exportSettingsQuery(), enabled: !!user && !byTable });
  return byTable || mayExport(user?.type, settings.data?.grantedRoles ?? []);
}
