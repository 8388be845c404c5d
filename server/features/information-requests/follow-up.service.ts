/**
 * The follow-up of unanswered requests (product: information-requests.md#follow-up). The schedule is the table
 * itself: a request is due for its first reminder INFO_REQUEST_FIRST_REMINDER_HOURS after it was sent, its second
 * after INFO_REQUEST_SECOND_REMINDER_HOURS, and its order moves to Contact Customer (with a log line asking for a
 * phone call) after INFO_REQUEST_ESCALATE_DAYS; each is stamped on the request in the transaction that does it, so
 * it happens once, and a restart loses nothing (the next run finds what is due). Due requests are claimed with
 * `FOR UPDATE SKIP LOCKED`, as the mail worker claims mails: processes running at the same moment take different
 * requests and never the same one twice. A request past its link's time is expired; one whose order was finished,
 * deleted or erased is closed. `now` is the clock every time is read against (tests fix it).
 */
import { sql } from 'drizzle-orm';
import { logStep } from '../../lib/process-log';
import { CLOSED_STATUSES } from '../../../shared/orders';
import { moveOrderUnattended } from '../orders';
import { changingOrders } from '../queue-engine';
import { queueRequestMail, type MailDeps } from './information-requests.service';
import { claimDueRequests, setState } from './request-store';

export interface FollowUpRun {
  firstReminders: number;
  secondReminders: number;
  escalated: number;
  expired: number;
  closed: number;
}

const BATCH = 50;
const HOUR = 3_600_000;

/** Claims up to one batch of due requests (skipping those another process holds) and follows each up. */
async function runBatch(deps: MailDeps, now: Date, run: FollowUpRun): Promise<number> {
  const { config } = deps;
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const first = at(config.INFO_REQUEST_FIRST_REMINDER_HOURS * HOUR);
  const second = at(config.INFO_REQUEST_SECOND_REMINDER_HOURS * HOUR);
  const escalate = at(config.INFO_REQUEST_ESCALATE_DAYS * 24 * HOUR);
  return changingOrders(deps.db, async (tx) => {
    const due = await claimDueRequests(tx, {
      now,
      firstBefore: first,
      secondBefore: second,
      escalateBefore: escalate,
      closedStatuses: CLOSED_STATUSES,
      limit: BATCH,
    });
    const stamp = async (id: number, columns: string[]) =>
      tx.execute(
        sql`update information_requests set ${sql.join(
          columns.map(
            (c) => sql`${sql.identifier(c)} = coalesce(${sql.identifier(c)}, ${now.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )} where id = ${id}`,
      );
    for (const request of due) {
      const orderId = request.order_id;
      if (request.ended) {
        await setState(tx, request.id, 'closed', { now });
        run.closed += 1;
      } else if (request.expired) {
        await setState(tx, request.id, 'expired', { now });
        await logStep(tx, { orderId, staff: null, step: 'informationExpired' });
        run.expired += 1;
      } else if (request.escalate_due) {
        // Reminders not sent by now would only repeat the phone call's question: they are stamped as done.
        await stamp(request.id, ['escalated_at', 'first_reminder_at', 'second_reminder_at']);
        await moveOrderUnattended(tx, orderId, 'Contact Customer', ['Awaiting']);
        await logStep(tx, {
          orderId,
          staff: null,
          step: 'informationEscalated',
          details: { days: config.INFO_REQUEST_ESCALATE_DAYS },
        });
        run.escalated += 1;
      } else {
        // A process that was away past both times sends the second reminder only.
        const reminder = request.second_due ? 2 : 1;
        await stamp(request.id, reminder === 2 ? ['first_reminder_at', 'second_reminder_at'] : ['first_reminder_at']);
        await queueRequestMail(tx, deps, {
          requestId: request.id,
          orderId,
          fields: request.fields,
          note: request.note,
          reminder,
          staff: null,
          now,
          expiresAt: new Date(request.expires_at),
        });
        await logStep(tx, { orderId, staff: null, step: 'informationReminderSent', details: { reminder } });
        if (reminder === 2) run.secondReminders += 1;
        else run.firstReminders += 1;
      }
    }
    return due.length;
  });
}

/** Follows up every due request, batch by batch, as of `now`. */
export async function runFollowUps(deps: MailDeps, now = new Date()): Promise<FollowUpRun> {
  const run: FollowUpRun = { firstReminders: 0, secondReminders: 0, escalated: 0, expired: 0, closed: 0 };
  for (let taken = BATCH; taken === BATCH;) taken = await runBatch(deps, now, run);
  return run;
}
