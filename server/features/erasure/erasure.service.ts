/**
 * Erasure of an order's personal data, stage by stage, from THE list (server/db/personal-data.ts): the columns
 * listed as personal for the stage are set to their blanks in the order (its statement: erasure-store.ts) and in
 * every table whose rows belong to it, the stored files they point at are collected for removal after commit, and
 * one process-log line per order records what happened (step, staff or N/A, time, the rule). Used by the permanent
 * deletion (orders feature) and by the retention job (retention.service.ts). Nothing here knows a column by name.
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Executor } from '../../db/client';
import {
  blankOf,
  erasedColumns,
  ERASED_TEXT,
  ERASURE_STEPS,
  PERSONAL_DATA,
  stagesUpTo,
  tableName,
  type ErasureStage,
  type TableRules,
} from '../../db/personal-data';
import { logSteps } from '../../lib/process-log';
import { isErasureStep, stepKindOf, type ErasureStepKind } from '../../../shared/process-steps';
import type { Storage } from '../../lib/storage';
import type { ErasureEntry } from '../../../shared/schemas/erasure';
import { blankOrders } from './erasure-store';

export interface ErasureAudit {
  step: ErasureStepKind;
  /** The member who asked (permanent deletion); null for the retention job (shown as N/A). */
  staff: { id: number; name: string } | null;
  /** The rule applied (the retention policy); null when a member asked. */
  rule: string | null;
}

export interface ErasureResult {
  /** Orders erased now (those already erased at this stage are left out). */
  erased: number[];
  /** Storage keys of the files to remove once the transaction has committed (removeFiles). */
  files: string[];
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const assignments = (rules: TableRules, stages: ErasureStage[]): { name: string; blank: SQL }[] =>
  erasedColumns(rules, stages).map(({ name }) => ({ name, blank: blankOf(rules, name) }));

const storageKeySchema = z.object({ key: z.string().nullable() });

/** The files a table's rows of these orders point at, read before the keys are blanked. */
async function filesOf(tx: Executor, rules: TableRules, stages: ErasureStage[], ids: number[]): Promise<string[]> {
  const keys: string[] = [];
  for (const { name, rule } of erasedColumns(rules, stages)) {
    if (!rule.files) continue;
    const table = sql.identifier(tableName(rules));
    const column = sql.identifier(name);
    const rows =
      rule.files === 'storage-key'
        ? await selectRows(
            tx,
            storageKeySchema,
            sql`select ${column} as key from ${table} where order_id in (${idList(ids)}) and ${column} <> ''`,
          )
        : await selectRows(
            tx,
            storageKeySchema,
            sql`
          select a->>'storageKey' as key from ${table} t cross join jsonb_array_elements(t.${column}) a where t.order_id in (${idList(ids)})`,
          );
    keys.push(...rows.map((r) => r.key).filter((k): k is string => !!k));
  }
  return keys;
}

/**
 * Erases `stage` of the orders (`evidence` erases every personal column, `travel` only its part) in `tx`, and
 * writes the audit line of each order erased. Orders already erased at this stage are skipped (so two erasures
 * racing for one order erase it once: the second waits for the row lock, then finds it erased).
 */
export async function eraseOrders(
  tx: Executor,
  orderIds: number[],
  stage: ErasureStage,
  audit: ErasureAudit,
): Promise<ErasureResult> {
  if (orderIds.length === 0) return { erased: [], files: [] };
  const stages = stagesUpTo(stage);
  const erased = await blankOrders(tx, orderIds, stage);
  if (erased.length === 0) return { erased, files: [] };

  const files: string[] = [];
  for (const rules of PERSONAL_DATA) {
    if (!rules.perOrder || tableName(rules) === 'orders') continue;
    const columns = assignments(rules, stages);
    if (columns.length === 0) continue;
    files.push(...(await filesOf(tx, rules, stages, erased)));
    const also = stages.map((s) => rules.alsoOnErase?.[s]).filter((a): a is SQL => !!a);
    // Only rows that still hold something: an erased process-log line is not rewritten (nor its trigger run) again.
    const holdsData = sql.join(
      columns.map((c) => sql`${sql.identifier(c.name)} is distinct from ${c.blank}`),
      sql` or `,
    );
    await tx.execute(sql`
      update ${sql.identifier(tableName(rules))}
      set ${sql.join([...columns.map((c) => sql`${sql.identifier(c.name)} = ${c.blank}`), ...also], sql`, `)}
      where order_id in (${idList(erased)}) and (${holdsData})`);
  }
  await logSteps(
    tx,
    erased.map((orderId) => ({ orderId, staff: audit.staff, step: audit.step, details: { rule: audit.rule } })),
  );
  return { erased, files: [...new Set(files)] };
}

/**
 * Removes erased files after commit. A file that cannot be removed now is logged with its key (no personal
 * data: keys are built by the server from the order id) for a later clean-up; the erasure itself stands.
 */
export async function removeFiles(
  storage: Pick<Storage, 'delete'>,
  keys: string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, "could not remove an erased order's file"));
  }
}

/** The erasures an order went through, from its process-log lines (order detail, defence packs). */
export function erasureEntries(
  lines: { stepName: string; staffName: string | null; detail: string | null; updateTime: Date | string }[],
): ErasureEntry[] {
  // Read through the step catalog (shared/process-steps.ts), as every other reader of the log.
  return lines.flatMap((l) => {
    const kind = stepKindOf(l.stepName);
    if (!isErasureStep(kind)) return [];
    return [
      {
        step: l.stepName,
        erased_at: new Date(l.updateTime).toISOString(),
        by: l.staffName ?? 'Retention policy',
        rule: l.detail,
        what: ERASED_TEXT[kind],
      },
    ];
  });
}

const erasureLineSchema = z.object({
  stepName: z.string(),
  staffName: z.string().nullable(),
  detail: z.string().nullable(),
  updateTime: z.string(),
});

/** The erasure lines of one order, oldest first. */
export async function readErasures(db: Executor, orderId: number): Promise<ErasureEntry[]> {
  const rows = await selectRows(
    db,
    erasureLineSchema,
    sql`
    select step_name as "stepName", staff_name as "staffName", detail, update_time as "updateTime"
    from process_logs
    where order_id = ${orderId} and step_name in (${sql.join(
      ERASURE_STEPS.map((s) => sql`${s}`),
      sql`, `,
    )})
    order by update_time, id`,
  );
  return erasureEntries(rows);
}
