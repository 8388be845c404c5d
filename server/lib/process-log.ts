/**
 * The one writer of process-log lines (product: orders.md#process-log: every change to an
 * order leaves one). Call it with the transaction that makes the change, so the
 * line and the change commit or fail together. Lines are steps of the catalog
 * (shared/process-steps.ts) with their typed details; the catalog words them.
 */
import type { Executor } from '../db/client';
import { processLogs } from '../db/schema';
import { stepText, type StepLine } from '../../shared/process-steps';

export type LogStep = StepLine & {
  orderId: number;
  /** The member who made the change; null for steps without one (intake, customer download), shown as N/A. */
  staff: { id: number; name: string } | null;
};

export async function logSteps(tx: Executor, steps: LogStep[]): Promise<void> {
  if (!steps.length) return;
  await tx.insert(processLogs).values(
    steps.map((s) => ({
      orderId: s.orderId,
      ...stepText(s),
      staffId: s.staff?.id ?? null,
      staffName: s.staff?.name ?? null,
    })),
  );
}

export function logStep(tx: Executor, step: LogStep): Promise<void> {
  return logSteps(tx, [step]);
}
