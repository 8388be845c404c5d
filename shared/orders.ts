/** Order statuses, processing modes and folders (DECISIONS section 2). */
export const PROCESS_STATUSES = [
  'New', 'Pending', 'Awaiting', 'AwaitingGovt', 'Contact Customer',
  'Customer Called', 'Completed', 'Refunds', 'ChargeBack', 'Deleted',
] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** Every status except Deleted is a move target; deletion is its own action. */
export const MOVE_TARGETS = PROCESS_STATUSES.filter((s) => s !== 'Deleted') as Exclude<ProcessStatus, 'Deleted'>[];

export const PROCESSING_MODES = ['standard', 'priority', 'future'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export function statusLabel(status: string, refundDate?: string | Date | null): string {
  switch (status) {
    case 'Awaiting': return 'Awaiting Response';
    case 'AwaitingGovt': return 'Awaiting Govt';
    case 'Refunds': return refundDate ? 'Completed Refunds' : 'Refunds';
    default: return status;
  }
}

/** Folder names as used in `/api/admin/get-orders-list/{orderName}` and `folderName`. */
export const FOLDERS = [
  'newOrder', 'priorityOrder', 'futureOrder', 'myOrder', 'pendingOrder', 'awaitingOrder', 'awaitingGovt',
  'contactCustomer', 'customerCalled', 'completedOrder', 'refundOrder', 'ChargeBack', 'deletedOrder', 'orderHistory',
] as const;
export type Folder = (typeof FOLDERS)[number];

/** Folders that are simply "orders in this status". */
export const STATUS_FOLDERS = {
  pendingOrder: 'Pending',
  awaitingOrder: 'Awaiting',
  awaitingGovt: 'AwaitingGovt',
  contactCustomer: 'Contact Customer',
  customerCalled: 'Customer Called',
  completedOrder: 'Completed',
  refundOrder: 'Refunds',
  ChargeBack: 'ChargeBack',
  deletedOrder: 'Deleted',
} as const satisfies Partial<Record<Folder, ProcessStatus>>;

/** Statuses that end an order's time in a staff member's My Orders. */
export const CLOSED_STATUSES = ['Completed', 'Refunds', 'ChargeBack', 'Deleted'] as const satisfies readonly ProcessStatus[];

export const FOLDER_COUNT_FIELDS = [
  'myOrdersCount', 'newOrdersCount', 'priorityOrdersCount', 'pendingOrdersCount', 'completedOrdersCount',
  'awaitingOrdersCount', 'processedOrdersCount', 'awaitingGovtCount', 'contactCustomerOrdersCount',
  'customerCalledCount', 'allOrdersCount', 'deletedOrdersCount', 'refundOrdersCount', 'chargeBackCount',
] as const;
export type FolderCounts = Record<(typeof FOLDER_COUNT_FIELDS)[number], number>;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export const YES_NO = ['yes', 'no'] as const;
export const PURPOSES_OF_VISIT = ['Tourism', 'Business', 'Visiting relatives', 'Transit', 'Others'] as const;

export const PREFECTURES = [
  'HOKKAIDO', 'AOMORI', 'IWATE', 'MIYAGI', 'AKITA', 'YAMAGATA', 'FUKUSHIMA', 'IBARAKI', 'TOCHIGI', 'GUNMA',
  'SAITAMA', 'CHIBA', 'TOKYO', 'KANAGAWA', 'NIIGATA', 'TOYAMA', 'ISHIKAWA', 'FUKUI', 'YAMANASHI', 'NAGANO',
  'GIFU', 'SHIZUOKA', 'AICHI', 'MIE', 'SHIGA', 'KYOTO', 'OSAKA', 'HYOGO', 'NARA', 'WAKAYAMA', 'TOTTORI',
  'SHIMANE', 'OKAYAMA', 'HIROSHIMA', 'YAMAGUCHI', 'TOKUSHIMA', 'KAGAWA', 'EHIME', 'KOCHI', 'FUKUOKA', 'SAGA',
  'NAGASAKI', 'KUMAMOTO', 'OITA', 'MIYAZAKI', 'KAGOSHIMA', 'OKINAWA',
] as const;
