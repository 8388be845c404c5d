/**
 * One move button per status other than the current one (product: orders.md#moves:
 * eight for a live order), and Delete for Admin and Manager. The server
 * enforces the same rules; a refusal shows its message.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { CLOSED_STATUSES, MOVE_TARGETS, statusLabel, type ProcessStatus } from '../../../../shared/orders';
import { can } from '../../../../shared/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAuth } from '../../lib/auth-context';
import { useDeleteOrder, useMoveOrder } from './api/move-order';
import { useMoveKeys } from './keyboard/use-move-keys';

export function MoveButtons({
  orderId,
  status,
  assignedToId,
}: {
  orderId: number;
  status: string;
  assignedToId: number | null;
}) {
  const { user } = useAuth();
  const move = useMoveOrder(orderId);
  const remove = useDeleteOrder(orderId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Same rule as the server: an open order in the member's own My Orders only an Admin deletes.
  const inMyOrders =
    assignedToId !== null && assignedToId === user?.id && !(CLOSED_STATUSES as readonly string[]).includes(status);
  const mayDelete =
    can(user?.type, 'orders:delete') && (!inMyOrders || can(user?.type, 'orders:delete-from-my-orders'));
  const mayRestore = can(user?.type, 'orders:delete');
  const busy = move.isPending || remove.isPending;
  const deleted = status === 'Deleted';
  const targets = MOVE_TARGETS.filter((s) => s !== status);
  const keys = useMoveKeys(targets, !busy && !(deleted && !mayRestore));

  const onMove = (target: Exclude<ProcessStatus, 'Deleted'>) =>
    move.mutate(target, {
      onSuccess: (res) => {
        toast.success(res.message || `Order moved to ${statusLabel(target)}.`);
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message || 'Order has been deleted successfully');
        setConfirmDelete(false);
      },
      onError: (error) => {
        toast.error(error.message);
        setConfirmDelete(false);
      },
    });

  const confirmMove = () => {
    if (keys.asking) onMove(keys.asking);
    keys.cancel();
  };

  if (deleted && !mayRestore) {
    return <p className="text-muted small mb-0">This order is deleted. An Admin or a Manager can restore it.</p>;
  }
  return (
    <div className="od-moves">
      <span className="od-moves-label" aria-hidden="true">
        {deleted ? 'Restore to:' : 'Move to:'}
      </span>
      <div className="od-move-buttons" role="group" aria-label="Move order to">
        {targets.map((target, i) => (
          <button
            key={target}
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={busy}
            onClick={() => onMove(target)}
            aria-keyshortcuts={keys.keyOf(i)}
            data-key={keys.keyOf(i)}
          >
            {statusLabel(target)}
          </button>
        ))}
        {mayDelete && !deleted ? (
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        show={keys.asking !== null}
        message={keys.asking ? `Move order ${orderId} to ${statusLabel(keys.asking)}?` : ''}
        confirmVariant="primary"
        busy={move.isPending}
        onConfirm={confirmMove}
        onCancel={keys.cancel}
      />
      <ConfirmDialog
        show={confirmDelete}
        message="Are you sure you want to delete?"
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
