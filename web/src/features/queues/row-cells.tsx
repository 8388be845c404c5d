/**
 * Cells that every queue table (QueueTable and Future Order's month table) draws alike; queues.css lays them out.
 * A row is one line (docs/decisions/0026). Names, e-mails and telephones are cut with an ellipsis where their column ends
 * (the full text on hover and keyboard focus: TruncatedText); the Action cell stays at the table's right edge.
 */
import type { ReactNode } from 'react';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { OrderPageLink } from '../../components/OrderPageLink';
import { TruncatedText } from './TruncatedText';

export const fullName = (row: Pick<OrderListRow, 'given_name' | 'surname'>) => `${row.given_name} ${row.surname}`;

/** A row's (or card's) selection box. */
export function RowCheckbox({
  orderId,
  checked,
  onToggle,
}: {
  orderId: number;
  checked: boolean;
  onToggle(orderId: number): void;
}) {
  return (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label={`Select order ${orderId}`}
      checked={checked}
      onChange={() => onToggle(orderId)}
    />
  );
}

/** Name (given name plus surname), one line. */
export function NameCell({ row }: { row: OrderListRow }) {
  return (
    <td className="queue-cell-cut queue-cell-name">
      <TruncatedText kind="name" text={fullName(row)} />
    </td>
  );
}

/** The customer's e-mail, one line. */
export function EmailCell({ email }: { email: string }) {
  return (
    <td className="queue-cell-cut queue-cell-email order-email">
      <TruncatedText kind="email" text={email} />
    </td>
  );
}

/** View (grey when the order is assigned), any further links, and Delete when given. */
export function RowActions({
  row,
  onDelete,
  children,
}: {
  row: OrderListRow;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="queue-row-actions" data-card-actions>
      <ViewOrderLink row={row} />
      {children}
      {onDelete ? (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onDelete}>
          Delete
        </button>
      ) : null}
    </div>
  );
}

/** The Action cell: sticky at the right of the table (queues.css), so its buttons never scroll out of sight. */
export function RowActionsCell({
  row,
  onDelete,
  children,
}: {
  row: OrderListRow;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}) {
  return (
    <td className="queue-cell-actions">
      <RowActions row={row} onDelete={onDelete}>
        {children}
      </RowActions>
    </td>
  );
}

/** The row's View: the order's page; grey when the order is assigned, saying to whom on hover. */
function ViewOrderLink({ row }: { row: OrderListRow }) {
  return (
    <OrderPageLink
      orderId={row.order_id}
      className={`btn btn-sm ${row.assigned_to_id !== null ? 'btn-secondary' : 'btn-primary'}`}
      title={row.assign_to ? `Assigned to ${row.assign_to}` : undefined}
    >
      View
    </OrderPageLink>
  );
}
