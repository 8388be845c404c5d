/**
 * The sealing's statements on `orders` (product: security.md#existing-data): the orders still stored in clear and the
 * orders sealed under another key than the current one, each taken a batch at a time and locked FOR UPDATE SKIP
 * LOCKED (a row a member is changing is left for the next pass), and the write of their sealed values. The one home
 * of this SQL on `orders` (scripts/check-order-sql.mjs); the values are sealed by the caller (server/db/sealed-travel.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Executor } from '../../db/client';
import { CLEAR_BLANKS, SEALED_TRAVEL_COLUMNS, type SealedTravel } from '../../db/sealed-travel';

/** What orders_travel_in_clear_idx holds (migration 0036): an order not sealed and not erased. */
const IN_CLEAR = sql`o.travel_sealed is null and o.travel_erased_at is null and o.purged_at is null`;

/** `ev1.<id>.` as a LIKE prefix: a key id may hold `_`, which LIKE reads as any character. */
const underKey = (keyId: string) => `ev1.${keyId.replace(/_/g, '\\_')}.%`;

const clearRowSchema = z.object({ order_id: z.number(), row: z.record(z.string(), z.unknown()) });
const sealedRowSchema = z.object({ order_id: z.number(), travel_sealed: z.string() });
const countSchema = z.object({ n: z.number() });

/** The next orders stored in clear, oldest first, locked, with their columns (to_jsonb) to seal. */
export function lockOrdersInClear(tx: Executor, limit: number) {
  return selectRows(
    tx,
    clearRowSchema,
    sql`select o.order_id::int as order_id, to_jsonb(o) as row from orders o
    where ${IN_CLEAR} order by o.order_id limit ${limit} for update skip locked`,
  );
}

/** The next orders after `afterId` whose sealed value names another key than `keyId`, locked. */
export function lockOrdersSealedBefore(tx: Executor, keyId: string, afterId: number, limit: number) {
  return selectRows(
    tx,
    sealedRowSchema,
    sql`select o.order_id::int as order_id, o.travel_sealed from orders o
    where o.order_id > ${afterId} and o.travel_sealed is not null and o.travel_sealed not like ${underKey(keyId)}
    order by o.order_id limit ${limit} for update skip locked`,
  );
}

/**
 * Writes the sealed values of locked orders; `blankClear`: the orders were stored in clear, so their sealed columns
 * are blanked in the same statement.
 */
export async function writeSealedOrders(
  tx: Executor,
  rows: readonly (SealedTravel & { order_id: number })[],
  blankClear: boolean,
): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.order_id}::bigint, ${r.travel_sealed}::text, ${r.passport_number_index}::text)`),
    sql`, `,
  );
  const blanks = blankClear ? SEALED_TRAVEL_COLUMNS.map((c) => sql`, ${sql.identifier(c)} = ${CLEAR_BLANKS[c]}`) : [];
  await tx.execute(sql`
    update orders o set travel_sealed = v.sealed, passport_number_index = v.passport_index${sql.join(blanks, sql``)}
    from (values ${values}) as v(order_id, sealed, passport_index)
    where o.order_id = v.order_id`);
}

/** Orders stored in clear (from orders_travel_in_clear_idx: cheap once they are few). */
export async function countOrdersInClear(db: Executor): Promise<number> {
  const [row] = await selectRows(db, countSchema, sql`select count(*)::int as n from orders o where ${IN_CLEAR}`);
  return row!.n;
}

/** Orders sealed under another key than `keyId` (reads the whole table: for the rotation's progress, not a request). */
export async function countOrdersSealedBefore(db: Executor, keyId: string): Promise<number> {
  const [row] = await selectRows(
    db,
    countSchema,
    sql`select count(*)::int as n from orders o
    where o.travel_sealed is not null and o.travel_sealed not like ${underKey(keyId)}`,
  );
  return row!.n;
}
