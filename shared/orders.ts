/** Order statuses, processing modes and folders (product: orders.md#statuses). */
import { PROCESS_STATUSES, type ProcessStatus } from './statuses';

export { PROCESS_STATUSES, type ProcessStatus };

/** Every status except Deleted is a move target; deletion is its own action. */
export const MOVE_TARGETS = PROCESS_STATUSES.filter((s) => s !== 'Deleted') as Exclude<ProcessStatus, 'Deleted'>[];

export const PROCESSING_MODES = ['standard', 'priority', 'future'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export function statusLabel(status: string, refundDate?: string | Date | null): string {
  switch (status) {
    case 'Awaiting':
      return 'Awaiting Response';
    case 'AwaitingGovt':
      return 'Awaiting Govt';
    case 'Refunds':
      return refundDate ? 'Completed Refunds' : 'Refunds';
    default:
      return status;
  }
}

/** The folders are declared in one table, shared/folders.ts; these names are kept here for their many importers. */
export { FOLDERS, FOLDER_COUNT_FIELDS, STATUS_FOLDERS, type Folder, type FolderCounts } from './folders';

/** Statuses that end an order's time in a staff member's My Orders. */
export const CLOSED_STATUSES = [
  'Completed',
  'Refunds',
  'ChargeBack',
  'Deleted',
] as const satisfies readonly ProcessStatus[];

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const YES_NO = ['yes', 'no'] as const;
export const PURPOSES_OF_VISIT = ['Tourism', 'Business', 'Visiting relatives', 'Transit', 'Others'] as const;

export const PREFECTURES = [
  'HOKKAIDO',
  'AOMORI',
  'IWATE',
  'MIYAGI',
  'AKITA',
  'YAMAGATA',
  'FUKUSHIMA',
  'IBARAKI',
  'TOCHIGI',
  'GUNMA',
  'SAITAMA',
  'CHIBA',
  'TOKYO',
  'KANAGAWA',
  'NIIGATA',
  'TOYAMA',
  'ISHIKAWA',
  'FUKUI',
  'YAMANASHI',
  'NAGANO',
  'GIFU',
  'SHIZUOKA',
  'AICHI',
  'MIE',
  'SHIGA',
  'KYOTO',
  'OSAKA',
  'HYOGO',
  'NARA',
  'WAKAYAMA',
  'TOTTORI',
  'SHIMANE',
  'OKAYAMA',
  'HIROSHIMA',
  'YAMAGUCHI',
  'TOKUSHIMA',
  'KAGAWA',
  'EHIME',
  'KOCHI',
  'FUKUOKA',
  'SAGA',
  'NAGASAKI',
  'KUMAMOTO',
  'OITA',
  'MIYAZAKI',
  'KAGOSHIMA',
  'OKINAWA',
] as const;
