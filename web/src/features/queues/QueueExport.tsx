/**
 * Export on every queue (docs/decisions/0024): exactly the orders the queue shows with its
 * search, filters and sort (every page, not just this one), as CSV or XLSX, from POST /api/admin/export-orders.
 * The search, month, sort and filters are the queue's params (use-queue-params.ts), the same the list is asked for.
 * Shown to the roles that may read the folder and may export (Admin, Manager, and the roles an Admin granted it to);
 * the server enforces the same rules.
 */
import { memo } from 'react';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
import { can } from '../../../../shared/roles';
import { activeFilters } from '../../../../shared/schemas/queue-filters';
import { useAuth } from '../../lib/auth-context';
import { ExportMenu } from '../../components/export/ExportMenu';
import { useMayExport } from '../../components/export/export-rights';
import type { QueueParams } from './use-queue-params';

type ExportParams = Pick<QueueParams, 'search' | 'month' | 'sort' | 'filters'>;

/** The export body of a queue: its search, month, sort and filters, as the list is asked for them. */
export function exportBody(folder: Folder, params: ExportParams): Record<string, unknown> {
  return {
    folderName: folder,
    ...(params.search.trim() ? { searchVal: params.search } : {}),
    ...(folder === 'futureOrder' && params.month ? { processMonth: params.month } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
    ...activeFilters(params.filters),
  };
}

/** Memoised: the queue's rows arriving, or a box ticked, leave it alone. */
export const QueueExport = memo(function QueueExport({
  folder,
  params,
  title,
}: {
  folder: Folder;
  params: ExportParams;
  title?: string;
}) {
  const { user } = useAuth();
  const mayExport = useMayExport();
  const { read } = folderDeclaration(folder);
  const mayRead = !read || can(user?.type, read.permission);
  if (!mayRead || !mayExport) return null;
  return <ExportMenu kind="orders" body={exportBody(folder, params)} label={`Export ${title ?? 'this queue'}`} />;
});
