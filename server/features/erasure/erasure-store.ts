/**
 * The erasure feature's statements on `orders`: the update that blanks an order's personal columns of a stage (from
 * THE list, server/db/personal-data.ts, so no column is named here) and stamps when, and the retention job's pick of
 * the next due orders. Each runs in the caller's transaction; the ids they answer are decoded by their schema. The
 * other tables' rows of an order are erased by erasure.service.ts, which decides what to erase and writes the audit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import { blankOf, erasedColumns, rulesOf, stagesUpTo, type ErasureStage } from '../../db/personal-data';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const orderRules = rulesOf('orders');

/**
 * Blanks the personal columns of `stage` (`evidence`: every one, `travel`: its part) in these orders, stamps
 * `travel_erased_at` (and `purged_at` for the evidence stage) and answers the ids erased now, ascending. Orders
 * already erased at `stage` are left alone, so two erasures racing for one order erase it once: the second waits
 * for the row lock, then finds it erased.
 */
export async function blankOrders(tx: Executor, orderIds: readonly number[], stage: ErasureStage): Promise<number[]> {
  const sets = [
    ...erasedColumns(orderRules, stagesUpTo(stage)).map(
      ({ name }) => sql`${sql.identifier(name)} = ${blankOf(orderRules, name)}`,
    ),
    sql`travel_erased_at = coalesce(travel_erased_at, now())`,
    ...(stage === 'evidence' ? [sql`purged_at = now()`] : []),
    sql`updated_at = now()`,
  ];
  const notYet = stage === 'evidence' ? sql`purged_at is null` : sql`travel_erased_at is null`;
  const rows = await selectRows(
    tx,
    orderIdRow,
    sql`
    update orders set ${sql.join(sets, sql`, `)}
    where order_id in (${idList(orderIds)}) and ${notYet}
    returning order_id::int as order_id`,
  );
  return rows.map((r) => r.order_id).sort((a, b) => a - b);
}

// The expressions the stages' partial indexes key (migration 0021): the due-orders statements must use them exactly,
// or they read the whole table.
/** The arrival date as the travel index keys it: yyyymmdd from the three answer columns. */
const ARRIVAL_KEY = sql`(year_of_arrival_in_japan * 10000 + month_of_arrival_in_japan * 100 + date_of_arrival_in_japan)`;
const TRAVEL_DUE_PREDICATE = sql`travel_erased_at is null and process_status <> 'ChargeBack'`;
const EVIDENCE_KEY = sql`(coalesce(paid_at, created_at))`;
const EVIDENCE_DUE_PREDICATE = sql`purged_at is null and process_status <> 'ChargeBack'`;

/** Where a stage's due orders end: an arrival date (yyyymmdd) for travel, a paid-or-created time for evidence. */
export type DueBefore = { stage: 'travel'; arrivalKey: number } | { stage: 'evidence'; paidOrCreated: Date };

/** The next due orders of a stage, oldest first, locked (skipping any a member is changing right now). */
export function dueOrdersStatement(before: DueBefore, limit: number): SQL {
  return before.stage === 'travel'
    ? sql`select order_id::int as order_id from orders
        where ${TRAVEL_DUE_PREDICATE} and ${ARRIVAL_KEY} < ${before.arrivalKey}
        order by ${ARRIVAL_KEY} limit ${limit} for update skip locked`
    : sql`select order_id::int as order_id from orders
        where ${EVIDENCE_DUE_PREDICATE} and ${EVIDENCE_KEY} < ${before.paidOrCreated.toISOString()}::timestamptz
        order by ${EVIDENCE_KEY} limit ${limit} for update skip locked`;
}

/** Locks and answers the ids of the next `limit` due orders of a stage (dueOrdersStatement). */
export async function lockDueOrders(tx: Executor, before: DueBefore, limit: number): Promise<number[]> {
  const rows = await selectRows(tx, orderIdRow, dueOrdersStatement(before, limit));
  return rows.map((r) => r.order_id);
}
