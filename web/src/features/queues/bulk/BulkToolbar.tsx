/**
 * Bulk moves on a queue (docs/decisions/0025): shown while rows are ticked. Move to a status,
 * assign to a member (Admin and Manager), delete (Admin and Manager); "Select all N matching the filter" once the
 * whole page is ticked, never on an estimated total (the member counts it exactly first). One confirmation that says how many, then the result: done, and each refusal with its
 * reason. The server applies the role rules per order; this bar only hides what the role cannot use.
 */
import { useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { LazyDropdown } from '../../../components/LazyDropdown';
import { MOVE_TARGETS, STATUS_FOLDERS, statusLabel, type ProcessStatus } from '../../../../../shared/orders';
import { can } from '../../../../../shared/roles';
import { groupedCount } from '../../../../../shared/grouped-count';
import { BULK_MAX_ORDERS, bulkQuestion, type BulkAction } from '../../../../../shared/schemas/bulk-orders-texts';
import type { OrderListRow } from '../../../../../shared/schemas/order-list';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-context';
import { estimatedCount } from '../format';
import { useBulkOrders, type BulkView } from './api/bulk-orders';
import { useAssignableMembers } from './api/team-members';
import { BulkResultDialog, type BulkOutcomeView } from './BulkResultDialog';
import './bulk.css';

interface BulkToolbarProps {
  /** The queue view on screen: "all matching" means its orders. */
  view: BulkView;
  /** The page's rows, and the ticked ones among them. */
  rows: readonly OrderListRow[];
  selected: ReadonlySet<number>;
  /** The view's total (totalRecords) and whether it was capped (a search counts at most 10,000). */
  total: number;
  totalCapped: boolean;
  /** The total is the server's estimate: "all matching" waits for the exact count. */
  totalEstimated: boolean;
  /** Asks the server for the exact total (the queue's Count exactly). */
  onCountExactly(): void;
  /** After a bulk request: clear the selection. */
  onDone(): void;
}

type Pending = {
  action: BulkAction;
  status?: Exclude<ProcessStatus, 'Deleted'>;
  assignee?: { id: number; name: string };
};

export function BulkToolbar({
  view,
  rows,
  selected,
  total,
  totalCapped,
  totalEstimated,
  onCountExactly,
  onDone,
}: BulkToolbarProps) {
  const { user } = useAuth();
  const role = user?.type;
  const leader = can(role, 'orders:reassign');
  const inDeleted = view.folderName === 'deletedOrder';
  // Deleted Orders: moving is restoring (Admin and Manager) and deleting again does nothing.
  const mayDelete = can(role, 'orders:delete') && !inDeleted;
  const mayMove = !inDeleted || can(role, 'orders:delete');
  const members = useAssignableMembers(leader && selected.size > 0);
  const bulk = useBulkOrders();
  const [all, setAll] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcomeView | null>(null);

  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(r.order_id));
  // An estimate is never a count to act on, nor the number a confirmation names.
  const scopeAll = all && pageSelected && !totalEstimated;
  const howMany = scopeAll ? total : selected.size;
  const moreThanPage = pageSelected && total > rows.length;
  const tooMany = totalCapped || total > BULK_MAX_ORDERS;
  const ownStatus =
    (STATUS_FOLDERS as Partial<Record<string, ProcessStatus>>)[view.folderName] ??
    (view.folderName === 'newOrder' || view.folderName === 'priorityOrder' ? 'New' : undefined);
  const targets = MOVE_TARGETS.filter((s) => s !== ownStatus);

  const what = (p: Pending) =>
    p.action === 'move'
      ? `to ${statusLabel(p.status!)}`
      : p.action === 'assign'
        ? `to ${p.assignee!.id === user?.id ? 'you' : p.assignee!.name}`
        : '';

  const run = async () => {
    if (!pending) return;
    const request = {
      action: pending.action,
      status: pending.status,
      assigneeId: pending.assignee?.id,
      target: scopeAll ? { all: view, expectedCount: total } : { orderIds: [...selected], view },
    };
    try {
      setOutcome(await bulk.mutateAsync(request));
      setAll(false);
      onDone();
    } catch (error) {
      setOutcome({ error: errorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {selected.size > 0 ? (
        <div
          className="bulk-toolbar d-flex flex-wrap column-gap-2 row-gap-1 align-items-center mb-2 px-2 py-1 border rounded"
          role="toolbar"
          aria-label="Bulk actions"
        >
          <span className="small fw-semibold" role="status">
            {scopeAll
              ? `All ${groupedCount(total)} matching orders selected`
              : `${groupedCount(selected.size)} selected`}
          </span>
          {moreThanPage && totalEstimated ? (
            <span className="small text-muted">
              About {estimatedCount(total)} orders match.{' '}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onCountExactly}>
                Count them exactly
              </Button>{' '}
              to select them all.
            </span>
          ) : null}
          {moreThanPage && !scopeAll && !tooMany && !totalEstimated ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => setAll(true)}>
              Select all {groupedCount(total)} matching the filter
            </Button>
          ) : null}
          {moreThanPage && !scopeAll && tooMany && !totalEstimated ? (
            <span className="small text-muted">
              {groupedCount(total)}
              {totalCapped ? '+' : ''} orders match; at most {groupedCount(BULK_MAX_ORDERS)} can be changed at once.
              Narrow the filter to change them all.
            </span>
          ) : null}
          {scopeAll ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => setAll(false)}>
              Only this page ({groupedCount(selected.size)})
            </Button>
          ) : null}
          {mayMove ? (
            <LazyDropdown label="Move selected to…" variant="outline-primary" disabled={bulk.isPending}>
              {targets.map((status) => (
                <Dropdown.Item key={status} as="button" onClick={() => setPending({ action: 'move', status })}>
                  {statusLabel(status)}
                </Dropdown.Item>
              ))}
            </LazyDropdown>
          ) : null}
          {leader ? (
            <LazyDropdown
              label="Assign selected to…"
              variant="outline-primary"
              disabled={bulk.isPending}
              menuClassName="bulk-member-menu"
            >
              {members.isPending ? <Dropdown.ItemText className="small text-muted">Loading…</Dropdown.ItemText> : null}
              {members.isError ? (
                <Dropdown.ItemText className="small text-danger">{errorMessage(members.error)}</Dropdown.ItemText>
              ) : null}
              {(members.data ?? []).map((m) => (
                <Dropdown.Item
                  key={m.id}
                  as="button"
                  onClick={() => setPending({ action: 'assign', assignee: { id: m.id, name: m.name } })}
                >
                  {m.name}
                  {m.id === user?.id ? ' (you)' : ''} <span className="small text-muted">{m.type}</span>
                </Dropdown.Item>
              ))}
            </LazyDropdown>
          ) : null}
          {mayDelete ? (
            <Button
              size="sm"
              variant="outline-danger"
              disabled={bulk.isPending}
              onClick={() => setPending({ action: 'delete' })}
            >
              Delete selected
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        show={!!pending}
        message={pending ? bulkQuestion(pending.action, howMany, what(pending)) : ''}
        busy={bulk.isPending}
        confirmLabel={pending?.action === 'delete' ? 'Delete' : pending?.action === 'assign' ? 'Assign' : 'Move'}
        confirmVariant={pending?.action === 'delete' ? 'danger' : 'primary'}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      />
      <BulkResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
