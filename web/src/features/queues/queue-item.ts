/**
 * What a queue's memoised table row (QueueTable) and phone card (QueueCards) are given, and the classes their state
 * gives them (docs/decisions/0032): plain values and stable callbacks, so React draws again only the row
 * whose own data changed.
 */
import type { ReactNode } from 'react';
import type { ArrivalUrgency } from '../../../../shared/arrival-urgency';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { DEPARTED_ROW_CLASS, type LiveMarks } from '../live';
import { urgencyRowClass, type RowUrgency } from './urgency/row-urgency';

export interface QueueItemProps {
  row: OrderListRow;
  index: number;
  selected: boolean;
  focused: boolean;
  /** null when not urgent or not known yet (the same value either way, so such a row is not drawn again). */
  urgency: ArrivalUrgency | null;
  /** What happened to the order if it left the queue (live marks). */
  departed: string | undefined;
  /** Who else has it open (live marks). */
  viewers: string | undefined;
  /** The customer answered a request for information that waits for its review. */
  replied: boolean;
  onDelete: ((row: OrderListRow) => void) | undefined;
  rowLinks: ((row: OrderListRow) => ReactNode) | undefined;
}

/**
 * The part of a queue's props its rows are drawn from. The functions must keep their identity between renders
 * (useCallback, useMemo): a new one each render would draw every row again.
 */
export interface QueueItemSource {
  selected?: ReadonlySet<number> | undefined;
  /** The row the keyboard focus is on, -1 for none. */
  focusedIndex?: number;
  /** Arrival urgency of each row, where the queue shows it. */
  urgencyOf?: RowUrgency | undefined;
  /** Live marks of a row (features/live): what happened to it if it left the queue, who has it open. */
  marksOf?: ((row: OrderListRow) => LiveMarks | undefined) | undefined;
  /** Whether the order is marked "Customer replied" (features/information-requests). */
  repliedOf?: ((orderId: number) => boolean) | undefined;
  onDelete?: ((row: OrderListRow) => void) | undefined;
  /** More links in a row's Action cell (the ChargeBack queue's defence packs). */
  rowLinks?: ((row: OrderListRow) => ReactNode) | undefined;
}

/** What a queue's rows are drawn from, as a table (QueueTable) or as phone cards (QueueCards). */
export interface QueueRowsProps extends QueueItemSource {
  rows: OrderListRow[];
  loading: boolean;
  /** Stable, as the source's functions are: the rows are memoised. */
  onToggle?: ((orderId: number) => void) | undefined;
  /** Sorting by arrival date, where the queue offers it. */
  arrivalSort?: { sorted: boolean; onSort(): void } | undefined;
  /** Rows to hold the page's place with while its first rows load (the page size), so nothing moves when they come. */
  placeholderRows?: number;
}

export function queueItemProps(row: OrderListRow, index: number, source: QueueItemSource): QueueItemProps {
  const marks = source.marksOf?.(row);
  return {
    row,
    index,
    selected: source.selected?.has(row.order_id) ?? false,
    focused: index === (source.focusedIndex ?? -1),
    urgency: source.urgencyOf?.(row) ?? null,
    departed: marks?.departed,
    viewers: marks?.viewers,
    replied: source.repliedOf?.(row.order_id) ?? false,
    onDelete: source.onDelete,
    rowLinks: source.rowLinks,
  };
}

/** The classes of a row's or card's state; `selectedClass` is the table's or the card's own. */
export const queueItemClasses = (item: QueueItemProps, selectedClass: string) =>
  [
    item.selected ? selectedClass : '',
    urgencyRowClass(item.urgency),
    item.focused ? 'queue-row-focused' : '',
    item.departed ? DEPARTED_ROW_CLASS : '',
  ]
    .filter(Boolean)
    .join(' ');
