/**
 * Routes of the staff app (product: screens.md#routes). Every screen is its own lazily loaded chunk. The public pages are a
 * separate small app (features/public/PublicApp.tsx) that main.tsx starts for every non-staff address
 * (staff-paths.ts); a link here to such an address loads that app. A chunk that fails to load shows RouteError.
 */
import { memo, use, useEffect, type ComponentType } from 'react';
import { matchRoutes, useMatches, type RouteObject } from 'react-router';
import { FOLDERS, folderDeclaration, type Folder } from '../../../shared/folders';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from './RouteError';
import { isStaffPath } from './staff-paths';

/** An address of the public app reached by a link inside the staff app: load it as a page of its own. */
function PublicAddress() {
  const inStaffApp = isStaffPath(window.location.pathname);
  useEffect(() => {
    if (!inStaffApp) window.location.reload();
  }, [inStaffApp]);
  return inStaffApp ? <p className="p-4">Page not found.</p> : <PageLoading />;
}

/** What router.tsx keeps in a route's `handle`: the folder it shows, and how to start loading its screen's code. */
export interface ScreenHandle {
  folder?: Folder;
  preload: () => Promise<void>;
}

/**
 * A route's screen, a module loaded on its first use (route-level code splitting), drawn through React's `use`
 * and not the router's `lazy`. A route with a router `lazy` goes through a loading state on every first visit (a
 * commit of the whole frame), even when its module is already here; a route with a plain Component navigates in
 * one step, and a screen whose module has arrived draws at once (its promise says so: `status`, as React reads it),
 * so a click on a queue's link draws the new screen in one commit (issue 27). While a module downloads, the
 * Suspense boundary above (AdminLayout's around the screen, App's around the router) keeps the screen that was there,
 * as the router's navigation is a transition. The module is imported once for every route that shows it (the queues
 * share QueuePage). A failed download shows RouteError's friendly reload page. The screen is memoised: the admin
 * frame around it renders again whenever its counts, urgency figures or live state change, and the screen need not.
 */
function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyScreen<P> {
  let module: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!module) {
      const loading: Promise<ComponentType<P>> = load().then(
        (m) => memo(pick(m)) as ComponentType<P>,
        (error: unknown) => (() => <RouteError error={error} />) as ComponentType<P>,
      );
      void loading.then((Screen) => Object.assign(loading, { status: 'fulfilled', value: Screen }));
      module = loading;
    }
    return module;
  };
  function Screen(props: P) {
    const Loaded = use(preload());
    return <Loaded {...props} />;
  }
  return { Screen, preload: async () => void (await preload()) };
}

interface LazyScreen<P extends object> {
  Screen: ComponentType<P>;
  /** Starts loading the screen's module; settles when it is here (or failed: the screen is then RouteError). */
  preload: () => Promise<void>;
}

type ScreenRouteObject = Pick<RouteObject, 'Component' | 'errorElement' | 'handle'>;

/** A route drawn by `Component`, whose code `preload` loads. */
function routeOf(Component: ComponentType, preload: () => Promise<void>, folder?: Folder): ScreenRouteObject {
  const handle: ScreenHandle = { preload, ...(folder ? { folder } : {}) };
  return { Component, errorElement: <RouteError />, handle };
}

/** A route showing `Screen` with `props` (fixed per route). */
function screenRoute<P extends object>({ Screen, preload }: LazyScreen<P>, props: P, folder?: Folder) {
  const Component = memo(function ScreenRoute() {
    return <Screen {...props} />;
  });
  return routeOf(Component, preload, folder);
}

/** A route whose screen is a module's named export that takes no props. */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return screenRoute(lazyScreen(load, pick), {});
}

/** Every queue screen is QueuePage with its folder and title: one module for all of them. */
const queuePage = lazyScreen(
  () => import('../features/queues/QueuePage'),
  (m) => m.QueuePage,
);
const futureOrdersPage = lazyScreen(
  () => import('../features/queues/FutureOrdersPage'),
  (m) => m.FutureOrdersPage,
);
/** An order's page (a queue row's View). */
const orderDetailPage = lazyScreen(
  () => import('./OrderDetailRoute'),
  (m) => m.OrderDetailRoute,
);
/** The team list and a member's page (`manage-team/:memberId`) are one screen. */
const manageTeamPage = lazyScreen(
  () => import('../features/team/ManageTeamPage'),
  (m) => m.ManageTeamPage,
);

/**
 * Every queue route shows this one component, so a click from one queue to another is, for React, the same screen
 * with another folder: it keeps the queue's frame (its header, toolbars, filter bar, table and pager, their DOM) and
 * redraws what differs, where a component per route took the old screen down and built the new one whole (about a
 * quarter of the click's time, docs/performance.md). QueuePage resets what belongs to one queue when the folder
 * changes (its search box, selection, dialogs, keyboard focus, filter draft, bulk outcome, export).
 */
const QueueRoute = memo(function QueueRoute() {
  const folder = (useMatches().at(-1)?.handle as ScreenHandle | undefined)?.folder;
  if (!folder) throw new Error('A queue route without its folder');
  return <queuePage.Screen folder={folder} title={folderDeclaration(folder).title} />;
});

/** A folder's screen, as shared/folders.ts declares it; `handle.folder` says which folder a route shows. */
function folderScreen(folder: Folder): ScreenRouteObject {
  return folderDeclaration(folder).screen === 'future-months'
    ? screenRoute(futureOrdersPage, {}, folder)
    : routeOf(QueueRoute, queuePage.preload, folder);
}

/** Every folder at its address (relative to /admin), and the home folder at /admin itself. */
const folderRoutes: RouteObject[] = FOLDERS.flatMap((folder) => {
  const { path, home } = folderDeclaration(folder);
  const route: RouteObject = { path: path.slice('/admin/'.length), ...folderScreen(folder) };
  return home ? [{ index: true, ...folderScreen(folder) }, route] : [route];
});

const adminChildren: RouteObject[] = [
  ...folderRoutes,
  { path: 'view-order/:orderId', ...screenRoute(orderDetailPage, {}) },
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
  { path: 'manage-team', ...screenRoute(manageTeamPage, {}) },
  { path: 'manage-team/:memberId', ...screenRoute(manageTeamPage, {}) },
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

/**
 * Loads the screens `pathname` shows (the frame's and the one inside it) together, not one after the other; the
 * staff app waits for them before its first draw, so it does not draw a spinner only to replace it at once.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as ScreenHandle | undefined)?.preload()),
  );
}

/** How long after the first screen the likely next screens start loading (see preloadLikelyScreens). */
const LIKELY_SCREENS_AFTER_MS = 2000;

/**
 * The screens a staff member opens next from almost any screen, a queue and an order (View), loaded once the first
 * screen is up and the browser is idle, so their first visit after a page load does not wait for their code (issue
 * 27: the first View after a load fetched and ran the order page's chunk at the click; 100 -> 91 ms p50 on the demo
 * data, docs/performance.md).
 */
export function preloadLikelyScreens(): void {
  setTimeout(() => {
    const load = () => void Promise.all([queuePage.preload(), orderDetailPage.preload()]);
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
    else load();
  }, LIKELY_SCREENS_AFTER_MS);
}

/**
 * The code of the screen an in-app link opens, loaded as someone shows the intent to follow it: the pointer on the
 * link, the link focused, or at the latest the press itself, ahead of the router, which asks for it only as it draws
 * the new screen. Within the two seconds before preloadLikelyScreens, a View click fetched and compiled the order
 * page's chunks after the order's answer had come (10-40 ms into the click, traced; issue 27). A link to another
 * app's address (the public pages) is left alone. The listeners hear the events as they bubble, after the app's own
 * handlers: a link that asks for its screen's data on the same event (a row's View, a queue's link) sends that request
 * first. Heard on the way down, the code's seven requests went first and the order's 4 ms later (p50, demo data).
 */
export function preloadScreensOnIntent(): void {
  let last = '';
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    // The pointer crossing a link's inner elements repeats the event: one look-up per link reached.
    if (link.pathname === last || !isStaffPath(link.pathname)) return;
    last = link.pathname;
    void preloadScreens(link.pathname);
  };
  for (const type of ['pointerover', 'focusin', 'pointerdown', 'click'])
    document.addEventListener(type, onIntent, { passive: true });
}

