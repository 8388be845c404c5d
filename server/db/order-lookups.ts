/**
 * Statements on one order that features other than orders and the queue engine share: whether it exists, whether
 * its customer may still reach it (the public site), its lock before a document is attached, and who processed it.
 * Every row is decoded by its schema (client.ts). The orders feature's own statements are in
 * features/orders/order-store.ts, the queues' in features/queue-engine.
 */
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Executor } from './client';
import { countRow, orderIdRow } from './row-schemas';
import { landingSites, orders } from './schema';

const one = (orderId: number) => sql`order_id = ${orderId}`;

/** Whether the order exists (in any status, erased or not). */
export async function orderExists(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await selectRows(db, countRow, sql`select 1 as n from orders where ${one(orderId)}`);
  return !!row;
}

/** An order its customer can still reach: neither deleted (soft or permanently) nor erased. */
const reachable = sql`process_status <> 'Deleted' and purged_at is null`;

/** The order whose id and e-mail (trimmed, any case) a customer gave, if they can still reach it. */
export async function customerOrderId(db: Executor, orderId: number, email: string): Promise<number | null> {
  const [match] = await selectRows(
    db,
    orderIdRow,
    sql`
    select order_id from orders
    where ${one(orderId)} and lower(trim(email)) = ${email.trim().toLowerCase()} and ${reachable}`,
  );
  return match?.order_id ?? null;
}

/** Whether the order's customer can still reach it. */
export async function customerMayReach(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await selectRows(db, countRow, sql`select 1 as n from orders where ${one(orderId)} and ${reachable}`);
  return !!row;
}

/** The landing site of an order its customer can still reach, or undefined. */
export async function reachableOrderSite(
  db: Executor,
  orderId: number,
): Promise<typeof landingSites.$inferSelect | undefined> {
  const [row] = await db
    .select({ site: landingSites })
    .from(landingSites)
    .innerJoin(orders, eq(orders.landingSiteId, landingSites.id))
    .where(and(eq(orders.orderId, orderId), reachable));
  return row?.site;
}

const lockedOrderSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  purgedAt: z.string().nullable(),
  travelErasedAt: z.string().nullable(),
});
export type LockedOrder = z.infer<typeof lockedOrderSchema>;

/** Locks the order's row (FOR UPDATE) and reads what decides whether a document may be attached, or null. */
export async function lockOrderState(tx: Executor, orderId: number): Promise<LockedOrder | null> {
  const [order] = await selectRows(
    tx,
    lockedOrderSchema,
    sql`
    select order_id as "orderId", process_status as status, purged_at as "purgedAt", travel_erased_at as "travelErasedAt"
    from orders where ${one(orderId)} for update`,
  );
  return order ?? null;
}

/** Records the member as the one who processed the order, now (product: orders.md#processed-by). */
export async function recordProcessedBy(tx: Executor, orderId: number, staff: { id: number; name: string }) {
  await tx.execute(sql`update orders set processed_by_id = ${staff.id}, processed_by_name = ${staff.name},
    processed_at = now(), updated_at = now() where ${one(orderId)}`);
}

/**
 * The orders whose payment carries one of these transaction ids (a payment dispute's charge, payment intent or
 * capture), at most two: a caller matches only when exactly one order answers.
 */
export async function ordersByTransactionIds(db: Executor, transactionIds: readonly string[]): Promise<number[]> {
  const ids = [...new Set(transactionIds.map((t) => t.trim()).filter(Boolean))];
  if (ids.length === 0) return [];
  const rows = await selectRows(
    db,
    orderIdRow,
    sql`select order_id from orders where transaction_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by order_id limit 2`,
  );
  return rows.map((r) => r.order_id);
}
