/**
 * Gateway Setting (product: orders.md#gateway): which payment gateway the landing sites charge
 * through. Exactly one is active at any time: the database allows at most one (a partial unique
 * index), and a switch locks every gateway row first, so concurrent switches take turns and each
 * leaves exactly one active. Every switch is recorded (payment_gateway_changes) with who made it.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Gateway, GatewayChange } from '../../../shared/schemas/reports';
import { selectRows, type Executor } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { NotFoundError } from '../../lib/errors';

export const GATEWAY_NOT_FOUND = 'Payment gateway not found.';
export const NO_ACTIVE_GATEWAY = 'No payment gateway is active.';

const gatewayRowSchema = z.object({ id: z.number(), gateway_name: z.string(), is_active: z.boolean() });
type GatewayRow = z.infer<typeof gatewayRowSchema>;
const lastChangeSchema = z.object({
  gateway_name: z.string(),
  staff_name: z.string().nullable(),
  changed_at: z.string(),
});
const activeGatewaySchema = z.object({ id: z.number(), gateway_name: z.string() });
const toGateway = (r: GatewayRow): Gateway => ({
  id: r.id,
  gateway_name: r.gateway_name,
  is_active: r.is_active ? '1' : '0',
});

async function lastChange(db: Executor): Promise<GatewayChange | null> {
  const [row] = await selectRows(
    db,
    lastChangeSchema,
    sql`
    select g.gateway_name, c.staff_name, c.changed_at from payment_gateway_changes c join payment_gateways g on g.id = c.gateway_id
    order by c.changed_at desc, c.id desc limit 1`,
  );
  return row
    ? { gateway_name: row.gateway_name, staff_name: row.staff_name, changed_at: new Date(row.changed_at).toISOString() }
    : null;
}

export async function listGateways(
  db: Executor,
  staff: Staff,
): Promise<{ gateways: Gateway[]; lastChange: GatewayChange | null }> {
  requirePermission(staff, 'gateway:manage');
  const rows = await selectRows(
    db,
    gatewayRowSchema,
    sql`select id, gateway_name, is_active from payment_gateways order by id`,
  );
  return { gateways: rows.map(toGateway), lastChange: await lastChange(db) };
}

export interface SwitchResult {
  gateway: Gateway;
  changed: boolean;
}

/** Makes `gatewayId` the one active gateway; 404 for an unknown id. Switching to the active one changes nothing. */
export async function setActiveGateway(db: Executor, staff: Staff, gatewayId: number): Promise<SwitchResult> {
  requirePermission(staff, 'gateway:manage');
  return db.transaction(async (tx) => {
    // Lock every gateway (in id order, so switches never deadlock) before reading which one is active.
    const rows = await selectRows(
      tx,
      gatewayRowSchema,
      sql`select id, gateway_name, is_active from payment_gateways order by id for update`,
    );
    const target = rows.find((r) => r.id === gatewayId);
    if (!target) throw new NotFoundError(GATEWAY_NOT_FOUND);
    if (target.is_active && rows.filter((r) => r.is_active).length === 1)
      return { gateway: toGateway(target), changed: false };
    // Two statements: the partial unique index is checked row by row, so the old one goes first.
    await tx.execute(
      sql`update payment_gateways set is_active = false, updated_at = now() where is_active and id <> ${gatewayId}`,
    );
    await tx.execute(
      sql`update payment_gateways set is_active = true, updated_at = now() where id = ${gatewayId} and not is_active`,
    );
    await tx.execute(
      sql`insert into payment_gateway_changes (gateway_id, staff_id, staff_name) values (${gatewayId}, ${staff.id}, ${staff.name})`,
    );
    return { gateway: { ...toGateway(target), is_active: '1' }, changed: true };
  });
}

/** The gateway the landing sites charge through now (intake-key call). */
export async function activeGateway(db: Executor): Promise<{ id: number; gateway_name: string }> {
  const [row] = await selectRows(
    db,
    activeGatewaySchema,
    sql`select id, gateway_name from payment_gateways where is_active`,
  );
  if (!row) throw new NotFoundError(NO_ACTIVE_GATEWAY);
  return row;
}
