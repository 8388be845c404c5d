/**
 * Work next (docs/decisions/0016): assign the most urgent unassigned order of a queue to the member, in
 * one transaction, and say which. Most urgent: an arrival not yet passed (in Japan) before a passed one; then a
 * Priority order before a New one (My Orders draws from both); then the nearest arrival date; then the oldest
 * order. Each step is one probe of orders_work_next_new_idx or orders_work_next_priority_idx (migration 0025)
 * with FOR UPDATE SKIP LOCKED, so members pressing at once each lock a different order instead of queueing on
 * the first. The write is Assign to me's (assignLockedOrders): the same process-log line and counter changes.
 */
import { jstDayKey } from '../../../shared/arrival-urgency';
import type { WorkNextFolder } from '../../../shared/schemas/work-next-texts';
import type { Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { assignLockedOrders } from './actions.service';
import { changingOrders, lockWorkNextOrder, utcToday, type WorkNextStep } from '../queue-engine';

/** The probes, most urgent first. */
const STEPS: Record<WorkNextFolder, WorkNextStep[]> = {
  newOrder: [
    { source: 'newOrder', passed: false },
    { source: 'newOrder', passed: true },
  ],
  priorityOrder: [
    { source: 'priorityOrder', passed: false },
    { source: 'priorityOrder', passed: true },
  ],
  // My Orders is where a member's work lands: Work next there takes from both queues the member could pick from.
  myOrder: [
    { source: 'priorityOrder', passed: false },
    { source: 'newOrder', passed: false },
    { source: 'priorityOrder', passed: true },
    { source: 'newOrder', passed: true },
  ],
};

const QUEUE_NAMES: Record<WorkNextFolder, string> = {
  newOrder: 'New Orders',
  priorityOrder: 'Priority Orders',
  myOrder: 'New Orders or Priority Orders',
};

/** One probe's statement (the queue engine's), which the bench explains. */
export { workNextProbe } from '../queue-engine';

export interface WorkNextAnswer {
  orderId: number | null;
  message: string;
}

export async function workNext(
  db: Executor,
  staff: Staff,
  folder: WorkNextFolder,
  now = new Date(),
): Promise<WorkNextAnswer> {
  requirePermission(staff, 'orders:work');
  const today = utcToday(); // the folders' clock (which future orders are due)
  const todayKey = jstDayKey(now); // the arrival's clock: an arrival before today in Japan has passed
  const orderId = await changingOrders(db, async (tx) => {
    for (const step of STEPS[folder]) {
      const found = await lockWorkNextOrder(tx, step, today, todayKey);
      if (found !== null) {
        await assignLockedOrders(tx, staff, [found]);
        return found;
      }
    }
    return null;
  });
  return orderId === null
    ? { orderId, message: `No unassigned order is waiting in ${QUEUE_NAMES[folder]}.` }
    : { orderId, message: `Order ${orderId} has been assigned to you.` };
}
