/**
 * The admin navigation (spec section 2 "Dashboard tiles" and "Sidebar links"),
 * filtered by the shared permission table (spec section 6, DECISIONS section 3).
 * Beyond the spec: Future Orders (its route exists but no link did) and, for
 * Admin, the Mail Outbox where locally delivered mail can be read.
 */
import { can, type Permission } from '../../../../shared/roles';
import type { FolderCounts } from '../../../../shared/orders';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  count?: keyof FolderCounts;
  permission?: Permission;
}

export const DASHBOARD_TILES: NavItem[] = [
  { label: 'My Orders', to: paths.admin.myOrders, count: 'myOrdersCount' },
  { label: 'New Orders', to: paths.admin.recentOrders, count: 'newOrdersCount' },
  { label: 'Priority Order', to: paths.admin.priorityOrders, count: 'priorityOrdersCount' },
  { label: 'Pending Orders', to: paths.admin.pendingOrders, count: 'pendingOrdersCount' },
  { label: 'Completed Orders', to: paths.admin.completedOrders, count: 'completedOrdersCount' },
];

export const SIDEBAR_LINKS: NavItem[] = [
  { label: 'Awaiting Customer', to: paths.admin.awaitingResponse, count: 'awaitingOrdersCount' },
  { label: 'Awaiting Govt', to: paths.admin.awaitingGovt, count: 'awaitingGovtCount' },
  { label: 'Contact Customer', to: paths.admin.contactCustomer, count: 'contactCustomerOrdersCount' },
  { label: 'Customer Called', to: paths.admin.customerCalled, count: 'customerCalledCount' },
  { label: 'Future Orders', to: paths.admin.futureOrders },
  { label: 'Order History', to: paths.admin.orderHistory, count: 'allOrdersCount', permission: 'orders:history' },
  { label: 'Deleted Orders', to: paths.admin.deletedOrders, count: 'deletedOrdersCount' },
  { label: 'Refunds', to: paths.admin.refundOrders, count: 'refundOrdersCount' },
  { label: 'Chargeback', to: paths.admin.chargeback, count: 'chargeBackCount' },
  { label: 'Country Order List', to: paths.admin.countryOrderList },
  { label: 'Manage Team', to: paths.admin.manageTeam, permission: 'team:manage' },
  { label: 'Order Processed', to: paths.admin.processedOrders, permission: 'reports:processed' },
  { label: 'Order Processing Logs', to: paths.admin.processingLogs, permission: 'reports:processed' },
  { label: 'Manage Invoices', to: paths.admin.sendInvoice },
  { label: 'Mail Outbox', to: paths.admin.mailOutbox, permission: 'mail:outbox' },
  { label: 'Gateway Setting', to: paths.admin.gatewaySetting, permission: 'gateway:manage' },
  { label: 'Change Password', to: paths.admin.changePassword, permission: 'password:change' },
  { label: 'Logout', to: '/logout' },
];

export function visibleLinks(role: string | undefined, items: NavItem[] = SIDEBAR_LINKS): NavItem[] {
  return items.filter((item) => !item.permission || can(role, item.permission));
}
