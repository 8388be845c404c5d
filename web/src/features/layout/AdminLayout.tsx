/**
 * The admin frame (product: screens.md#admin-layout): top bar, 300 px sidebar that
 * collapses below 991 px, dashboard tiles (a compact strip); counts reload on every route change; the live
 * stream wraps it all (its state shows in the top bar). Queue screens size themselves to the window inside it
 * (queues.css, issue 26).
 */
import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Dropdown } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import type { TokenUser } from '../../lib/auth-storage';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { DASHBOARD_TILES, visibleLinks, type NavItem } from './navigation';
import { DashboardTile, SidebarLink, type TileUrgency } from './FrameLinks';
import { useFolderCounts } from './use-folder-counts';
import { LiveProvider, LiveStatus } from '../live';
import { queuePrefetcher } from '../queues';
import { SessionExpiryWarning } from '../session-expiry';
import { PageLoading } from '../../components/PageLoading';
import { useArrivalUrgency } from '../../lib/arrival-urgency';
import { useChanged } from '../../lib/use-changed';
import { afterNextPaint } from '../../lib/after-paint';
import { AppLogo } from '../../components/AppLogo';
import './admin-layout.css';

/** The top bar: the menu toggle, the brand, the live state and the member's menu. Memoised: navigation leaves it alone. */
const TopBar = memo(function TopBar({
  user,
  signOut,
  sidebarOpen,
  onToggleSidebar,
}: {
  user: TokenUser;
  signOut: () => void;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  return (
    <header className="admin-topbar navbar bg-white border-bottom px-3">
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm sidebar-toggle"
          aria-label="Toggle menu"
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <Link to={paths.admin.home} className="navbar-brand d-flex align-items-center gap-2 m-0">
          <AppLogo size={36} />
          <span className="brand-name">{APP_NAME.toUpperCase()}</span>
        </Link>
      </div>
      <div className="d-flex align-items-center gap-2">
        <LiveStatus />
        <Dropdown align="end">
          <Dropdown.Toggle variant="light" id="user-menu" className="welcome">
            Welcome {user.name}
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.ItemText className="small text-muted">{user.type}</Dropdown.ItemText>
            <Dropdown.Item as={Link} to={paths.admin.security}>
              Sign-in & Security
            </Dropdown.Item>
            <Dropdown.Item as="button" onClick={() => signOut()}>
              Logout
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
    </header>
  );
});

type UrgentTile = NonNullable<NavItem['urgent']>;

/** NavLink's rule: the link is the current page when the address is its path (`end`), or under it. */
const isCurrent = (to: string, pathname: string, end: boolean) => !!matchPath({ path: to, end }, pathname);

export function AdminLayout() {
  const { user, signOut } = useAuth();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const toggleSidebar = useCallback(() => setSidebarOpen((o) => !o), []);
  const counts = useFolderCounts(!!user);
  const urgency = useArrivalUrgency(!!user);

  // A navigation closes the sidebar (on a phone it covers the screen), in the same pass as the new screen.
  if (useChanged(pathname) && sidebarOpen) setSidebarOpen(false);
  // The counts and urgency figures read again after each navigation (the first screen's are read as they mount).
  const countedAt = useRef(pathname);
  useEffect(() => {
    if (!user || countedAt.current === pathname) return;
    // Once the new screen is painted: started in the effect itself, the two requests ran before the paint when
    // React ran the effects ahead of the frame, 2-3 ms of a queue click (issue 27). They join a request still in
    // flight instead of cancelling and repeating it.
    return afterNextPaint(() => {
      countedAt.current = pathname;
      void counts.refetch({ cancelRefetch: false });
      void urgency.refetch({ cancelRefetch: false });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each navigation only, not when the queries change
  }, [pathname]);

  // Each urgent tile's figure, one object until the figures change (the tiles are memoised).
  const { data: urgencyFigures, isPending: urgencyPending } = urgency;
  const tileUrgency = useMemo(() => {
    const of = (key: UrgentTile): TileUrgency =>
      urgencyFigures
        ? { kind: 'figure', key, urgent: urgencyFigures.urgent[key], hours: urgencyFigures.urgentHours }
        : urgencyPending
          ? { kind: 'pending' }
          : undefined;
    return { newOrder: of('newOrder'), priorityOrder: of('priorityOrder') };
  }, [urgencyFigures, urgencyPending]);

  if (!user) return <Navigate to={paths.login} replace />;
  /** A sidebar line's or a tile's props: plain values and stable functions, as the memoised links need. */
  const frameLink = (item: NavItem, end: boolean) => ({
    to: item.to,
    active: isCurrent(item.to, pathname, end),
    label: item.label,
    countKey: item.count,
    count: item.count && counts.data ? counts.data[item.count] : undefined,
    prefetch: item.folder ? queuePrefetcher(queryClient, item.folder) : undefined,
    navigate,
  });
  return (
    // The live stream (features/live) refreshes the counts below, feeds the screens and shows its state in the bar.
    <LiveProvider enabled={!!user}>
      <div className="admin-shell">
        <TopBar user={user} signOut={signOut} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
        <div className="admin-body">
          <nav className={`admin-sidebar ${sidebarOpen ? 'open' : ''}`} aria-label="Main">
            <ul className="nav flex-column py-2">
              {visibleLinks(user.type).map((link) => (
                <li className="nav-item" key={link.to}>
                  <SidebarLink {...frameLink(link, true)} />
                </li>
              ))}
            </ul>
          </nav>
          {sidebarOpen ? <div className="sidebar-backdrop" onClick={() => setSidebarOpen(false)} aria-hidden /> : null}
          <main className="admin-main">
            {/* A compact strip (issue 26): one line per tile, scrolling sideways on its own where five do not fit. */}
            <div className="dashboard-tiles">
              {DASHBOARD_TILES.map((tile) => (
                <DashboardTile
                  key={tile.to}
                  {...frameLink(tile, false)}
                  urgency={tile.urgent ? tileUrgency[tile.urgent] : undefined}
                />
              ))}
            </div>
            {/* A screen's code downloading (app/router.tsx): the screen that was stays; on a first load, the spinner. */}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
            {/* Warns before the session ends and lets the member sign in again without leaving the page. */}
            {user ? <SessionExpiryWarning /> : null}
          </main>
        </div>
      </div>
    </LiveProvider>
  );
}
