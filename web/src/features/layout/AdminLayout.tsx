/**
 * The admin frame (product: screens.md#admin-layout): top bar, 300 px sidebar that
 * collapses below 991 px, dashboard tiles (a compact strip); counts reload on every route change; the live
 * stream wraps it all (its state shows in the top bar). Queue screens size themselves to the window inside it
 * (queues.css).
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Dropdown } from 'react-bootstrap';
import { useAuth } from '../../lib/auth-context';
import type { TokenUser } from '../../lib/auth-storage';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { DASHBOARD_TILES, visibleLinks, type NavItem } from './navigation';
import { DashboardTile, SidebarLink, type TileUrgency } from './FrameLinks';
import { afterNextPaint } from '../../lib/after-paint';
import { useFolderCounts } from '../../lib/folder-counts';
import { LiveProvider, LiveStatus } from '../live';
import { SessionExpiryWarning } from '../session-expiry';
import { useArrivalUrgency } from '../../lib/arrival-urgency';
import { useChanged } from '../../lib/use-changed';
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

/**
 * A screen's code or data on its way (app/router.tsx): the screen that was stays, with a bar saying something comes.
 * A component of its own: the navigation's start and end redraw the bar alone, not the frame.
 */
function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  return navigating ? <div className="route-progress" role="progressbar" aria-label="Loading the page" /> : null;
}

export function AdminLayout() {
  const { user, signOut } = useAuth();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const toggleSidebar = useCallback(() => setSidebarOpen((o) => !o), []);
  const counts = useFolderCounts(!!user);
  const urgency = useArrivalUrgency(!!user);

  // A navigation closes the sidebar (on a phone it covers the screen), in the same pass as the new screen.
  if (useChanged(pathname) && sidebarOpen) setSidebarOpen(false);
  // The counts and urgency figures read again after each navigation (the first screen's are read as they mount),
  // joining a request still in flight instead of cancelling and repeating it; once the new screen is painted, which
  // does not wait for them (an effect may run before the paint: see lib/after-paint.ts).
  const countedAt = useRef(pathname);
  const { refetch: refetchCounts } = counts;
  const { refetch: refetchUrgency } = urgency;
  useEffect(() => {
    if (!user || countedAt.current === pathname) return undefined;
    return afterNextPaint(() => {
      countedAt.current = pathname;
      void refetchCounts({ cancelRefetch: false });
      void refetchUrgency({ cancelRefetch: false });
    });
  }, [user, pathname, refetchCounts, refetchUrgency]);

  // Each urgent tile's figure; its place kept while the figures load.
  const tileUrgency = (key: UrgentTile): TileUrgency =>
    urgency.data
      ? { kind: 'figure', key, urgent: urgency.data.urgent[key], hours: urgency.data.urgentHours }
      : urgency.isPending
        ? { kind: 'pending' }
        : undefined;

  if (!user) return <Navigate to={paths.login} replace />;
  /** A sidebar line's or a tile's props. */
  const frameLink = (item: NavItem) => ({
    to: item.to,
    label: item.label,
    countKey: item.count,
    count: item.count && counts.data ? counts.data[item.count] : undefined,
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
                  <SidebarLink {...frameLink(link)} />
                </li>
              ))}
            </ul>
          </nav>
          {sidebarOpen ? <div className="sidebar-backdrop" onClick={() => setSidebarOpen(false)} aria-hidden /> : null}
          <main className="admin-main">
            <NavigationProgress />
            {/* A compact strip: one line per tile, scrolling sideways on its own where five do not fit. */}
            <div className="dashboard-tiles">
              {DASHBOARD_TILES.map((tile) => (
                <DashboardTile
                  key={tile.to}
                  {...frameLink(tile)}
                  urgency={tile.urgent ? tileUrgency(tile.urgent) : undefined}
                />
              ))}
            </div>
            <Outlet />
            {/* Warns before the session ends and lets the member sign in again without leaving the page. */}
            {user ? <SessionExpiryWarning /> : null}
          </main>
        </div>
      </div>
    </LiveProvider>
  );
}
