/**
 * Entry: the shared look, then one of three apps by the address (issue 27). A customer on the public pages loads
 * React and those pages only; the sign-in page (`/`) React and its form only; staff screens load the full app
 * (router, query cache, forms, toasts), which the sign-in app also starts after a completed sign-in.
 */
// First: zod's setting must be in place before any schema is built, and the first screen's module (which builds
// some) may be evaluated before the staff app's.
import './zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { isOrderDetailPath, isStaffPath, queueFolderAt } from './app/staff-paths';
import { apiUrl } from './lib/api-url';
import { askEarly } from './lib/early-answer';
import { PHONE_QUERY } from './lib/phone-query';
import { decodeOrderId } from '../../shared/ids';
import { ORDER_LIST_DEFAULT_LIMIT } from '../../shared/schemas/order-list-texts';

const root = document.getElementById('root')!;

/**
 * For a first screen that shows times: the browser's locale service costs 50-130 ms of the main thread the first
 * time a page uses it in Chromium (docs/performance.md), every later formatter a few. It is started while the
 * screen's code is on its way and the main thread has nothing to do, instead of in the middle of drawing the screen.
 */
function startLocaleService() {
  setTimeout(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'short' }).format(0), 0);
}
// The first screen's code is fetched beside the app's, not after the router asks for it (one round trip less).
const path = window.location.pathname;
if (path.startsWith('/admin')) {
  void import('./features/layout/AdminLayout').catch(() => undefined);
  // The screen inside the frame too, for the two most opened (a queue, an order): the router would ask only after the
  // staff app has run. And their data: the address the screen will ask for (tests/e2e/delivery.test.ts checks that it
  // asks for no other): a queue's plain address is its first page, newest first (use-queue-params.ts's defaults).
  const folder = queueFolderAt(path);
  if (folder) {
    void import('./features/queues/QueuePage').catch(() => undefined);
    // A queue shows times in its table; drawn as cards on a phone it shows none.
    if (!window.matchMedia(PHONE_QUERY).matches) startLocaleService();
    if (!window.location.search)
      askEarly(apiUrl(`admin/get-orders-list/${folder}`, { page: 1, limit: ORDER_LIST_DEFAULT_LIMIT, delay: 1 }));
  } else if (isOrderDetailPath(path)) {
    void import('./app/OrderDetailRoute').catch(() => undefined);
    startLocaleService();
    const orderId = decodeOrderId(path.slice('/admin/view-order/'.length));
    if (orderId !== null) askEarly(apiUrl(`admin/get-orders-details/${orderId}`));
  }
}
const start =
  path === '/'
    ? import('./app/SignInApp').then((m) => m.startSignInApp(root))
    : isStaffPath(path)
      ? import('./app/start-staff-app').then((m) => m.startStaffApp(root))
      : import('./features/public/PublicApp').then((m) => m.startPublicApp(root));
start.catch(() => {
  // A chunk that cannot load (a deploy replaced it, the network dropped): say so instead of a blank page.
  root.innerHTML = '<p style="padding:2rem;font-family:sans-serif">This page could not load. Please reload it.</p>';
});
