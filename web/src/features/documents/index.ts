/**
 * The documents feature's public entry (docs/decisions/0031): the order's mails, which a queue's View asks for with
 * the order on intent (issue 27). Its sections and pages are mounted by the app (app/OrderDetailRoute.tsx, router).
 */
export { prefetchEmailHistory } from './api/get-email-history';
