/**
 * THE table of queue folders (product: folders.md#folders): each folder is declared once, here, and everything else
 * derives from it: the folder names the API takes (FOLDERS), the status folders (STATUS_FOLDERS), the counts
 * answer's fields, who may read a folder (server and navigation), the web's paths, routes, navigation links and
 * each queue page's actions. What a folder holds is SQL on the server (server/features/queue-engine/folders.ts, keyed by
 * these names so a folder without a predicate does not compile) and its TypeScript twin `inFolder` (shared/live.ts).
 * web/src/app/folders-reachable.test.ts and web/src/features/queues/queue-screen.test.tsx walk this table.
 * The public pages never load it (web/src/lib/folder-paths.ts, web/src/app/staff-paths.ts say why).
 */
import type { ProcessStatus } from './statuses';
import type { Permission } from './roles';

/**
 * The fields of `GET /api/admin/get-folder-count`, in the answer's order (the API contract): each folder's `count`
 * and `processedOrdersCount`, which has no queue of its own (product: folders.md#processed-count).
 */
export const FOLDER_COUNT_FIELDS = [
  'myOrdersCount',
  'newOrdersCount',
  'priorityOrdersCount',
  'pendingOrdersCount',
  'completedOrdersCount',
  'awaitingOrdersCount',
  'processedOrdersCount',
  'awaitingGovtCount',
  'contactCustomerOrdersCount',
  'customerCalledCount',
  'allOrdersCount',
  'deletedOrdersCount',
  'refundOrdersCount',
  'chargeBackCount',
] as const;
export type FolderCountField = (typeof FOLDER_COUNT_FIELDS)[number];
export type FolderCounts = Record<FolderCountField, number>;

/** What a queue page offers on its rows and selection (product: roles.md#queue-actions; the server enforces them). */
export interface QueueActions {
  assign?: boolean;
  release?: boolean;
  refund?: boolean;
  /** Who sees Delete in this queue. */
  deletePermission?: Permission;
  bulkDelete?: boolean;
  /** Each row links straight to the order's chargeback defence packs. */
  defencePacks?: boolean;
  /** The queue shows its orders' payment disputes above the rows (product: disputes.md#chargeback-queue). */
  disputes?: boolean;
}

export interface FolderDeclaration {
  /** The queue screen's title (its heading). */
  title: string;
  /** The screen's address; `home`: also the staff app's start page (/admin). */
  path: `/admin/${string}`;
  home?: boolean;
  /** `queue`: the queue page (QueuePage); `future-months`: the Future Order month tiles (FutureOrdersPage). */
  screen: 'queue' | 'future-months';
  /**
   * Its link's label; web/src/features/layout/navigation.ts places it (a dashboard tile or a sidebar link).
   * `urgentOnTile`: the tile also shows how many of its orders arrive soon.
   */
  link: { label: string; urgentOnTile?: boolean };
  /** Its field in the counts answer; null: none (the Future Order tiles have their own counts). */
  count: FolderCountField | null;
  /** Who may read it beyond `orders:work`, and the refusal a role without it gets (403). */
  read?: { permission: Permission; refusal: string };
  /** A status folder: every order in this status, assigned or not. Otherwise its rule is written out. */
  status?: ProcessStatus;
  actions: QueueActions;
  /** Rows show how close the arrival is (open queues, where it still matters). */
  arrivalUrgency: boolean;
  /** The name a bulk refusal uses ("No longer in ..."), when it is not the title. */
  bulkName?: string;
}

const DELETE_FOR_LEADERS = { deletePermission: 'orders:delete' } as const;

/** In the API's order of folder names (the order the "Unknown folder" message lists them in). */
export const FOLDER_TABLE = {
  newOrder: {
    title: 'New Order',
    path: '/admin/recent-order',
    home: true,
    screen: 'queue',
    link: { label: 'New Orders', urgentOnTile: true },
    count: 'newOrdersCount',
    actions: { assign: true, ...DELETE_FOR_LEADERS, bulkDelete: true },
    arrivalUrgency: true,
  },
  priorityOrder: {
    title: 'Priority Order',
    path: '/admin/priority-order',
    screen: 'queue',
    link: { label: 'Priority Order', urgentOnTile: true },
    count: 'priorityOrdersCount',
    actions: { assign: true, ...DELETE_FOR_LEADERS, bulkDelete: true },
    arrivalUrgency: true,
  },
  futureOrder: {
    title: 'Future Order',
    path: '/admin/future-order',
    screen: 'future-months',
    link: { label: 'Future Orders' },
    count: null,
    actions: {},
    arrivalUrgency: false,
    bulkName: 'Future Orders',
  },
  myOrder: {
    title: 'My Order',
    path: '/admin/my-order',
    screen: 'queue',
    link: { label: 'My Orders' },
    count: 'myOrdersCount',
    actions: { release: true, deletePermission: 'orders:delete-from-my-orders', bulkDelete: true },
    arrivalUrgency: true,
  },
  pendingOrder: {
    title: 'Pending Orders',
    path: '/admin/pending-order',
    screen: 'queue',
    status: 'Pending',
    link: { label: 'Pending Orders' },
    count: 'pendingOrdersCount',
    actions: {},
    arrivalUrgency: true,
  },
  awaitingOrder: {
    title: 'Awaiting Response',
    path: '/admin/awaiting-response',
    screen: 'queue',
    status: 'Awaiting',
    link: { label: 'Awaiting Customer' },
    count: 'awaitingOrdersCount',
    actions: {},
    arrivalUrgency: true,
  },
  awaitingGovt: {
    title: 'Awaiting Govt',
    path: '/admin/awaiting-govt',
    screen: 'queue',
    status: 'AwaitingGovt',
    link: { label: 'Awaiting Govt' },
    count: 'awaitingGovtCount',
    actions: {},
    arrivalUrgency: true,
  },
  contactCustomer: {
    title: 'Contact Customer',
    path: '/admin/contact-customer',
    screen: 'queue',
    status: 'Contact Customer',
    link: { label: 'Contact Customer' },
    count: 'contactCustomerOrdersCount',
    actions: {},
    arrivalUrgency: true,
  },
  customerCalled: {
    title: 'Customer Called',
    path: '/admin/called',
    screen: 'queue',
    status: 'Customer Called',
    link: { label: 'Customer Called' },
    count: 'customerCalledCount',
    actions: {},
    arrivalUrgency: true,
  },
  completedOrder: {
    title: 'Completed Orders',
    path: '/admin/completed-order',
    screen: 'queue',
    status: 'Completed',
    link: { label: 'Completed Orders' },
    count: 'completedOrdersCount',
    actions: {},
    arrivalUrgency: false,
  },
  refundOrder: {
    title: 'Refund Orders',
    path: '/admin/refund-order',
    screen: 'queue',
    status: 'Refunds',
    link: { label: 'Refunds' },
    count: 'refundOrdersCount',
    actions: { refund: true, ...DELETE_FOR_LEADERS, bulkDelete: true },
    arrivalUrgency: false,
  },
  ChargeBack: {
    title: 'ChargeBack Orders',
    path: '/admin/chargeback',
    screen: 'queue',
    status: 'ChargeBack',
    link: { label: 'Chargeback' },
    count: 'chargeBackCount',
    actions: { ...DELETE_FOR_LEADERS, defencePacks: true, disputes: true },
    arrivalUrgency: false,
  },
  deletedOrder: {
    title: 'Deleted Orders',
    path: '/admin/deleted-order',
    screen: 'queue',
    status: 'Deleted',
    link: { label: 'Deleted Orders' },
    count: 'deletedOrdersCount',
    actions: {},
    arrivalUrgency: false,
  },
  orderHistory: {
    title: 'Order History',
    path: '/admin/order-history',
    screen: 'queue',
    link: { label: 'Order History' },
    count: 'allOrdersCount',
    read: { permission: 'orders:history', refusal: 'Order History is not available to your role.' },
    actions: {},
    arrivalUrgency: false,
  },
} as const satisfies Record<string, FolderDeclaration>;

type Table = typeof FOLDER_TABLE;
export type Folder = keyof Table;

/** Folder names as used in `/api/admin/get-orders-list/{orderName}` and `folderName`. */
export const FOLDERS = /* @__PURE__ */ Object.keys(FOLDER_TABLE) as [Folder, ...Folder[]];

/** A folder's declaration, read through the common shape (the table itself keeps its literal types). */
export const folderDeclaration = (folder: Folder): FolderDeclaration => FOLDER_TABLE[folder];

type StatusFolders = {
  [F in Folder as Table[F] extends { status: ProcessStatus } ? F : never]: Table[F] extends { status: infer S }
    ? S
    : never;
};

/** Folders that are simply "orders in this status". */
export const STATUS_FOLDERS = /* @__PURE__ */ Object.fromEntries(
  FOLDERS.flatMap((f) => {
    const { status } = folderDeclaration(f);
    return status ? [[f, status]] : [];
  }),
) as StatusFolders;

type Assert<T extends true> = T;
/** Every count field but processedOrdersCount belongs to a folder: a field no folder claims is a type error here. */
export type EveryCountFieldClaimed = Assert<
  Exclude<FolderCountField, Table[Folder]['count'] | 'processedOrdersCount'> extends never ? true : false
>;

/** The folders with a count, and their fields (the counts answer and the reference count derive from it). */
export const COUNTED_FOLDERS = /* @__PURE__ */ FOLDERS.flatMap((folder) => {
  const { count } = folderDeclaration(folder);
  return count ? [{ folder, count }] : [];
});
