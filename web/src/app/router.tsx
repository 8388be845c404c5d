/**
 * Routes of the staff app (product: screens.md#routes), in React Router's data mode: each route names its screen's
 * code (`lazy`, its own chunk) and the data it opens with (`loader`, which fills TanStack Query's cache through the
 * query options the screen reads), and the router loads both before the screen shows (the order page's loader asks
 * without waiting: the page draws its own loading in place, screen-loaders.ts). The loaders are small and part
 * of the staff app's own code, so a screen's data is asked for as its code is, not after another download. A screen
 * whose code cannot load shows RouteError's friendly reload page. The public pages are a separate small app
 * (features/public/PublicApp.tsx) that main.tsx starts for every non-staff address (staff-paths.ts); a link here to
 * such an address loads that app.
 */
import { useEffect, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Outlet, useFetcher } from 'react-router';
import type { LoaderFunction, NonIndexRouteObject, RouteObject } from 'react-router';
import { FOLDERS, folderDeclaration, type Folder } from '../../../shared/folders';
import { PageLoading } from '../components/PageLoading';
import * as screenLoaders from './screen-loaders';
import { RouteError } from './RouteError';
import { isStaffPath, loadAdminLayout, loadOrderPage, loadQueuePage, ORDER_PAGE_ROUTE } from './staff-paths';

/** An address of the public app reached by a link inside the staff app: load it as a page of its own. */
function PublicAddress() {
  const inStaffApp = isStaffPath(window.location.pathname);
  useEffect(() => {
    if (!inStaffApp) window.location.reload();
  }, [inStaffApp]);
  return inStaffApp ? <p className="p-4">Page not found.</p> : <PageLoading />;
}

/**
 * A route's screen: a module's component, loaded the first time the route is opened. Code that cannot be loaded (a
 * deploy replaced it, the network dropped) shows RouteError's friendly reload page in the screen's place: the router
 * draws nothing for a route whose lazy component failed.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async (): Promise<ComponentType> => {
    try {
      return pick(await load());
    } catch (error) {
      return function ScreenNotLoaded() {
        return <RouteError error={error} />;
      };
    }
  };

/** What a route says of its screen, whatever its place (an index route, a path, a parent). */
type ScreenRoute = Pick<NonIndexRouteObject, 'handle' | 'errorElement' | 'loader' | 'lazy'>;

/** A route showing a module's screen; `loader`: the data it opens with (screen-loaders.ts), when it has any. */
const screenRoute = <M,>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  loader?: LoaderFunction,
): ScreenRoute => ({
  errorElement: <RouteError />,
  ...(loader ? { loader } : {}),
  lazy: { Component: screen(load, pick) },
});

/**
 * A folder's route, as shared/folders.ts declares it; `handle.folder` says which folder it shows. Every queue route
 * shows the same component, so from one queue to another React keeps the screen (QueuePage resets what belongs to
 * one queue).
 */
function folderRoute(queryClient: QueryClient, folder: Folder): ScreenRoute {
  const loader = screenLoaders.queueLoader(queryClient, folder);
  const route =
    folderDeclaration(folder).screen === 'future-months'
      ? screenRoute(
          () => import('../features/queues/FutureOrdersPage'),
          (m) => m.FutureOrdersPage,
          loader,
        )
      : screenRoute(loadQueuePage, (m) => m.QueueRoute, loader);
  return { handle: { folder }, ...route };
}

function adminRoutes(queryClient: QueryClient): RouteObject[] {
  /** Every folder at its address (relative to /admin), and the home folder at /admin itself. */
  const folders = FOLDERS.flatMap((folder): RouteObject[] => {
    const { path, home } = folderDeclaration(folder);
    const route = { path: path.slice('/admin/'.length), ...folderRoute(queryClient, folder) };
    return home ? [{ index: true, ...folderRoute(queryClient, folder) }, route] : [route];
  });
  // A route object each: the router completes each route's `lazy` on the route itself.
  const manageTeam = () =>
    screenRoute(
      () => import('../features/team/ManageTeamPage'),
      (m) => m.ManageTeamPage,
      screenLoaders.manageTeamLoader(queryClient),
    );
  return [
    ...folders,
    {
      path: ORDER_PAGE_ROUTE,
      ...screenRoute(loadOrderPage, (m) => m.OrderDetailRoute, screenLoaders.orderDetailLoader(queryClient)),
    },
    {
      path: 'country-order-list',
      ...screenRoute(
        () => import('../features/reports/CountryOrderListPage'),
        (m) => m.CountryOrderListPage,
        screenLoaders.countryOrderListLoader(queryClient),
      ),
    },
    {
      path: 'processed-order',
      ...screenRoute(
        () => import('../features/reports/ProcessedOrderPage'),
        (m) => m.ProcessedOrderPage,
        screenLoaders.processedOrderLoader(queryClient),
      ),
    },
    {
      path: 'processed-by-info',
      ...screenRoute(
        () => import('../features/reports/ProcessingLogsPage'),
        (m) => m.ProcessingLogsPage,
        screenLoaders.processingLogsLoader(queryClient),
      ),
    },
    {
      path: 'information-request-report',
      ...screenRoute(
        () => import('../features/reports/InformationRequestReportPage'),
        (m) => m.InformationRequestReportPage,
        screenLoaders.informationRequestReportLoader(queryClient),
      ),
    },
    {
      path: 'disputes-report',
      ...screenRoute(
        () => import('../features/disputes/DisputesReportPage'),
        (m) => m.DisputesReportPage,
        screenLoaders.disputesReportLoader(queryClient),
      ),
    },
    {
      path: 'view-process-logs/:orderId',
      ...screenRoute(
        () => import('../features/reports/ProcessLogDetailPage'),
        (m) => m.ProcessLogDetailPage,
        screenLoaders.processLogsLoader(queryClient),
      ),
    },
    {
      path: 'gateway-setting',
      ...screenRoute(
        () => import('../features/settings/GatewaySettingPage'),
        (m) => m.GatewaySettingPage,
        screenLoaders.gatewaySettingLoader(queryClient),
      ),
    },
    {
      path: 'exports',
      ...screenRoute(
        () => import('../features/settings/ExportsPage'),
        (m) => m.ExportsPage,
        screenLoaders.exportsLoader(queryClient),
      ),
    },
    {
      path: 'change-password',
      ...screenRoute(
        () => import('../features/auth/ChangePasswordPage'),
        (m) => m.ChangePasswordPage,
      ),
    },
    // The team list and a member's page are one screen.
    { path: 'manage-team', ...manageTeam() },
    { path: 'manage-team/:memberId', ...manageTeam() },
    {
      path: 'send-invoice',
      ...screenRoute(
        () => import('../features/documents/SendInvoicePage'),
        (m) => m.SendInvoicePage,
      ),
    },
    {
      path: 'security',
      ...screenRoute(
        () => import('../features/security/SecurityPage'),
        (m) => m.SecurityPage,
        screenLoaders.securityLoader(queryClient),
      ),
    },
    {
      path: 'mail-outbox',
      ...screenRoute(
        () => import('../features/documents/MailOutboxPage'),
        (m) => m.MailOutboxPage,
        screenLoaders.mailOutboxLoader(queryClient),
      ),
    },
    {
      path: '*',
      ...screenRoute(
        () => import('../features/layout/AdminNotFound'),
        (m) => m.AdminNotFound,
      ),
    },
  ];
}

/**
 * An in-app link's screen, loaded as someone shows the intent to follow it (the pointer on the link, or the link
 * focused): a fetcher load of its address runs its route's loader (the screen's data into the query cache) and loads
 * the route's code, so the click that follows finds both. Only for addresses whose route has data to load, and not
 * the one already open. The router's own API, in this one place.
 */
function usePreloadOnIntent(routes: RouteObject[]) {
  const { load } = useFetcher();
  useEffect(() => {
    let last = '';
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const to = `${link.pathname}${link.search}`;
      // The pointer crossing a link's inner elements repeats the event: one load per link reached.
      if (to === last || to === `${window.location.pathname}${window.location.search}`) return;
      last = to;
      const leaf = matchRoutes(routes, link.pathname)?.at(-1)?.route;
      if (!leaf?.loader) return;
      // A fetcher load of a parent's address runs the parent's loader; `?index` names its index route (/admin's queue).
      if (leaf.index)
        void load(`${link.pathname}?${new URLSearchParams([...new URL(link.href).searchParams, ['index', '']])}`);
      else void load(to);
    };
    for (const type of ['pointerover', 'focusin']) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of ['pointerover', 'focusin']) document.removeEventListener(type, onIntent);
    };
  }, [routes, load]);
}

/** The staff app's routes; their loaders fill `queryClient`, the cache the screens read. */
export function staffRoutes(queryClient: QueryClient): RouteObject[] {
  const routes: RouteObject[] = [
    {
      Component: function StaffRoot() {
        usePreloadOnIntent(routes);
        return <Outlet />;
      },
      // Shown only while the first address's code and data load (the app waits for them before its first draw).
      HydrateFallback: PageLoading,
      // What no route below catches (a screen's own error pages are theirs): the friendly page, not the router's.
      errorElement: <RouteError />,
      children: [
        {
          path: '/',
          ...screenRoute(
            () => import('../features/auth/LoginPage'),
            (m) => m.LoginPage,
          ),
        },
        {
          path: '/two-factor-setup',
          ...screenRoute(
            () => import('../features/security/TwoFactorRequiredPage'),
            (m) => m.TwoFactorRequiredPage,
          ),
        },
        {
          path: '/logout',
          ...screenRoute(
            () => import('../features/auth/LogoutRoute'),
            (m) => m.LogoutRoute,
          ),
        },
        {
          path: '/admin',
          ...screenRoute(loadAdminLayout, (m) => m.AdminLayout),
          children: adminRoutes(queryClient),
        },
        { path: '*', Component: PublicAddress },
      ],
    },
  ];
  return routes;
}

/** How long after the first screen the screens most often opened next start loading (see loadLikelyScreens). */
const LIKELY_SCREENS_AFTER_MS = 2000;

/**
 * The code of the screens a staff member opens next from almost any screen, a queue and an order (View), loaded once
 * the first screen is up and the browser is idle, so their first visit after a page load does not wait for it: a
 * dynamic import, which the route's own `lazy` then finds already loaded.
 */
export function loadLikelyScreens(): void {
  setTimeout(() => {
    const load = () => void Promise.all([loadQueuePage(), loadOrderPage()]).catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
    else load();
  }, LIKELY_SCREENS_AFTER_MS);
}
