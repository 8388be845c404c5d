/**
 * A queue's selection and the actions on it (product: screens.md#search-and-selection, roles.md#queue-actions): the
 * ticked orders of the page shown, and each selection-based action behind its question, with its toast.
 */
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { Folder } from '../../../../shared/folders';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { errorMessage } from '../../lib/api';
import { useChanged } from '../../lib/use-changed';
import {
  useAssignToMe,
  useDeleteOrders,
  useMarkRefunded,
  useMoveToCompleteRefund,
  useMoveToOriginalFolder,
} from './api/queue-actions';

export type QueueAction = 'delete' | 'assign' | 'release' | 'refund' | 'completeRefund';

const QUESTIONS: Record<QueueAction, string> = {
  delete: 'Are you sure you want to delete?',
  assign: 'Are you sure want to assigned orders.',
  release: 'Are you sure want to move orders to new orders.',
  refund: 'Are you sure you want to mark the selected orders as refunded?',
  completeRefund: 'Are you sure you want to move the selected orders to Completed and send the refund mail?',
};

/** The ticked orders; none once `shown` (which page of which queue) changes. */
export function useRowSelection(rows: OrderListRow[], shown: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  if (useChanged(shown) && selected.size) setSelected(new Set());
  // Stable, as the memoised rows need: ticking one box draws that row alone.
  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.order_id)) : new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, toggleAll, clear };
}

/** The action waiting for its answer ("Yes"), run with its toast; `done` after one succeeds. */
export function useQueueActions(folder: Folder, done: () => void) {
  const remove = useDeleteOrders();
  const assign = useAssignToMe();
  const release = useMoveToOriginalFolder();
  const refund = useMarkRefunded();
  const completeRefund = useMoveToCompleteRefund();
  const busy =
    remove.isPending || assign.isPending || release.isPending || refund.isPending || completeRefund.isPending;
  const [pending, setPending] = useState<{ kind: QueueAction; ids: number[] } | null>(null);
  // Another queue (one screen shows every queue): a question about this one's orders goes.
  if (useChanged(folder) && pending) setPending(null);

  /** Asks first; with no order ticked, nothing happens. */
  const ask = (kind: QueueAction, ids: number[]) => {
    if (ids.length) setPending({ kind, ids });
  };
  const cancel = () => setPending(null);
  const run = async () => {
    if (!pending) return;
    const { kind, ids } = pending;
    try {
      if (kind === 'delete') {
        await remove.mutateAsync(ids);
        toast.success('Order has been deleted successfully');
      }
      if (kind === 'assign') {
        await assign.mutateAsync(ids);
        toast.success('Order has been assigned successfully');
      }
      if (kind === 'release') toast.success((await release.mutateAsync(ids)).message);
      if (kind === 'refund') toast.success((await refund.mutateAsync(ids)).message);
      if (kind === 'completeRefund') toast.success((await completeRefund.mutateAsync(ids)).message);
      done();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  };
  return { pending, question: pending ? QUESTIONS[pending.kind] : '', busy, ask, cancel, run };
}
