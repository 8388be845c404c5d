/**
 * The queue table (product: folders.md#queue-screens): columns, row selection, View (grey when assigned), optional per-row Delete.
 * Dense rows (docs/decisions/0026): every row one line (names, e-mails and telephones cut with an ellipsis, whole on
 * hover and focus), the Action column sticky at the right while the table scrolls sideways, the body scrolling
 * inside the window's height (queues.css); under 768 px the rows are cards (QueueCards).
 */
import { memo } from 'react';
import { statusLabel } from '../../../../shared/orders';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { telephone } from './format';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { DepartedNote, ViewersMark } from '../live';
import { CustomerRepliedMark } from '../information-requests';
import { QueueCards } from './QueueCards';
import { EmailCell, NameCell, RowActionsCell, RowCheckbox } from './row-cells';
import { TruncatedText } from './TruncatedText';
import { ArrivalCell, ArrivalHeader } from './urgency/row-urgency';
import { Bar, PlaceholderActions } from './placeholders';
import { queueItemClasses, queueItemProps, type QueueItemProps, type QueueRowsProps } from './queue-item';

/** What the table's rows and the phone's cards both draw. */
interface QueueTableProps extends QueueRowsProps {
  selected: ReadonlySet<number>;
  onToggle(orderId: number): void;
  onToggleAll(select: boolean): void;
}

export function QueueTable(props: QueueTableProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  return phone ? <QueueCards {...props} /> : <QueueRowsTable {...props} />;
}

function QueueRowsTable(props: QueueTableProps) {
  const { rows, loading, selected, onToggle, onToggleAll, onDelete, arrivalSort, placeholderRows = 0 } = props;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.order_id));
  const placeholding = rows.length === 0 && loading && placeholderRows > 0;
  return (
    <div className={`queue-rows queue-table-scroll border rounded ${loading ? 'queue-table-loading' : ''}`}>
      <table className="table table-hover table-sm mb-0" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <input
                type="checkbox"
                className="form-check-input"
                aria-label="Select all rows on this page"
                checked={allSelected}
                disabled={!rows.length}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <th scope="col">Order Id</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Telephone</th>
            <ArrivalHeader sorted={!!arrivalSort?.sorted} onSort={arrivalSort?.onSort} />
            <th scope="col">Date &amp; Time ({staffZoneHeading()})</th>
            <th scope="col">Status</th>
            <th scope="col" className="queue-cell-actions">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {placeholding ? null : rows.length === 0 ? (
            <tr>
              <td colSpan={9} className="text-center text-muted py-4">
                {loading ? 'Loading…' : 'No data available in table'}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <QueueRow key={row.order_id} {...queueItemProps(row, index, props)} onToggle={onToggle} />
            ))
          )}
        </tbody>
        {/* Apart from the body's rows (tfoot), so nothing that reads the table takes a loading row for an order. */}
        {placeholding ? (
          <tfoot className="queue-placeholder" aria-hidden="true">
            {Array.from({ length: placeholderRows }, (_, index) => (
              <PlaceholderRow key={index} withDelete={!!onDelete} />
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** One table row, drawn again only when its own values change (queue-item.ts). */
const QueueRow = memo(function QueueRow(item: QueueItemProps & { onToggle(orderId: number): void }) {
  const { row, index, selected, focused, urgency, departed, viewers, replied, onToggle, onDelete, rowLinks } = item;
  return (
    <tr
      data-row-index={index}
      tabIndex={-1}
      aria-current={focused ? 'true' : undefined}
      className={queueItemClasses(item, 'table-active') || undefined}
    >
      <td>
        <RowCheckbox orderId={row.order_id} checked={selected} onToggle={onToggle} />
      </td>
      <td>
        {row.order_id}
        {viewers ? <ViewersMark names={viewers} /> : null}
      </td>
      <NameCell row={row} />
      <EmailCell email={row.email} />
      <td className="queue-cell-cut queue-cell-phone">
        <TruncatedText kind="telephone" text={telephone(row.personal_phone_code, row.personal_telephone_number)} />
      </td>
      <ArrivalCell row={row} urgency={urgency} />
      <td>
        <StaffTime value={row.created_at} underHeading />
      </td>
      <td>
        {statusLabel(row.process_status, row.refund_date)}
        {replied ? <CustomerRepliedMark /> : null}
        {departed ? <DepartedNote label={departed} /> : null}
      </td>
      <RowActionsCell row={row} onDelete={onDelete ? () => onDelete(row) : undefined}>
        {rowLinks?.(row)}
      </RowActionsCell>
    </tr>
  );
});

/**
 * A loading row of the same cells as a real one, each a bar the size of a typical value, so the table is as high
 * while it loads as after at every width: the rows arriving move nothing below them (no layout shift).
 */
const PlaceholderRow = memo(function PlaceholderRow({ withDelete }: { withDelete: boolean }) {
  return (
    <tr>
      <td>
        <input type="checkbox" className="form-check-input" disabled tabIndex={-1} />
      </td>
      <td>
        <Bar text="1000000" />
      </td>
      <td className="queue-cell-cut queue-cell-name">
        <Bar text="Given Surname" />
      </td>
      <td className="queue-cell-cut queue-cell-email order-email">
        <Bar text="given.surname123@example.com" />
      </td>
      <td className="queue-cell-cut queue-cell-phone">
        <Bar text="+81 9012345678" />
      </td>
      <td>
        <Bar text="01/01/2026" />
      </td>
      <td>
        <Bar text="01/01/2026 10:00" />
      </td>
      <td>
        <Bar text="Pending" />
      </td>
      <td className="queue-cell-actions">
        <PlaceholderActions withDelete={withDelete} />
      </td>
    </tr>
  );
});
