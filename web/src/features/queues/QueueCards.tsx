/**
 * Phones (under 768 px): a queue is a list of cards instead of a table: name, order id, arrival date
 * (Future Order: processing date), status and the row's buttons, every one inside the screen. Selection, the
 * keyboard's row (data-row-index), arrival urgency and the live marks work as on the table's rows.
 */
import { memo, useId, type ReactNode } from 'react';
import type { ArrivalUrgency } from '../../../../shared/arrival-urgency';
import { statusLabel } from '../../../../shared/orders';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { arrivalDate } from './format';
import { fullName, RowActions, RowCheckbox } from './row-cells';
import { DepartedNote, ViewersMark } from '../live';
import { CustomerRepliedMark } from '../information-requests';
import { Bar, PlaceholderActions } from './placeholders';
import { queueItemClasses, queueItemProps, type QueueItemProps, type QueueRowsProps } from './queue-item';

export interface QueueCardsProps extends QueueRowsProps {
  /** The date a card shows: the arrival by default; Future Order shows its processing date. */
  dateOf?: ((row: OrderListRow) => { label: string; value: string }) | undefined;
  /** The table header's "select all" box, above the cards. */
  onToggleAll?: ((select: boolean) => void) | undefined;
}

const arrivalOf = (row: OrderListRow) => ({
  label: 'Arrival Date',
  value: arrivalDate(row.date_of_arrival_in_japan, row.month_of_arrival_in_japan, row.year_of_arrival_in_japan),
});

export function QueueCards(props: QueueCardsProps) {
  const { rows, loading, selected, onToggle, onToggleAll, onDelete, placeholderRows = 0, dateOf = arrivalOf } = props;
  const selectAllId = useId();
  const placeholding = rows.length === 0 && loading && placeholderRows > 0;
  const allSelected = rows.length > 0 && rows.every((r) => selected?.has(r.order_id));
  // Above the cards in every state (loading, empty, rows), so the list does not move when the rows come.
  const selectAll = onToggleAll ? (
    <div className="queue-cards-select-all form-check mb-2">
      <input
        id={selectAllId}
        type="checkbox"
        className="form-check-input"
        checked={allSelected}
        disabled={!rows.length}
        onChange={(e) => onToggleAll(e.target.checked)}
      />
      <label htmlFor={selectAllId} className="form-check-label">
        Select all rows on this page
      </label>
    </div>
  ) : null;
  if (placeholding) {
    return (
      <>
        {selectAll}
        <ul className="queue-rows queue-cards queue-placeholder list-unstyled mb-0" aria-hidden="true">
          {Array.from({ length: placeholderRows }, (_, index) => (
            <PlaceholderCard key={index} withDelete={!!onDelete} />
          ))}
        </ul>
      </>
    );
  }
  if (rows.length === 0) {
    return (
      <>
        {selectAll}
        <p className="queue-rows queue-cards-empty text-center text-muted py-4 mb-0">
          {loading ? 'Loading…' : 'No data available in table'}
        </p>
      </>
    );
  }
  return (
    <>
      {selectAll}
      <ul className="queue-rows queue-cards list-unstyled mb-0" aria-label="Orders" aria-busy={loading}>
        {rows.map((row, index) => (
          <QueueCard key={row.order_id} {...queueItemProps(row, index, props)} onToggle={onToggle} dateOf={dateOf} />
        ))}
      </ul>
    </>
  );
}

/** One card, drawn again only when its own values change (queue-item.ts). */
const QueueCard = memo(function QueueCard(
  item: QueueItemProps & {
    onToggle: ((orderId: number) => void) | undefined;
    dateOf(row: OrderListRow): { label: string; value: string };
  },
) {
  const { row, index, selected, focused, urgency, departed, viewers, replied, onToggle, onDelete, rowLinks, dateOf } =
    item;
  const date = dateOf(row);
  return (
    <li
      data-row-index={index}
      tabIndex={-1}
      aria-current={focused ? 'true' : undefined}
      className={`queue-card ${queueItemClasses(item, 'is-selected')}`.trim()}
    >
      <div className="queue-card-head">
        {onToggle ? <RowCheckbox orderId={row.order_id} checked={selected} onToggle={onToggle} /> : null}
        <span className="queue-card-name">{fullName(row)}</span>
      </div>
      <dl className="queue-card-facts">
        <div>
          <dt>Order Id</dt>
          <dd>
            {row.order_id}
            {viewers ? <ViewersMark names={viewers} /> : null}
          </dd>
        </div>
        <div>
          <dt>{date.label}</dt>
          <dd>
            <CardDate date={date.value} urgency={date.label === 'Arrival Date' ? urgency : undefined} />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {statusLabel(row.process_status, row.refund_date)}
            {replied ? <CustomerRepliedMark /> : null}
            {departed ? <DepartedNote label={departed} /> : null}
          </dd>
        </div>
      </dl>
      <RowActions row={row} onDelete={onDelete ? () => onDelete(row) : undefined}>
        {rowLinks?.(row)}
      </RowActions>
    </li>
  );
});

function CardDate({ date, urgency }: { date: string; urgency: ArrivalUrgency | null | undefined }): ReactNode {
  if (!urgency) return date;
  return (
    <span className="arrival-cell" title={urgency.text}>
      <span className="arrival-mark" aria-hidden>
        {urgency.level === 'passed' ? '!' : '●'}
      </span>{' '}
      {date}
      <span className="visually-hidden">. {urgency.text}</span>
    </span>
  );
}

/** A loading card as tall as a real one, so nothing moves when the rows come. */
const PlaceholderCard = memo(function PlaceholderCard({ withDelete }: { withDelete: boolean }) {
  return (
    <li className="queue-card">
      <div className="queue-card-head">
        <input type="checkbox" className="form-check-input" disabled tabIndex={-1} />
        <span className="queue-card-name">
          <Bar text="GIVEN SURNAME" />
        </span>
      </div>
      <dl className="queue-card-facts">
        <div>
          <dt>Order Id</dt>
          <dd>
            <Bar text="1000000" />
          </dd>
        </div>
        <div>
          <dt>Arrival Date</dt>
          <dd>
            <Bar text="01/01/2026" />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Bar text="Pending" />
          </dd>
        </div>
      </dl>
      <PlaceholderActions withDelete={withDelete} />
    </li>
  );
});
