/**
 * Which addresses are staff screens (the router's routes in router.tsx): main.tsx starts the staff app for these
 * and the small public app (features/public/PublicApp.tsx) for every other address. Keep in step with router.tsx.
 */
const STAFF_PATH = /^\/(?:|admin(?:\/.*)?|logout\/?|two-factor-setup\/?)$/;

export const isStaffPath = (pathname: string) => STAFF_PATH.test(pathname);

/**
 * The queue screens' addresses (the folders shared/folders.ts shows on QueuePage): main.tsx fetches QueuePage's code
 * early for these. Written out rather than read from the folder table, which would add half a kilobyte to every
 * page's entry, the public pages' included; web/src/app/folders-reachable.test.ts fails when the two differ.
 */
const QUEUE_PATH =
  /^\/admin(?:\/(?:recent-order|my-order|priority-order|pending-order|completed-order|deleted-order|awaiting-response|awaiting-govt|called|order-history|contact-customer|refund-order|chargeback))?\/?$/;

export const isQueuePath = (pathname: string) => QUEUE_PATH.test(pathname);
export const isOrderDetailPath = (pathname: string) => pathname.startsWith('/admin/view-order/');
