/**
 * The admin frame (product: screens.md#admin-layout): top bar, 300 px sidebar that
 * collapses below 991 px, dashboard tiles (a compact strip); counts reload on every route change; the live
 * stream wraps it all (its state shows in the top bar). Queue screens size themselves to the window inside it
 * (queues.css, issue 26).
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Dropdown } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { DASHBOARD_TILES, visibleLinks } from './navigation';
import { useFolderCounts } from './use-folder-counts';
import { LiveProvider, LiveStatus } from '../live';
import { prefetchQueueProps } from '../queues';
import { SessionExpiryWarning } from '../session-expiry';
import { useArrivalUrgency } from '../../lib/arrival-urgency';
import './admin-layout.css';

export function AdminLayout() {
  const { user, signOut } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const counts = useFolderCounts(!!user);
  const urgency = useArrivalUrgency(!!user);

  useEffect(() => {
    setSidebarOpen(false);
    // Joins a request already in flight (the first mount's) instead of cancelling and repeating it.
    if (user) void counts.refetch({ cancelRefetch: false });
    if (user) void urgency.refetch({ cancelRefetch: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each navigation only, not when the queries change
  }, [location.pathname]);

  if (!user) return <Navigate to={paths.login} replace />;
  const countOf = (key?: string) => (key && counts.data ? counts.data[key as keyof typeof counts.data] : undefined);

  return (
    // The live stream (features/live) refreshes the counts below, feeds the screens and shows its state in the bar.
    <LiveProvider enabled={!!user}>
      <div className="admin-shell">
        <header className="admin-topbar navbar bg-white border-bottom px-3">
          <div className="d-flex align-items-center gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm sidebar-toggle"
              aria-label="Toggle menu"
              aria-expanded={sidebarOpen}
              onClick={() => setSidebarOpen((o) => !o)}
            >
              <span className="navbar-toggler-icon" />
            </button>
            <Link to={paths.admin.home} className="navbar-brand d-flex align-items-center gap-2 m-0">
              <img src="/logo.svg" alt="" width={36} height={36} />
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
        <div className="admin-body">
          <nav className={`admin-sidebar ${sidebarOpen ? 'open' : ''}`} aria-label="Main">
            <ul className="nav flex-column py-2">
              {visibleLinks(user.type).map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink
                    to={link.to}
                    className="nav-link d-flex justify-content-between align-items-center"
                    end
                    {...(link.folder ? prefetchQueueProps(queryClient, link.folder) : {})}
                  >
                    <span>{link.label}</span>
                    {link.count ? (
                      <span className="badge rounded-pill text-bg-secondary" data-count={link.count}>
                        {countOf(link.count) ?? '…'}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {sidebarOpen ? <div className="sidebar-backdrop" onClick={() => setSidebarOpen(false)} aria-hidden /> : null}
          <main className="admin-main">
            {/* A compact strip (issue 26): one line per tile, scrolling sideways on its own where five do not fit. */}
            <div className="dashboard-tiles">
              {DASHBOARD_TILES.map((tile) => (
                <NavLink
                  key={tile.to}
                  to={tile.to}
                  className="tile card text-decoration-none"
                  data-count={tile.count}
                  {...(tile.folder ? prefetchQueueProps(queryClient, tile.folder) : {})}
                >
                  <div className="card-body">
                    <div className="tile-count">{countOf(tile.count) ?? '…'}</div>
                    <div className="tile-label">{tile.label}</div>
                    {tile.urgent && urgency.data ? (
                      <div
                        className="tile-urgent"
                        data-urgent={tile.urgent}
                        title={`Arriving within ${urgency.data.urgentHours} hours (Japan time)`}
                      >
                        {urgency.data.urgent[tile.urgent]} urgent
                      </div>
                    ) : tile.urgent && urgency.isPending ? (
                      // The figure's place kept while it loads: the tiles growing pushed the screen below down.
                      <div className="tile-urgent invisible" aria-hidden="true">
                        0 urgent
                      </div>
                    ) : null}
                  </div>
                </NavLink>
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
