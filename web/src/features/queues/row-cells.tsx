/** Cells that every queue table (QueueTable and Future Order's month table) draws alike; queues.css lays them out. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { paths } from '../../lib/paths';

/**
 * The customer's e-mail. A long address wraps after its "@" first, so the domain is read whole
 * ("kiarra.deckow797@" / "mail.example") instead of being cut wherever the column ends; each half still breaks
 * inside itself when it alone is wider than the column.
 */
export function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <td className="text-break order-email">
      {at <= 0 ? email : (
        <>
          <span className="email-part">{email.slice(0, at + 1)}</span>
          <wbr />
          <span className="email-part">{email.slice(at + 1)}</span>
        </>
      )}
    </td>
  );
}

/** View (grey when the order is assigned), any further links, and Delete when given; they wrap two to a line. */
export function RowActionsCell({ row, onDelete, children }: { row: OrderListRow; onDelete?: (() => void) | undefined; children?: ReactNode }) {
  return (
    <td>
      <div className="queue-row-actions">
        <Link
          to={paths.admin.viewOrder(row.order_id)}
          className={`btn btn-sm ${row.assigned_to_id !== null ? 'btn-secondary' : 'btn-primary'}`}
          title={row.assign_to ? `Assigned to ${row.assign_to}` : undefined}
        >View</Link>
        {children}
        {onDelete ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={onDelete}>Delete</button> : null}
      </div>
    </td>
  );
}
