/**
 * Arrival urgency of queue rows (docs/decisions/0016): the rule is shared/arrival-urgency.ts (Japan
 * time), the thresholds are the server's. The cell says it in words for screen readers; the row is coloured.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { arrivalUrgency, type ArrivalUrgency } from '../../../../../shared/arrival-urgency';
import type { OrderListRow } from '../../../../../shared/schemas/order-list';
import { useArrivalUrgency } from '../../../lib/arrival-urgency';
import { arrivalDate } from '../format';
import './urgency.css';

export type RowUrgency = (row: OrderListRow) => ArrivalUrgency | null;

/**
 * The urgency of each row now (re-read every minute, so a row turns at midnight in Japan without a reload). The
 * function, and the urgency it gives a row, stay the same objects until the minute or the thresholds change, so a
 * memoised row is not drawn again for an equal urgency.
 */
export function useRowUrgency(enabled: boolean): RowUrgency | undefined {
  const info = useArrivalUrgency(enabled);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [enabled]);
  const thresholds = enabled ? info.data : undefined;
  // Each row's last answer: an urgency that did not change keeps its object, so a new minute (or a new function)
  // draws again only the rows whose urgency did change.
  const last = useRef(new WeakMap<OrderListRow, ArrivalUrgency>());
  return useMemo(() => {
    if (!thresholds) return undefined;
    return (row: OrderListRow) => {
      const fresh = arrivalUrgency(
        { year: row.year_of_arrival_in_japan, month: row.month_of_arrival_in_japan, day: row.date_of_arrival_in_japan },
        now,
        thresholds,
      );
      const before = last.current.get(row);
      if (before && fresh && before.level === fresh.level && before.text === fresh.text) return before;
      if (fresh) last.current.set(row, fresh);
      return fresh;
    };
  }, [thresholds, now]);
}

export const urgencyRowClass = (urgency: ArrivalUrgency | null | undefined) =>
  urgency ? `arrival-${urgency.level}` : '';

/** The arrival date, and for an urgent row its urgency in words (visually hidden; also the tooltip). */
export function ArrivalCell({ row, urgency }: { row: OrderListRow; urgency: ArrivalUrgency | null | undefined }) {
  const date = arrivalDate(row.date_of_arrival_in_japan, row.month_of_arrival_in_japan, row.year_of_arrival_in_japan);
  if (!urgency) return <td>{date}</td>;
  return (
    <td className="arrival-cell" title={urgency.text}>
      <span className="arrival-mark" aria-hidden>
        {urgency.level === 'passed' ? '!' : '●'}
      </span>{' '}
      {date}
      <span className="visually-hidden">. {urgency.text}</span>
    </td>
  );
}

/** The Arrival Date header; where the queue can be sorted by arrival, a button that toggles it. */
export function ArrivalHeader({ sorted, onSort }: { sorted: boolean; onSort?: (() => void) | undefined }) {
  if (!onSort) return <th scope="col">Arrival Date</th>;
  return (
    <th scope="col" aria-sort={sorted ? 'ascending' : 'none'}>
      <button
        type="button"
        className="btn btn-link btn-sm p-0 arrival-sort"
        onClick={onSort}
        title={
          sorted
            ? 'Sorted by arrival date, nearest first. Click for newest orders first.'
            : 'Sort by arrival date, nearest first'
        }
      >
        Arrival Date <span aria-hidden>{sorted ? '▲' : '↕'}</span>
      </button>
    </th>
  );
}
