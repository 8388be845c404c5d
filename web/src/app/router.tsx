/**
 * Routes (spec section 2). Every screen is its own lazily loaded chunk, so the
 * public pages never load admin code. A chunk that fails to load shows RouteError.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Folder } from '../../../shared/orders';
import { PageLoading, RouteError } from './RouteError';

/**
 * A lazy route whose module's named export is the screen. A failed download is
 * caught here and shown as the friendly reload page: the router would otherwise
 * leave the outlet empty when `lazy` rejects.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Pick<RouteObject, 'lazy' | 'errorElement' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => {
      try {
        return { Component: pick(await load()) };
      } catch (error) {
        return { Component: () => <RouteError error={error} /> };
      }
    },
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
  };
}

function queue(folder: Folder, title: string) {
  return screen(() => import('../features/queues/QueuePage'), (m) => () => <m.QueuePage folder={folder} title={title} />);
}

const adminChildren: RouteObject[] = [
  { index: true, ...queue('newOrder', 'New Order') },
  { path: 'recent-order', ...queue('newOrder', 'New Order') },
  { path: 'my-order', ...queue('myOrder', 'My Order') },
  { path: 'priority-order', ...queue('priorityOrder', 'Priority Order') },
  { path: 'pending-order', ...queue('pendingOrder', 'Pending Orders') },
  { path: 'completed-order', ...queue('completedOrder', 'Completed Orders') },
  { path: 'deleted-order', ...queue('deletedOrder', 'Deleted Orders') },
  { path: 'awaiting-response', ...queue('awaitingOrder', 'Awaiting Response') },
  { path: 'awaiting-govt', ...queue('awaitingGovt', 'Awaiting Govt') },
  { path: 'called', ...queue('customerCalled', 'Customer Called') },
  { path: 'order-history', ...queue('orderHistory', 'Order History') },
  { path: 'contact-customer', ...queue('contactCustomer', 'Contact Customer') },
  { path: 'refund-order', ...queue('refundOrder', 'Refund Orders') },
  { path: 'chargeback', ...queue('ChargeBack', 'ChargeBack Orders') },
  { path: 'future-order', ...screen(() => import('../features/queues/FutureOrdersPage'), (m) => m.FutureOrdersPage) },
  { path: 'view-order/:orderId', ...screen(() => import('../features/order-detail/OrderDetailPage'), (m) => m.OrderDetailPage) },
  { path: 'country-order-list', ...screen(() => import('../features/reports/CountryOrderListPage'), (m) => m.CountryOrderListPage) },
  { path: 'processed-order', ...screen(() => import('../features/reports/ProcessedOrderPage'), (m) => m.ProcessedOrderPage) },
  { path: 'processed-by-info', ...screen(() => import('../features/reports/ProcessingLogsPage'), (m) => m.ProcessingLogsPage) },
  { path: 'view-process-logs/:orderId', ...screen(() => import('../features/reports/ProcessLogDetailPage'), (m) => m.ProcessLogDetailPage) },
  { path: 'gateway-setting', ...screen(() => import('../features/settings/GatewaySettingPage'), (m) => m.GatewaySettingPage) },
  { path: 'change-password', ...screen(() => import('../features/auth/ChangePasswordPage'), (m) => m.ChangePasswordPage) },
  { path: 'manage-team', ...screen(() => import('../features/team/ManageTeamPage'), (m) => m.ManageTeamPage) },
  { path: 'manage-team/:memberId', ...screen(() => import('../features/team/ManageTeamPage'), (m) => m.ManageTeamPage) },
  { path: 'send-invoice', ...screen(() => import('../features/documents/SendInvoicePage'), (m) => m.SendInvoicePage) },
  { path: 'mail-outbox', ...screen(() => import('../features/documents/MailOutboxPage'), (m) => m.MailOutboxPage) },
  { path: '*', ...screen(() => import('../features/layout/AdminNotFound'), (m) => m.AdminNotFound) },
];

export const routes: RouteObject[] = [
  { path: '/', ...screen(() => import('../features/auth/LoginPage'), (m) => m.LoginPage) },
  { path: '/logout', ...screen(() => import('../features/auth/LogoutRoute'), (m) => m.LogoutRoute) },
  { path: '/admin', ...screen(() => import('../features/layout/AdminLayout'), (m) => m.AdminLayout), children: adminChildren },
  { path: '/track-order', ...screen(() => import('../features/public/TrackOrderPage'), (m) => m.TrackOrderPage) },
  { path: '/track-order/:orderId', ...screen(() => import('../features/public/TrackOrderPage'), (m) => m.TrackOrderPage) },
  { path: '/get-new-order-details/:orderId', ...screen(() => import('../features/public/OrderDownloadPage'), (m) => m.OrderDownloadPage) },
  { path: '*', ...screen(() => import('../features/public/PublicNotFound'), (m) => m.PublicNotFound) },
];

export const createRouter = () => createBrowserRouter(routes);
