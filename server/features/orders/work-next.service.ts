/**
 * Work next (docs/decisions/0016): assign the most urgent unassigned order of a queue to the member, in
 * one transaction, and say which. Most urgent: an arrival not yet passed (in Japan) before a passed one; then a
 * Priority order before a New one (My Orders draws from both); then the nearest arrival date; then the oldest
 * order. Each step is one probe of orders_work_next_new_idx or orders_work_next_priority_idx (migration 0025)
 * with FOR UPDATE SKIP LOCKED, so members pressing at once each lock a different order instead of queueing on
 * the first. The write is Assign to me's (assignLockedOrders): the same process-log line and counter changes.
 */
import { sql } from 'drizzle-orm';
import { jstDayKey } from '../../../shared/arrival-urgency';
import type { WorkNextFolder } from '../../../shared/schemas/work-next-texts';
import { selectRows, type Executor } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { assignLockedOrders } from './actions.service';
import { ARRIVAL_KEY, BY_ARRIVAL, changingOrders, folderPredicate, utcToday } from '../queue-engine';

type Source = 'newOrder' | 'priorityOrder';
interface Step {
  source: Source;
  passed: boolean;
}

/** The probes, most urgent first. */
const STEPS: Record<WorkNextFolder, Step[]> = {
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

/** One probe: the first unassigned order of the source on one side of today (JST), locked, or none. */
export const workNextProbe = (step: Step, today: string, todayKey: number) => sql`
  select o.order_id::int as order_id from orders o
  where ${folderPredicate(step.source, 0, today)} and ${ARRIVAL_KEY} ${step.passed ? sql`<` : sql`>=`} ${todayKey}
  order by ${BY_ARRIVAL}
  limit 1 for update of o skip locked`;

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
      const [found] = await selectRows(tx, orderIdRow, workNextProbe(step, today, todayKey));
      if (found) {
        await assignLockedOrders(tx, staff, [found.order_id]);
        return found.order_id;
      }
    }
    return null;
  });
  return orderId === null
    ? { orderId, message: `No unassigned order is waiting in ${QUEUE_NAMES[folder]}.` }
    : { orderId, message: `Order ${orderId} has been assigned to you.` };
}
