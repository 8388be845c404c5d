/**
 * Which addresses are staff screens (the router's routes in router.tsx): main.tsx starts the staff app for these
 * and the small public app (features/public/PublicApp.tsx) for every other address. Keep in step with router.tsx.
 */
const STAFF_PATH = /^\/(?:|admin(?:\/.*)?|logout\/?|two-factor-setup\/?)$/;

export const isStaffPath = (pathname: string) => STAFF_PATH.test(pathname);

/**
 * The queue screens' addresses and the folder each shows (shared/folders.ts's table, where QueuePage shows it): main.tsx
 * fetches QueuePage's code and the folder's first page early for these. Written out rather than read from the folder
 * table, which would add half a kilobyte to every page's entry, the public pages' included;
 * web/src/app/folders-reachable.test.ts fails when the two differ.
 */
const QUEUE_FOLDERS = new Map(
  Object.entries({
    '/admin': 'newOrder',
    '/admin/recent-order': 'newOrder',
    '/admin/priority-order': 'priorityOrder',
    '/admin/my-order': 'myOrder',
    '/admin/pending-order': 'pendingOrder',
    '/admin/awaiting-response': 'awaitingOrder',
    '/admin/awaiting-govt': 'awaitingGovt',
    '/admin/contact-customer': 'contactCustomer',
    '/admin/called': 'customerCalled',
    '/admin/completed-order': 'completedOrder',
    '/admin/refund-order': 'refundOrder',
    '/admin/chargeback': 'ChargeBack',
    '/admin/deleted-order': 'deletedOrder',
    '/admin/order-history': 'orderHistory',
  }),
);

/** The folder a queue screen's address shows (a trailing slash or not), or undefined for any other address. */
export const queueFolderAt = (pathname: string): string | undefined =>
  QUEUE_FOLDERS.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
export const isQueuePath = (pathname: string) => queueFolderAt(pathname) !== undefined;
export const isOrderDetailPath = (pathname: string) => pathname.startsWith('/admin/view-order/');
