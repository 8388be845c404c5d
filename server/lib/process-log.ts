/**
 * The one writer of process-log lines (DECISIONS section 2: every change to an
 * order leaves one). Call it with the transaction that makes the change, so the
 * line and the change commit or fail together.
 */
import type { Executor } from '../db/client';
import { processLogs } from '../db/schema';

export interface LogStep {
  orderId: number;
  stepName: string;
  /** The member who made the change; null for steps without one (intake, customer download), shown as N/A. */
  staff: { id: number; name: string } | null;
  detail?: string | null;
}

export async function logSteps(tx: Executor, steps: LogStep[]): Promise<void> {
  if (!steps.length) return;
  await tx.insert(processLogs).values(steps.map((s) => ({
    orderId: s.orderId,
    stepName: s.stepName,
    staffId: s.staff?.id ?? null,
    staffName: s.staff?.name ?? null,
    detail: s.detail ?? null,
  })));
}

export function logStep(tx: Executor, step: LogStep): Promise<void> {
  return logSteps(tx, [step]);
}
