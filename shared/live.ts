/**
 * The staff event stream (docs/decisions/0015): what `GET /api/admin/live/stream` sends, and the folder
 * rules both sides use to say whether an order is in a folder. Mirrors the SQL predicates of
 * server/features/queue-engine/folders.ts (folderPredicate); server/features/live/in-folder.test.ts checks them against it.
 */
import { CLOSED_STATUSES, STATUS_FOLDERS, type Folder } from './orders';

/** An order's place in the queues: what decides its folders. */
export interface OrderPlace {
  status: string;
  mode: string;
  /** YYYY-MM-DD or null. */
  processingDate: string | null;
  assigneeId: number | null;
}

/** Event `order`: an order entered, left or moved between folders (`from` null: new order; `to` null: removed). */
export interface OrderChangedEvent {
  orderId: number;
  from: OrderPlace | null;
  to: OrderPlace | null;
  /** The folder the order was / is in for its assignee's colleagues (see `primaryFolder`). */
  fromFolder: Folder | null;
  toFolder: Folder | null;
  /** The assignee after the change, with the member's name (staff see each other's names in the queues already). */
  assigneeId: number | null;
  assigneeName: string | null;
}

/** Event `activity`: a process-log line was written for an order (someone changed it). */
export interface OrderActivityEvent {
  orderId: number;
  /** null: no staff member (intake, the retention job, a customer download). */
  actorId: number | null;
  actorName: string | null;
  step: string;
}

export type PresenceState = 'viewing' | 'writing';
export const PRESENCE_STATES = ['viewing', 'writing'] as const satisfies readonly PresenceState[];

export interface Viewer {
  memberId: number;
  name: string;
  state: PresenceState;
}

/** Event `presence`: who has these orders open now (an order with no viewers left comes with `viewers: []`). */
export interface PresenceEvent {
  orders: { orderId: number; viewers: Viewer[] }[];
}

/** Event names on the stream. `counts`: folder counts changed, ask again. `resync`: reload everything. `end`: the session ended. */
export type LiveEventName = 'hello' | 'order' | 'activity' | 'counts' | 'presence' | 'resync' | 'end';

/**
 * Header of a staff answer: the id of the live event through which the answer reflects every change (the server's
 * live hub had read them all before the answer's read began). Absent while no stream has started the hub. A page
 * whose answers all reflect the events through its stream's `hello.lastEventId` missed nothing before the stream.
 */
export const LIVE_EVENTS_THROUGH_HEADER = 'live-events-through';

/**
 * `hello`, the first event of every stream: the member it serves, this stream's heartbeat period, the last event
 * id the server had read (a client that has seen no event yet reconnects from there), and how long presence lasts
 * without a heartbeat (a tab sends one every third of it).
 */
export interface HelloEvent {
  memberId: number;
  heartbeatMs: number;
  lastEventId: number;
  presenceTtlMs: number;
}

const closed = CLOSED_STATUSES as readonly string[];

/** The UTC date as YYYY-MM-DD: the clock of the New and Future folders (folders.ts utcToday). */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** Whether an order at `place` is listed in `folder` for `memberId` on `today` (folderPredicate in folders.ts). */
export function inFolder(folder: Folder, place: OrderPlace | null, memberId: number, today = utcDay()): boolean {
  if (!place) return false;
  const { status, mode, processingDate, assigneeId } = place;
  switch (folder) {
    case 'newOrder':
      return (
        status === 'New' &&
        assigneeId === null &&
        (mode === 'standard' || (mode === 'future' && processingDate !== null && processingDate <= today))
      );
    case 'priorityOrder':
      return status === 'New' && assigneeId === null && mode === 'priority';
    case 'futureOrder':
      return status === 'New' && mode === 'future' && processingDate !== null && processingDate > today;
    case 'myOrder':
      return assigneeId === memberId && !closed.includes(status);
    case 'orderHistory':
      return status !== 'Deleted';
    default:
      return status === STATUS_FOLDERS[folder];
  }
}

/**
 * The one folder that names where an order is, for a colleague: an assigned open order is in its assignee's
 * My Orders, a New one in New, Priority or Future Order, any other in its status's folder.
 */
export function primaryFolder(place: OrderPlace | null, today = utcDay()): Folder | null {
  if (!place) return null;
  if (place.assigneeId !== null && !closed.includes(place.status)) return 'myOrder';
  for (const folder of ['priorityOrder', 'newOrder', 'futureOrder'] as const)
    if (inFolder(folder, place, -1, today)) return folder;
  const entry = Object.entries(STATUS_FOLDERS).find(([, status]) => status === place.status);
  return entry ? (entry[0] as Folder) : null;
}
