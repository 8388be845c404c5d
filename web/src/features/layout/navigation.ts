/**
 * The admin navigation (product: roles.md#navigation),
 * filtered by the shared permission table (product: roles.md#navigation).
 * Beyond the spec: Future Orders (its route exists but no link did) and, for
 * Admin, the Mail Outbox where locally delivered mail can be read.
 */
import { can, type Permission } from '../../../../shared/roles';
import { folderDeclaration, type Folder, type FolderCounts } from '../../../../shared/folders';
import { DISPUTES_REPORT_PERMISSION } from '../../../../shared/roles';
import { paths } from '../../lib/paths';
import { folderPath } from '../../lib/folder-paths';

export interface NavItem {
  label: string;
  to: string;
  count?: keyof FolderCounts;
  permission?: Permission;
  /** The tile also shows how many of its orders arrive soon (GET admin/arrival-urgency). */
  urgent?: 'newOrder' | 'priorityOrder';
}

/** A folder's link, as shared/folders.ts declares it: label, address, count, who may read it, urgency on a tile. */
export function folderLink(folder: Folder): NavItem {
  const { link, count, read } = folderDeclaration(folder);
  return {
    label: link.label,
    to: folderPath(folder),
    ...(count ? { count } : {}),
    ...(read ? { permission: read.permission } : {}),
    ...(link.urgentOnTile ? { urgent: folder as NavItem['urgent'] } : {}),
  };
}

/** Where each folder's link sits is this file's; everything else about it is the folder table's. */
const TILE_FOLDERS = ['myOrder', 'newOrder', 'priorityOrder', 'pendingOrder', 'completedOrder'] as const;
const SIDEBAR_FOLDERS = [
  'awaitingOrder',
  'awaitingGovt',
  'contactCustomer',
  'customerCalled',
  'futureOrder',
  'orderHistory',
  'deletedOrder',
  'refundOrder',
  'ChargeBack',
] as const;
/** A folder with no link does not compile. */
const everyFolderLinked: Exclude<Folder, (typeof TILE_FOLDERS)[number] | (typeof SIDEBAR_FOLDERS)[number]> extends never
  ? true
  : never = true;
void everyFolderLinked;

export const DASHBOARD_TILES: NavItem[] = TILE_FOLDERS.map(folderLink);

export const SIDEBAR_LINKS: NavItem[] = [
  ...SIDEBAR_FOLDERS.map(folderLink),
  { label: 'Country Order List', to: paths.admin.countryOrderList },
  { label: 'Manage Team', to: paths.admin.manageTeam, permission: 'team:manage' },
  { label: 'Order Processed', to: paths.admin.processedOrders, permission: 'reports:processed' },
  { label: 'Order Processing Logs', to: paths.admin.processingLogs, permission: 'reports:processed' },
  { label: 'Information Requests', to: paths.admin.informationRequestReport, permission: 'reports:processed' },
  { label: 'Disputes Report', to: paths.admin.disputesReport, permission: DISPUTES_REPORT_PERMISSION },
  { label: 'Manage Invoices', to: paths.admin.sendInvoice },
  { label: 'Mail Outbox', to: paths.admin.mailOutbox, permission: 'mail:outbox' },
  { label: 'Gateway Setting', to: paths.admin.gatewaySetting, permission: 'gateway:manage' },
  { label: 'Exports', to: paths.admin.exports, permission: 'exports:manage' },
  { label: 'Change Password', to: paths.admin.changePassword, permission: 'password:change' },
  { label: 'Sign-in & Security', to: paths.admin.security },
  { label: 'Logout', to: '/logout' },
];

export function visibleLinks(role: string | undefined, items: NavItem[] = SIDEBAR_LINKS): NavItem[] {
  return items.filter((item) => !item.permission || can(role, item.permission));
}
