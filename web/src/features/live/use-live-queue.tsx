/**
 * A queue that follows colleagues' actions without moving rows under the pointer:
 *  - a row that leaves the folder (assigned, moved, deleted) is greyed with what happened ("Assigned to Ben") and
 *    removed DEPARTED_SHOW_MS later, at a moment the pointer is not over the table (the page is read again then,
 *    once the newest departure has been shown that long); one that comes back before then loses its notice;
 *  - an order that enters the folder is held back: "3 new orders" adds them when clicked, so nothing is pushed
 *    down while someone reads (held orders stay hidden even when the page is read again for another reason); one
 *    that was elsewhere before (an order back from Awaiting Response, say) is announced apart from new ones, with
 *    why it came back when the queue knows ("1 order came back: Customer replied");
 *  - a row that changed but stays (My Orders: a status move) is refreshed the same deferred way;
 *  - a departed row keeps its place and its notice for the whole DEPARTED_SHOW_MS even when the page is read again
 *    sooner for another reason ("Show them", another page's answer already on its way): the answer no longer has
 *    it, so it is put back where it was until its time is up.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { inFolder, type OrderChangedEvent, type Viewer } from '../../../../shared/live';
import { statusLabel, type Folder } from '../../../../shared/orders';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { useAuth } from '../../lib/auth-context';
import { useChanged } from '../../lib/use-changed';
import { queryKeys } from '../../lib/query-keys';
import { isReflected } from '../../lib/reflected';
import type { LiveMarks } from './LiveMarks';
import { useLive, useLiveEvents, usePresenceMap } from './LiveProvider';
import './live.css';

export const DEPARTED_SHOW_MS = 4000;

/** What happened to an order that left the folder, in words. */
export function departureLabel(event: OrderChangedEvent, memberId: number | undefined): string {
  const { from, to } = event;
  if (!to || to.status === 'Deleted') return 'Deleted';
  if (to.assigneeId !== null && to.assigneeId !== from?.assigneeId) {
    return to.assigneeId === memberId ? 'Assigned to you' : `Assigned to ${event.assigneeName ?? 'a colleague'}`;
  }
  if (from?.assigneeId !== null && to.assigneeId === null && from?.status === to.status)
    return 'Moved back to its queue';
  return `Moved to ${statusLabel(to.status)}`;
}

/** An order held back from the rows: `new` (a new order), `moved` (it was in another folder before). */
export type HeldOrder = 'new' | 'moved';

const count = (n: number, what = 'order') => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The held-back bar's words: new orders (from nowhere: intake) apart from orders that were elsewhere before, the
 * latter grouped by why they came back (`cameBackWhy`, null: no reason known).
 */
export function heldSummary(
  held: ReadonlyMap<number, HeldOrder>,
  cameBackWhy: ((orderId: number) => string | null) | undefined,
): string {
  const arrived = [...held.values()].filter((h) => h === 'new').length;
  const why = new Map<string | null, number>();
  for (const [orderId, h] of held)
    if (h === 'moved') {
      const reason = cameBackWhy?.(orderId) ?? null;
      why.set(reason, (why.get(reason) ?? 0) + 1);
    }
  const parts = arrived ? [`${count(arrived, 'new order')} arrived in this queue.`] : [];
  for (const [reason, n] of why)
    parts.push(reason ? `${count(n)} came back: ${reason}.` : `${count(n)} moved into this queue.`);
  return parts.join(' ');
}

export function viewerNames(viewers: Viewer[]): string {
  return viewers.map((v) => (v.state === 'writing' ? `${v.name} (writing a remark)` : v.name)).join(', ');
}

/** A departed row: what happened, when it was marked, and the row as it was shown, at its place on the page. */
interface Departed {
  label: string;
  at: number;
  row: OrderListRow;
  index: number;
}

export function useLiveQueue(
  folder: Folder,
  pageRows: OrderListRow[] | undefined,
  /**
   * `page`: which page of the queue the rows are (its request): another page starts without marks. `eventsThrough`:
   * the live event through which the rows reflect every change (a change they reflect needs no mark and no new read).
   * `cameBackWhy`: why an order that was elsewhere came into the queue, when the queue knows (its marks).
   */
  options: {
    searching: boolean;
    page: string;
    eventsThrough: number | null;
    cameBackWhy?: ((orderId: number) => string | null) | undefined;
  },
) {
  const { user } = useAuth();
  const live = useLive();
  const queryClient = useQueryClient();
  const presence = usePresenceMap();
  const [departed, setDeparted] = useState<ReadonlyMap<number, Departed>>(new Map());
  const [held, setHeld] = useState<ReadonlyMap<number, HeldOrder>>(new Map());
  // A row that changed but stays: the id of the newest such event, until the page is read again.
  const [stale, setStale] = useState<number | null>(null);
  const { eventsThrough } = options;
  const reflected = useCallback((eventId: number | null) => isReflected(eventsThrough, eventId), [eventsThrough]);
  const hovering = useRef(false);

  const serverRows = useMemo(() => pageRows ?? [], [pageRows]);
  // Another page of the queue (or another folder) starts without marks (during render: lib/use-changed.ts).
  const pageChanged = useChanged(`${folder} ${options.page}`);
  if (pageChanged && departed.size) setDeparted(new Map());
  const rows = useMemo(() => {
    const fresh = held.size ? serverRows.filter((r) => !held.has(r.order_id)) : serverRows;
    // Read before its notice is over, the page no longer has a departed row: it goes back to its place until then.
    // (The deferred refresh below comes only once every notice is over, so its answer drops them.)
    const now = Date.now();
    const early = [...departed.values()]
      .filter((d) => now - d.at < DEPARTED_SHOW_MS && !fresh.some((r) => r.order_id === d.row.order_id))
      .sort((a, b) => a.index - b.index);
    if (!early.length) return fresh;
    const shown = [...fresh];
    for (const d of early) shown.splice(Math.min(d.index, shown.length), 0, d.row);
    return shown;
  }, [serverRows, held, departed]);
  const shownIds = useMemo(() => new Set(rows.map((r) => r.order_id)), [rows]);

  // Marks of rows the page no longer shows are dropped.
  if (useChanged(shownIds) && departed.size) {
    const kept = new Map([...departed].filter(([id]) => shownIds.has(id)));
    if (kept.size !== departed.size) setDeparted(kept);
  }
  if (useChanged(`${folder} ${options.searching}`) && (held.size || stale !== null)) {
    setHeld(new Map());
    setStale(null);
  }

  useLiveEvents((message) => {
    if (message.event !== 'order' || !user) return;
    // Already in the rows (the member's own action read the page again as it succeeded).
    if (reflected(message.id)) return;
    const event = message.data as OrderChangedEvent;
    const isIn = inFolder(folder, event.to, user.id);
    if (shownIds.has(event.orderId)) {
      const index = rows.findIndex((r) => r.order_id === event.orderId);
      if (!isIn)
        setDeparted((current) =>
          new Map(current).set(event.orderId, {
            label: departureLabel(event, user.id),
            at: Date.now(),
            row: rows[index]!,
            index,
          }),
        );
      else {
        // Back in the folder before its notice was over (a move undone): it stays, without the notice.
        if (departed.has(event.orderId))
          setDeparted((current) => new Map([...current].filter(([id]) => id !== event.orderId)));
        setStale(message.id ?? Number.MAX_SAFE_INTEGER);
      }
    } else if (isIn && !inFolder(folder, event.from, user.id) && !options.searching) {
      setHeld((current) => new Map(current).set(event.orderId, event.from ? 'moved' : 'new'));
    }
  });

  const reloadPage = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.folderLists(folder) }),
    [queryClient, folder],
  );

  // Departed rows go (and changed rows are refreshed) once every departed row has been shown long enough, while the
  // pointer is elsewhere: reading the page again removes them all, so a refresh for a changed row, or for an older
  // departure, waits for the newest departure's DEPARTED_SHOW_MS instead of cutting its notice short.
  useEffect(() => {
    if (!departed.size && stale === null) return undefined;
    const timer = setInterval(() => {
      if (hovering.current) return;
      const due = [...departed.values()].every((d) => Date.now() - d.at >= DEPARTED_SHOW_MS);
      if (!due) return;
      // Rows the page already read without them (put back above for their notice) simply go; the others go with
      // the page read again.
      const onServer = new Set(serverRows.map((r) => r.order_id));
      const putBack = [...departed.keys()].filter((id) => !onServer.has(id));
      if (putBack.length) setDeparted((current) => new Map([...current].filter(([id]) => onServer.has(id))));
      // Rows read again since the change (the page's own refresh) already show it: no new read for it.
      const staleRow = stale !== null && !reflected(stale);
      if (staleRow || putBack.length < departed.size) {
        setStale(null);
        void reloadPage();
      } else if (stale !== null) setStale(null);
    }, 500);
    return () => clearInterval(timer);
  }, [departed, stale, serverRows, reloadPage, reflected]);

  const showNew = useCallback(() => {
    setHeld(new Map());
    void reloadPage();
  }, [reloadPage]);

  /** Plain values (live marks), so the queue's memoised rows compare them. */
  const marksOf = useCallback(
    (row: OrderListRow): LiveMarks | undefined => {
      const gone = departed.get(row.order_id);
      const viewers = (presence.get(row.order_id) ?? []).filter((v) => v.memberId !== user?.id);
      if (!gone && !viewers.length) return undefined;
      return { departed: gone?.label, viewers: viewers.length ? viewerNames(viewers) : undefined };
    },
    [departed, presence, user?.id],
  );

  const newOrdersBar = held.size ? (
    <div
      className="alert alert-info py-1 px-2 mb-2 d-flex align-items-center justify-content-between live-new-bar"
      role="status"
    >
      <span>{heldSummary(held, options.cameBackWhy)}</span>
      <button type="button" className="btn btn-sm btn-info" onClick={showNew}>
        Show {held.size === 1 ? 'it' : 'them'}
      </button>
    </div>
  ) : null;

  return {
    rows,
    marksOf: live ? marksOf : undefined,
    newOrdersBar,
    /** Spread on the element around the table: rows are not removed while the pointer is over it. */
    hoverProps: {
      onPointerEnter: () => {
        hovering.current = true;
      },
      onPointerLeave: () => {
        hovering.current = false;
      },
    },
  };
}
