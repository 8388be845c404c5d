/**
 * Retention by policy (docs/decisions/0014): erases what the service no longer needs.
 *  - evidence stage: every personal column of orders paid (or, unpaid, created) more than RETENTION_EVIDENCE_DAYS
 *    ago, when no chargeback can come any more;
 *  - travel stage: the passport, travel and customs answers and the document of orders whose arrival date is more
 *    than RETENTION_TRAVEL_DAYS ago.
 * ChargeBack orders are left alone (their evidence is in use); they become due again once they leave ChargeBack.
 *
 * A run works in batches, one transaction each: it takes a transaction-level advisory lock (if another process
 * holds it, that process is running the job and this run stops), picks the next due orders from the stage's
 * partial index (migration 0021; the statement and the index's expressions: erasure-store.ts), erases them and
 * writes their audit lines, then removes their files after commit. Run by every process (retention.job.ts); one
 * does the work.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Db } from '../../db/client';
import { countRow, okRow } from '../../db/row-schemas';
import type { ErasureStage } from '../../db/personal-data';
import type { Storage } from '../../lib/storage';
import { eraseOrders, removeFiles, type ErasureAudit } from './erasure.service';
import { lockDueOrders, type DueBefore } from './erasure-store';
import { pruneAuditLines } from '../exports';

/** Held (per transaction) by the process erasing a batch. */
export const RETENTION_LOCK = 727_022;
/** Orders per transaction: short row locks, a few hundred kB of writes. */
export const RETENTION_BATCH = 500;
const DAY_MS = 86_400_000;

export interface RetentionPolicy {
  travelDays: number;
  evidenceDays: number;
}

export interface RetentionRun {
  /** Orders whose passport and travel details were erased. */
  travel: number;
  /** Orders whose every personal detail was erased. */
  evidence: number;
  /** Rate-limit windows (keys hold IP addresses and typed e-mails) deleted. */
  rateLimits: number;
  /** Another process held the job's lock: it is doing the work. */
  yielded: boolean;
  /** Export audit lines past EXPORT_AUDIT_DAYS deleted (set once the run got that far). */
  exportAudits?: number;
}

const yyyymmdd = (d: Date) => d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();

/** Orders whose arrival was more than `travelDays` before today (UTC), i.e. arrival date < today - travelDays. */
export const travelCutoff = (policy: RetentionPolicy, now: Date) =>
  yyyymmdd(new Date(now.getTime() - policy.travelDays * DAY_MS));
export const evidenceCutoff = (policy: RetentionPolicy, now: Date) =>
  new Date(now.getTime() - policy.evidenceDays * DAY_MS);

/** Where a stage's due orders end under the policy, read at `now`. */
export const dueBefore = (stage: ErasureStage, policy: RetentionPolicy, now: Date): DueBefore =>
  stage === 'travel'
    ? { stage, arrivalKey: travelCutoff(policy, now) }
    : { stage, paidOrCreated: evidenceCutoff(policy, now) };

const AUDIT: Record<ErasureStage, (p: RetentionPolicy) => ErasureAudit> = {
  travel: (p) => ({
    step: 'travelErased',
    staff: null,
    rule: `Retention policy: ${p.travelDays} days after the arrival date`,
  }),
  evidence: (p) => ({
    step: 'personalErased',
    staff: null,
    rule: `Retention policy: ${p.evidenceDays} days after payment`,
  }),
};

export interface RetentionDeps {
  db: Db;
  storage: Pick<Storage, 'delete'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface RunOptions {
  /** The run's clock (tests set it). */
  now?: Date;
  batchSize?: number;
  /** Checked between batches: a shutting-down process stops after the batch in progress. */
  signal?: AbortSignal;
}

/** One run: both stages until nothing is due (or another process takes over), then stale rate-limit windows and export audit lines. */
export async function runRetention(
  deps: RetentionDeps,
  policy: RetentionPolicy,
  options: RunOptions = {},
): Promise<RetentionRun> {
  const { now = new Date(), batchSize = RETENTION_BATCH, signal } = options;
  const run: RetentionRun = { travel: 0, evidence: 0, rateLimits: 0, yielded: false };
  // The evidence stage first: it erases the travel part too, so those orders need no second pass.
  for (const stage of ['evidence', 'travel'] as const) {
    for (;;) {
      if (signal?.aborted) return run;
      const batch = await deps.db.transaction(async (tx) => {
        const [lock] = await selectRows(tx, okRow, sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`);
        if (!lock?.ok) return null;
        const due = await lockDueOrders(tx, dueBefore(stage, policy, now), batchSize);
        const result = await eraseOrders(tx, due, stage, AUDIT[stage](policy));
        return { due: due.length, ...result };
      });
      if (batch === null) {
        run.yielded = true;
        return run;
      }
      await removeFiles(deps.storage, batch.files, deps.log);
      run[stage] += batch.erased.length;
      if (batch.due < batchSize) break;
    }
  }
  const gone = await selectRows(
    deps.db,
    countRow,
    sql`
    with gone as (delete from rate_limits where window_start < now() - interval '1 day' returning 1)
    select count(*)::int as n from gone`,
  );
  run.rateLimits = gone[0]?.n ?? 0;
  run.exportAudits = await pruneAuditLines(deps.db, now);
  return run;
}
