/** The admin frame's links to the screens: a sidebar line and a dashboard tile, each a router NavLink with its count. */
import { NavLink } from 'react-router';
import { groupedCount } from '../../../../shared/grouped-count';
import { useLinkClickAsTransition } from '../../lib/link-click-as-transition';

interface FrameLinkProps {
  to: string;
  label: string;
  /** Which folder count the link shows (none: no badge), and its figure: undefined while the counts load ("…"). */
  countKey?: string | undefined;
  count: number | undefined;
}

/** A link's count as it shows: "…" while the counts load. */
const countText = (count: number | undefined) => (count === undefined ? '…' : groupedCount(count));

/** A sidebar line: current only at its own address. */
export function SidebarLink({ to, label, count, countKey }: FrameLinkProps) {
  const onClick = useLinkClickAsTransition(to);
  return (
    <NavLink to={to} end onClick={onClick} className="nav-link d-flex justify-content-between align-items-center">
      <span>{label}</span>
      {countKey ? (
        <span className="badge rounded-pill text-bg-secondary" data-count={countKey}>
          {countText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}

/** A tile's count of orders arriving soon; `pending` keeps its place while the figure loads. */
export type TileUrgency =
  { kind: 'figure'; key: string; urgent: number; hours: number } | { kind: 'pending' } | undefined;

/** A dashboard tile: current at its address and below it. */
export function DashboardTile({ to, label, count, countKey, urgency }: FrameLinkProps & { urgency: TileUrgency }) {
  const onClick = useLinkClickAsTransition(to);
  return (
    <NavLink to={to} onClick={onClick} className="tile card text-decoration-none" data-count={countKey}>
      <div className="card-body">
        <div className="tile-count">{countText(count)}</div>
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
    </NavLink>
  );
}
