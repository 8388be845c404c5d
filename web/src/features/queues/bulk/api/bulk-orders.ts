/**
 * POST admin/bulk-orders: move, assign or delete the selected orders, or all of a queue view
 * with the count the confirmation showed. The answer says per order what happened; lists and counts refresh.
 */
import { useMutation } from '@tanstack/react-query';
import type { BulkResult } from '../../../../../../shared/schemas/bulk-orders';
import type { BulkAction } from '../../../../../../shared/schemas/bulk-orders-texts';
import type { Folder, ProcessStatus } from '../../../../../../shared/orders';
import type { QueueFilters } from '../../../../../../shared/schemas/queue-filters';
import { api } from '../../../../lib/api';
import { useRefreshAfterChange } from '../../../live';

/** The queue view "all matching" names: folder, search, month tile and the filters. */
export interface BulkView {
  folderName: Folder;
  searchVal: string;
  processMonth?: number | undefined;
  filters?: QueueFilters | undefined;
}

export interface BulkRequest {
  action: BulkAction;
  status?: Exclude<ProcessStatus, 'Deleted'> | undefined;
  assigneeId?: number | undefined;
  /** The ticked rows, or every order of `view` (then `expectedCount` is the number the confirmation said). */
  target: { orderIds: number[]; view: BulkView } | { all: BulkView; expectedCount: number };
}

function bodyOf({ action, status, assigneeId, target }: BulkRequest) {
  const common = { action, ...(status ? { status } : {}), ...(assigneeId !== undefined ? { assigneeId } : {}) };
  if ('orderIds' in target) return { ...common, orderIds: target.orderIds, folderName: target.view.folderName };
  const { filters, processMonth, ...view } = target.all;
  return {
    ...common,
    all: { ...view, ...(processMonth ? { processMonth } : {}), ...filters },
    expectedCount: target.expectedCount,
  };
}

export function useBulkOrders() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (request: BulkRequest) => {
      const answer = await api.post<BulkResult>('admin/bulk-orders', bodyOf(request));
      return { message: answer.message, result: answer.data };
    },
    onSettled: refresh,
  });
}
