/**
 * Queue keys: j / ArrowDown and k / ArrowUp move a visible focus over the rows (the row itself takes
 * the DOM focus, so a screen reader reads it), Enter opens the focused row's order, x selects it, a assigns the
 * selected orders (as the Assign button: its confirmation first), n is Work next, / goes to the search box, ? lists
 * the keys. Nothing fires while typing in a field or behind a dialog.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { KeyHelp } from '../../../components/KeyboardHelp';
import { useShortcut } from '../../../lib/hotkeys';
import { useChanged } from '../../../lib/use-changed';

interface QueueKeysOptions {
  /** Which queue the rows are of: another one starts with no row focused and the key list closed. */
  view: string;
  rowCount: number;
  /** False while a dialog is open: keys belong to it then. */
  enabled: boolean;
  onOpen(index: number): void;
  onToggle?: ((index: number) => void) | undefined;
  onAssign?: (() => void) | undefined;
  onWorkNext?: (() => void) | undefined;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The table or the phone's card list, whose rows ([data-row-index]: table rows or cards) take the focus. */
  tableRef: RefObject<HTMLElement | null>;
}

export function queueKeyHelp({
  toggle,
  assign,
  workNext,
}: {
  toggle: boolean;
  assign: boolean;
  workNext: boolean;
}): KeyHelp[] {
  return [
    { keys: ['j', '↓'], what: 'Next row' },
    { keys: ['k', '↑'], what: 'Previous row' },
    { keys: ['Enter'], what: 'Open the order of the focused row' },
    ...(toggle ? [{ keys: ['x'], what: 'Select or unselect the focused row' }] : []),
    ...(assign ? [{ keys: ['a'], what: 'Assign the selected orders to me (asks first)' }] : []),
    ...(workNext ? [{ keys: ['n'], what: 'Work next: take and open the most urgent order' }] : []),
    { keys: ['/'], what: 'Search' },
    { keys: ['?'], what: 'This list' },
  ];
}

export function useQueueKeys({
  view,
  rowCount,
  enabled,
  onOpen,
  onToggle,
  onAssign,
  onWorkNext,
  searchRef,
  tableRef,
}: QueueKeysOptions) {
  const [focused, setFocused] = useState(-1);
  const [helpOpen, setHelpOpen] = useState(false);
  const active = enabled && !helpOpen;
  const moved = useRef(false);

  // Another queue: nothing focused. A new page or fewer rows: keep the focus inside the table (or nowhere when empty).
  const viewChanged = useChanged(view);
  const rowCountChanged = useChanged(rowCount);
  if (viewChanged && (focused !== -1 || helpOpen)) {
    setFocused(-1);
    setHelpOpen(false);
  } else if (rowCountChanged && focused > rowCount - 1) setFocused(rowCount - 1);
  useEffect(() => {
    if (!moved.current || focused < 0) return;
    moved.current = false;
    const row = tableRef.current?.querySelector<HTMLElement>(`[data-row-index="${focused}"]`);
    row?.focus();
    row?.scrollIntoView({ block: 'nearest' });
  }, [focused, tableRef]);

  const move = (step: number) => {
    if (!rowCount) return;
    moved.current = true;
    setFocused((f) => (f < 0 ? 0 : Math.max(0, Math.min(rowCount - 1, f + step))));
  };
  const options = { enabled: active };
  useShortcut('j, down', () => move(1), options, [rowCount, active]);
  useShortcut('k, up', () => move(-1), options, [rowCount, active]);
  // Enter on a focused link or button is the browser's; the row's Enter is only for the row itself.
  const onRow = (e: KeyboardEvent) => (e.target as HTMLElement).dataset.rowIndex !== undefined;
  useShortcut(
    'enter',
    (e) => {
      if (focused >= 0 && onRow(e)) onOpen(focused);
    },
    { ...options, preventDefault: onRow },
    [focused, active, onOpen],
  );
  useShortcut(
    'x',
    () => {
      if (focused >= 0) onToggle?.(focused);
    },
    { enabled: active && !!onToggle },
    [focused, active, onToggle],
  );
  useShortcut('a', () => onAssign?.(), { enabled: active && !!onAssign }, [active, onAssign]);
  useShortcut('n', () => onWorkNext?.(), { enabled: active && !!onWorkNext }, [active, onWorkNext]);
  useShortcut('/', () => searchRef.current?.focus(), options, [active]);
  useShortcut('shift+?', () => setHelpOpen(true), { enabled }, [enabled]); // the key that types "?", on any layout

  return { focused, setFocused, helpOpen, closeHelp: () => setHelpOpen(false) };
}
