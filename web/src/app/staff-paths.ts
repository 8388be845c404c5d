/**
 * Which addresses are staff screens (the routes of router.tsx): main.tsx starts the staff app for these and the small
 * public app (features/public/PublicApp.tsx) for every other address. A pattern rather than the routes themselves,
 * which would bring the staff app's route table into every page's entry, the public pages' included;
 * folders-reachable.test.ts checks that every folder's address is one.
 */
const STAFF_PATH = /^\/(?:|admin(?:\/.*)?|logout\/?|two-factor-setup\/?)$/;

export const isStaffPath = (pathname: string) => STAFF_PATH.test(pathname);

/**
 * The order page: its route below /admin and its code, which router.tsx uses for that route. An order's address alone
 * names its screen, so main.tsx asks for this code beside the staff app's on a first load at such an address, rather
 * than after the staff app has started and its router has matched the address (the route's `lazy` then finds the
 * module loaded). staff-paths.test.ts checks that the router and `isOrderPagePath` agree.
 */
export const ORDER_PAGE_ROUTE = 'view-order/:orderId';
const ORDER_PAGE_PATH = /^\/admin\/view-order\/[^/]+\/?$/;
export const isOrderPagePath = (pathname: string) => ORDER_PAGE_PATH.test(pathname);
export const loadOrderPage = () => import('./OrderDetailRoute');
