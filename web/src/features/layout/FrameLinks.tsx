/**
 * The admin frame's links to the screens: a sidebar line and a dashboard tile. Each is memoised and told whether it
 * is the current page, and is a plain anchor that asks the router to navigate on a plain click. A router NavLink
 * (or Link) reads the address itself, so all thirty of them drew again on every navigation, twice (while the
 * screen loaded, then at the new address); now a click draws the two links whose state changed, and the counts
 * that did (issue 27).
 */
import { memo, type MouseEvent, type ReactNode } from 'react';
import type { NavigateFunction } from 'react-router';

/** What a link calls on the pointer, focus or click to ask for its screen's first answer; settles when it is here. */
export type LinkPrefetch = () => Promise<unknown> | undefined;

/**
 * How long a click waits for the screen's first answer before opening it. An answer that comes within it is drawn
 * with the screen, in one commit and one paint; without the wait the screen was drawn with loading rows, painted,
 * and drawn again when they came, which took longer than the answer itself (issue 27). Past it, the screen opens
 * with its loading rows: a slow answer is not waited for in silence.
 */
export const ANSWER_WAIT_MS = 100;

/** The latest click's number: a click that a later one overtook while it waited does not navigate. */
let latestClick = 0;

/**
 * An anchor that opens `to` inside the app on a plain left click, and leaves every other click to the browser (a
 * new tab, a download), as a router Link does. `navigate` is the frame's, whose identity never changes.
 */
function FrameAnchor({
  to,
  navigate,
  prefetch,
  className,
  active,
  children,
  ...data
}: {
  to: string;
  navigate: NavigateFunction;
  prefetch?: LinkPrefetch | undefined;
  className: string;
  active: boolean;
  children: ReactNode;
  'data-count'?: string | undefined;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const answer = prefetch?.();
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // As a router Link does: a click on the address already open replaces it instead of adding a history entry.
    const { pathname, search, hash, href } = window.location;
    const open = () => void navigate(to, { replace: `${pathname}${search}${hash}` === to });
    if (!answer) return open();
    const click = ++latestClick;
    const waited = new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS));
    void Promise.race([answer.catch(() => undefined), waited]).then(() => {
      // Another click, or the browser's Back, went somewhere else meanwhile: that one stands.
      if (click === latestClick && window.location.href === href) open();
    });
  };
  return (
    <a
      href={to}
      className={`${className}${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      {...data}
    >
      {children}
    </a>
  );
}

/** Where a link points and whether it is the current page (NavLink's `active` class and `aria-current`). */
interface FrameLinkProps {
  to: string;
  active: boolean;
  label: string;
  /** Which folder count the link shows (none: no badge), and its figure: undefined while the counts load ("…"). */
  countKey?: string | undefined;
  count: number | undefined;
  /** A queue's link asks for its first page on the pointer, focus or click (features/queues queuePrefetcher). */
  prefetch?: LinkPrefetch | undefined;
  navigate: NavigateFunction;
}

export const SidebarLink = memo(function SidebarLink({ label, count, countKey, ...link }: FrameLinkProps) {
  return (
    <FrameAnchor {...link} className="nav-link d-flex justify-content-between align-items-center">
      <span>{label}</span>
      {countKey ? (
        <span className="badge rounded-pill text-bg-secondary" data-count={countKey}>
          {count ?? '…'}
        </span>
      ) : null}
    </FrameAnchor>
  );
});

/** A tile's count of orders arriving soon (issue 23); `pending` keeps its place while the figure loads. */
export type TileUrgency =
  { kind: 'figure'; key: string; urgent: number; hours: number } | { kind: 'pending' } | undefined;

export const DashboardTile = memo(function DashboardTile({
  label,
  count,
  countKey,
  urgency,
  ...link
}: FrameLinkProps & { urgency: TileUrgency }) {
  return (
    <FrameAnchor {...link} className="tile card text-decoration-none" data-count={countKey}>
      <div className="card-body">
        <div className="tile-count">{count ?? '…'}</div>
        <div className="tile-label">{label}</div>
        {urgency?.kind === 'figure' ? (
          <div
            className="tile-urgent"
            data-urgent={urgency.key}
            title={`Arriving within ${urgency.hours} hours (Japan time)`}
          >
            {urgency.urgent} urgent
          </div>
        ) : urgency?.kind === 'pending' ? (
          // The figure's place kept while it loads: the tiles growing pushed the screen below down.
          <div className="tile-urgent invisible" aria-hidden="true">
            0 urgent
          </div>
        ) : null}
      </div>
    </FrameAnchor>
  );
});
