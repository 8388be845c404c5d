/**
 * The order detail's section index: a row of links in the sticky bar, each one key away
 * (shown beside it; `?` lists them). The customer's answers are `a`. Only sections on the page are listed; the others'
 * places are kept unseen. A section only some orders have (the Dispute) has an entry only on those orders' pages,
 * known from the order itself, so its place is kept from the first paint there and nowhere else.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { afterNextPaint } from '../../../lib/after-paint';
import { useShortcut } from '../../../lib/hotkeys';
import { coveredHeight, usePresentSections, useSections } from './section-state';

export interface IndexEntry {
  id: string;
  label: string;
  key: string;
  /** The orders whose page has this section; every order's when absent. */
  shownFor?(order: OrderDetail): boolean;
}

/**
 * The Dispute section (features/disputes) is on the page of an order in ChargeBack, where a dispute is expected, and of
 * any order with a dispute, whatever its status and the dispute's state (product: disputes.md#order-page).
 */
export const hasDisputeSection = (order: Pick<OrderDetail, 'process_status' | 'has_dispute'>) =>
  order.process_status === 'ChargeBack' || order.has_dispute;

/** Section ids are DetailSection's: the title in lower case, runs of other characters as "-". */
export const INDEX: IndexEntry[] = [
  { id: 'add-comment-below', label: 'Remark', key: 'r' },
  { id: 'email-history', label: 'Emails', key: 'm' },
  { id: 'upload-document', label: 'Document', key: 'f' },
  { id: 'order-details', label: 'Order', key: 'o' },
  { id: 'entry-return-procedure-category', label: 'Answers', key: 'a' },
  { id: 'download-history', label: 'Downloads', key: 'd' },
  { id: 'dispute', label: 'Dispute', key: 'p', shownFor: hasDisputeSection },
  { id: 'process-log', label: 'Process Log', key: 'l' },
  { id: 'comment-history', label: 'Comments', key: 'c' },
];

/** The index entries of this order's page. */
export const indexEntries = (order: OrderDetail) => INDEX.filter((e) => !e.shownFor || e.shownFor(order));

export function SectionIndex({ order }: { order: OrderDetail }) {
  const sections = useSections();
  const present = usePresentSections();
  const entries = indexEntries(order);
  const shown = entries.filter((e) => present.has(e.id));
  const current = useCurrentSection(shown.map((e) => e.id));
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the index is one line that scrolls sideways: keep the current entry in sight (the list only, never
  // the window, so a jump's scroll is not interrupted).
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('a[aria-current]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = Math.max(0, left - 8);
  }, [current]);
  useShortcut(
    INDEX.map((e) => e.key).join(', '),
    (event) => {
      const entry = INDEX.find((e) => e.key === event.key.toLowerCase());
      if (entry && present.has(entry.id)) sections?.jumpTo(entry.id);
    },
    {},
    [sections, present],
  );
  if (!sections) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    sections.jumpTo(id);
  };
  return (
    <nav className="od-index" aria-label="Sections of this order">
      <ul ref={listRef}>
        {entries.map((e) => (
          // A section not on the page yet keeps its place unseen (its registration is an effect, after the page's
          // first paint): the index's line, and the bar with it, stand as they will from that first paint, so
          // nothing under the bar moves when the link shows.
          <li
            key={e.id}
            className={present.has(e.id) ? undefined : 'od-index-pending'}
            aria-hidden={present.has(e.id) ? undefined : true}
          >
            <a
              href={`#${e.id}`}
              onClick={(event) => onClick(event, e.id)}
              aria-keyshortcuts={e.key}
              aria-current={current === e.id ? 'location' : undefined}
            >
              {e.label}
              <kbd aria-hidden="true">{e.key}</kbd>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The index entry the reader is in: the last listed section whose top has passed under the sticky bar. */
function useCurrentSection(ids: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key ? key.split(' ') : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = coveredHeight() + 16; // a jump leaves the section 8 px below the bar; rounding and a little more
      let at: string | null = null;
      for (const id of list) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) at = id;
      }
      setCurrent(at);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // The first reading waits until the page is drawn: read in the frame's callbacks (as a scroll's are), it would make
    // the browser work out the new page's layout there, ahead of the frame's own, which content-visibility (far
    // sections drawn as they come near) would then do once more. After the frame, the layout is already worked out
    // and reading it costs nothing.
    let cancelFirst = () => {};
    if (!list.length) setCurrent(null);
    else cancelFirst = afterNextPaint(update);
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      cancelFirst();
    };
  }, [key]);
  return current;
}
