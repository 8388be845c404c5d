/**
 * Which addresses are staff screens (the routes of router.tsx): main.tsx starts the staff app for these and the small
 * public app (features/public/PublicApp.tsx) for every other address. A pattern rather than the routes themselves,
 * which would bring the staff app's route table into every page's entry, the public pages' included;
 * folders-reachable.test.ts checks that every folder's address is one.
 */
import { PHONE_QUERY } from '../lib/phone-query';

const STAFF_PATH = /^\/(?:|admin(?:\/.*)?|logout\/?|two-factor-setup\/?)$/;

export const isStaffPath = (pathname: string) => STAFF_PATH.test(pathname);

/**
 * The order page: its route below /admin and its code, which router.tsx builds the route from; and the queue screen's
 * code, which router.tsx shows every queue with. staff-paths.test.ts checks that the router and `isOrderPagePath` agree.
 */
export const ORDER_PAGE_ROUTE = 'view-order/:orderId';
const ORDER_PAGE_PATH = /^\/admin\/view-order\/[^/]+\/?$/;
export const isOrderPagePath = (pathname: string) => ORDER_PAGE_PATH.test(pathname);
export const loadOrderPage = () => import('./OrderDetailRoute');
export const loadQueuePage = () => import('../features/queues/QueuePage');
/** The frame of every screen below /admin (sidebar, top bar), the router's layout route there. */
export const loadAdminLayout = () => import('../features/layout/AdminLayout');

/**
 * The screen code main.tsx asks for beside the staff app's on a first load at `pathname`, so that it comes in the same
 * wave rather than after the staff app has run and its router has matched the address (the route's `lazy` then finds
 * the module loaded; the screen's data still comes through the route's loader). An order's address names the order
 * page. Any other address below /admin is most likely a queue (every link of the sidebar but the reports and
 * settings), whose screen the staff app loads soon after its first screen anyway (router.tsx's loadLikelyScreens); a
 * wrong guess costs that one early download, never what is shown. Nothing elsewhere (the sign-in, the public pages).
 * Every screen named here is drawn inside the admin layout (loadAdminLayout), which comes in the same wave too.
 */
export function firstScreenCode(pathname: string): (() => Promise<unknown>) | undefined {
  if (isOrderPagePath(pathname)) return loadOrderPage;
  if (/^\/admin(?:\/|$)/.test(pathname)) return loadQueuePage;
  return undefined;
}

/**
 * Whether the first screen at a staff `pathname` likely shows times, which start the browser's locale service (its
 * first use is one long task of the main thread, docs/decisions/0064): an order does; a queue does unless a phone draws
 * it as cards, without times.
 */
export const firstScreenShowsTimes = (pathname: string) =>
  isOrderPagePath(pathname) || !window.matchMedia(PHONE_QUERY).matches;
