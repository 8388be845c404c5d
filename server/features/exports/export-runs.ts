/**
 * Exports saved by the browser itself (docs/decisions/0051). A page cannot put the bearer header on a download, so a
 * staff request opens a run: a random one-time ticket (stored as its SHA-256 only) good for EXPORT_TICKET_SECONDS.
 * A form posts the ticket with the export's body to the download route, which claims the run once, checks the
 * ticket's session still lives, and streams the file with `Content-Disposition`.
 *
 * The run's row (table export_runs) is how the page and the streaming process talk, whichever processes serve them:
 * the stream writes the rows so far every PROGRESS_MS and learns there whether Cancel was asked; the page reads the
 * row for its progress bar and the refusal's words. A Cancel that reaches the same process stops the stream at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  EXPORT_RUN_STATES,
  EXPORT_TICKET_SECONDS,
  type ExportRunState,
} from '../../../shared/schemas/order-export-texts';
import type { ExportRun, ExportRunStatus } from '../../../shared/schemas/order-export';
import { selectRows, type Executor } from '../../db/client';
import type { SignedInStaff } from '../../lib/auth';

/** How often a streaming export writes its rows so far (and reads whether it was cancelled). */
export const PROGRESS_MS = 500;
/** How long a run's row is kept. */
const RUNS_KEPT = '1 day';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

const runIdRow = z.object({ id: z.string() });
const claimedRow = z.object({ id: z.string(), staff_id: z.number(), session_id: z.string() });
const cancelRow = z.object({ cancel_requested: z.boolean() });
const stateRow = z.object({
  state: z.enum(EXPORT_RUN_STATES),
  rows: z.number(),
  total: z.number().nullable(),
  message: z.string().nullable(),
});

/** Opens a run for `staff`'s session; answers its id and its ticket (the only time the ticket is seen). */
export async function openRun(db: Executor, staff: SignedInStaff): Promise<ExportRun> {
  await db.execute(sql`delete from export_runs where created_at < now() - ${RUNS_KEPT}::interval`);
  const ticket = randomBytes(32).toString('base64url');
  const [row] = await selectRows(
    db,
    runIdRow,
    sql`
    insert into export_runs (ticket_hash, staff_id, session_id) values (${hashOf(ticket)}, ${staff.id}, ${staff.sessionId})
    returning id::text as id`,
  );
  return { id: row!.id, ticket };
}

/** Takes the run of a ticket that is unused and recent, once; null otherwise. */
export async function claimRun(db: Executor, ticket: string) {
  const [row] = await selectRows(
    db,
    claimedRow,
    sql`
    update export_runs set state = 'running', updated_at = now()
    where ticket_hash = ${hashOf(ticket)} and state = 'waiting'
      and created_at > now() - make_interval(secs => ${EXPORT_TICKET_SECONDS})
    returning id::text as id, staff_id, session_id`,
  );
  return row ?? null;
}

/** Writes a running export's rows so far (and its total once known); answers whether Cancel was asked. */
export async function writeProgress(db: Executor, id: string, rows: number, total: number | null): Promise<boolean> {
  const [row] = await selectRows(
    db,
    cancelRow,
    sql`
    update export_runs set rows = ${rows}, total = coalesce(${total}::int, total), updated_at = now()
    where id = ${id}::uuid returning cancel_requested`,
  );
  return row?.cancel_requested ?? true;
}

/** Ends a run: done, refused (with the answer's message), cancelled or failed. */
export async function endRun(
  db: Executor,
  id: string,
  state: Exclude<ExportRunState, 'waiting' | 'running'>,
  end: { rows?: number; message?: string },
) {
  await db.execute(sql`
    update export_runs set state = ${state}, rows = coalesce(${end.rows ?? null}::int, rows),
      message = ${end.message ?? null}, updated_at = now()
    where id = ${id}::uuid`);
}

/** A member's own run, as the page shows it; null for another member's or an unknown run. */
export async function readRun(db: Executor, staffId: number, id: string): Promise<ExportRunStatus | null> {
  const [row] = await selectRows(
    db,
    stateRow,
    sql`select state, rows, total, message from export_runs where id = ${id}::uuid and staff_id = ${staffId}`,
  );
  return row ?? null;
}

/** Stops of the runs streaming in this process, by run id: a Cancel that lands here stops at once. */
const streaming = new Map<string, () => void>();
export const streamingHere = streaming;

/**
 * Cancel of a member's own run: a run not started yet never starts; a running one stops within PROGRESS_MS
 * (at once in this process). Answers false for another member's or an unknown run.
 */
export async function cancelRun(db: Executor, staffId: number, id: string): Promise<boolean> {
  const [row] = await selectRows(
    db,
    runIdRow,
    sql`
    update export_runs
    set cancel_requested = true, state = case when state = 'waiting' then 'cancelled' else state end, updated_at = now()
    where id = ${id}::uuid and staff_id = ${staffId}
    returning id::text as id`,
  );
  if (!row) return false;
  streaming.get(id)?.();
  return true;
}
