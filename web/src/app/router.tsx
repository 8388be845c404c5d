/**
 * Routes of the staff app (product: screens.md#routes). Every screen is its own lazily loaded chunk. The public pages are a
 * separate small app (features/public/PublicApp.tsx) that main.tsx starts for every non-staff address
 * (staff-paths.ts); a link here to such an address loads that app. A chunk that fails to load shows RouteError.
 */
import { memo, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FOLDERS, folderDeclaration, type Folder } from '../../../shared/folders';
import { PageLoading, RouteError } from './RouteError';
import { isStaffPath } from './staff-paths';

/** An address of the public app reached by a link inside the staff app: load it as a page of its own. */
function PublicAddress() {
  const inStaffApp = isStaffPath(window.location.pathname);
  useEffect(() => {
    if (!inStaffApp) window.location.reload();
  }, [inStaffApp]);
  return inStaffApp ? <p className="p-4">Page not found.</p> : <PageLoading />;
}

/**
 * A lazy route whose module's named export is the screen. A failed download is
 * caught here and shown as the friendly reload page: the router would otherwise
 * leave the outlet empty when `lazy` rejects. The screen is memoised (it takes no props): the admin frame around it
 * renders again whenever its counts, urgency figures or live state change, and the screen need not (issue 27, a
 * queue page was drawn again for each); its own state, queries and the address still render it.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): Pick<RouteObject, 'lazy' | 'errorElement' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => {
      try {
        return { Component: memo(pick(await load())) };
      } catch (error) {
        return { Component: () => <RouteError error={error} /> };
      }
    },
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
  };
}

function queue(folder: Folder, title: string) {
  return screen(
    () => import('../features/queues/QueuePage'),
    (m) => () => <m.QueuePage folder={folder} title={title} />,
  );
}

/** A folder's screen, as shared/folders.ts declares it; `handle.folder` says which folder a route shows. */
function folderScreen(folder: Folder): Omit<RouteObject, 'index' | 'path' | 'children'> {
  const { screen: kind, title } = folderDeclaration(folder);
  const page =
    kind === 'future-months'
      ? screen(
          () => import('../features/queues/FutureOrdersPage'),
          (m) => m.FutureOrdersPage,
        )
      : queue(folder, title);
  return { ...page, handle: { folder } };
}

/** Every folder at its address (relative to /admin), and the home folder at /admin itself. */
const folderRoutes: RouteObject[] = FOLDERS.flatMap((folder) => {
  const { path, home } = folderDeclaration(folder);
  const route: RouteObject = { path: path.slice('/admin/'.length), ...folderScreen(folder) };
  return home ? [{ index: true, ...folderScreen(folder) }, route] : [route];
});

const adminChildren: RouteObject[] = [
  ...folderRoutes,
  {
    path: 'view-order/:orderId',
    ...screen(
      () => import('./OrderDetailRoute'),
      (m) => m.OrderDetailRoute,
    ),
  },
  {
    path: 'country-order-list',
    ...screen(
      () => import('../features/reports/CountryOrderListPage'),
      (m) => m.CountryOrderListPage,
    ),
  },
  {
    path: 'processed-order',
    ...screen(
      () => import('../features/reports/ProcessedOrderPage'),
      (m) => m.ProcessedOrderPage,
    ),
  },
  {
    path: 'processed-by-info',
    ...screen(
      () => import('../features/reports/ProcessingLogsPage'),
      (m) => m.ProcessingLogsPage,
    ),
  },
  {
    path: 'view-process-logs/:orderId',
    ...screen(
      () => import('../features/reports/ProcessLogDetailPage'),
      (m) => m.ProcessLogDetailPage,
    ),
  },
  {
    path: 'gateway-setting',
    ...screen(
      () => import('../features/settings/GatewaySettingPage'),
      (m) => m.GatewaySettingPage,
    ),
  },
  {
    path: 'change-password',
    ...screen(
      () => import('../features/auth/ChangePasswordPage'),
      (m) => m.ChangePasswordPage,
    ),
  },
  {
    path: 'manage-team',
    ...screen(
      () => import('../features/team/ManageTeamPage'),
      (m) => m.ManageTeamPage,
    ),
  },
  {
    path: 'manage-team/:memberId',
    ...screen(
      () => import('../features/team/ManageTeamPage'),
      (m) => m.ManageTeamPage,
    ),
  },
  {
    path: 'send-invoice',
    ...screen(
      () => import('../features/documents/SendInvoicePage'),
      (m) => m.SendInvoicePage,
    ),
  },
  {
    path: 'security',
    ...screen(
      () => import('../features/security/SecurityPage'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: 'mail-outbox',
    ...screen(
      () => import('../features/documents/MailOutboxPage'),
      (m) => m.MailOutboxPage,
    ),
  },
  {
    path: '*',
    ...screen(
      () => import('../features/layout/AdminNotFound'),
      (m) => m.AdminNotFound,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    ...screen(
      () => import('../features/auth/LoginPage'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: '/two-factor-setup',
    ...screen(
      () => import('../features/security/TwoFactorRequiredPage'),
      (m) => m.TwoFactorRequiredPage,
    ),
  },
  {
    path: '/logout',
    ...screen(
      () => import('../features/auth/LogoutRoute'),
      (m) => m.LogoutRoute,
    ),
  },
  {
    path: '/admin',
    ...screen(
      () => import('../features/layout/AdminLayout'),
      (m) => m.AdminLayout,
    ),
    children: adminChildren,
  },
  { path: '*', Component: PublicAddress },
];

export const createRouter = () => createBrowserRouter(routes);
