/** The queue table of spec section 2: columns, row selection, View (grey when assigned), optional per-row Delete. */
import type { ReactNode } from 'react';
import { statusLabel } from '../../../../shared/orders';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { arrivalDate, dateTime, telephone } from './format';
import { EmailCell, RowActionsCell } from './row-cells';

interface QueueTableProps {
  rows: OrderListRow[];
  loading: boolean;
  selected: ReadonlySet<number>;
  onToggle(orderId: number): void;
  onToggleAll(select: boolean): void;
  onDelete?: ((row: OrderListRow) => void) | undefined;
  /** More links in a row's Action cell (the ChargeBack queue's defence packs). */
  rowLinks?: ((row: OrderListRow) => ReactNode) | undefined;
}

export function QueueTable({ rows, loading, selected, onToggle, onToggleAll, onDelete, rowLinks }: QueueTableProps) {
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.order_id));
  return (
    <div className={`queue-table-scroll border rounded ${loading ? 'queue-table-loading' : ''}`}>
      <table className="table table-hover table-sm mb-0" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <input type="checkbox" className="form-check-input" aria-label="Select all rows on this page" checked={allSelected} disabled={!rows.length} onChange={(e) => onToggleAll(e.target.checked)} />
            </th>
            <th scope="col">Order Id</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Telephone</th>
            <th scope="col" className="text-wrap">Arrival Date</th>
            <th scope="col" className="text-wrap">Date &amp; Time</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={9} className="text-center text-muted py-4">{loading ? 'Loading…' : 'No data available in table'}</td></tr>
          ) : rows.map((row) => (
            <tr key={row.order_id} className={selected.has(row.order_id) ? 'table-active' : undefined}>
              <td>
                <input type="checkbox" className="form-check-input" aria-label={`Select order ${row.order_id}`} checked={selected.has(row.order_id)} onChange={() => onToggle(row.order_id)} />
              </td>
              <td>{row.order_id}</td>
              <td>{row.given_name} {row.surname}</td>
              <EmailCell email={row.email} />
              <td>{telephone(row.personal_phone_code, row.personal_telephone_number)}</td>
              <td>{arrivalDate(row.date_of_arrival_in_japan, row.month_of_arrival_in_japan, row.year_of_arrival_in_japan)}</td>
              <td>{dateTime(row.created_at)}</td>
              <td>{statusLabel(row.process_status, row.refund_date)}</td>
              <RowActionsCell row={row} onDelete={onDelete ? () => onDelete(row) : undefined}>{rowLinks?.(row)}</RowActionsCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
