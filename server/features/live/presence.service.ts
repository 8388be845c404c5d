/**
 * Presence: which member has which order open, per browser tab. A tab sends its state when it changes
 * and every LIVE_PRESENCE_TTL_MS / 3 as a heartbeat; a row not renewed within LIVE_PRESENCE_TTL_MS is deleted by
 * the sweeper of any process. A change is passed to every process with NOTIFY live_presence (the order ids).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import type { PresenceState, Viewer } from '../../../shared/live';

export interface PresenceUpdate {
  memberId: number;
  clientId: string;
  orderId: number | null;
  state: PresenceState;
  /** The tab left `orderId` (forgotten only while the tab is still on it). */
  left?: boolean;
}

/** The tab's presence row as it was before the upsert: nulls when the tab had none. */
const previousPresenceSchema = z.object({ order_id: z.number().nullable(), state: z.string().nullable() });
const viewerRowSchema = z.object({
  order_id: z.number(),
  member_id: z.number(),
  name: z.string(),
  writing: z.boolean(),
});

const notifyOrders = (db: Executor, orderIds: number[]) =>
  db.execute(sql`select pg_notify('live_presence', ${[...new Set(orderIds)].join(',')})`);

/** Records a tab's presence (orderId null: the tab left its order); tells every process when something changed. */
export async function setPresence(db: Executor, update: PresenceUpdate, ttlMs: number): Promise<void> {
  const { memberId, clientId, orderId, state } = update;
  if (orderId === null || update.left) {
    const onOrder = orderId === null ? sql`` : sql`and order_id = ${orderId}`;
    const gone = await selectRows(
      db,
      orderIdRow,
      sql`
      delete from order_presence where member_id = ${memberId} and client_id = ${clientId} ${onOrder} returning order_id`,
    );
    if (gone.length)
      await notifyOrders(
        db,
        gone.map((r) => Number(r.order_id)),
      );
    return;
  }
  // `before` reads the row as it was before the upsert (one snapshot for the whole statement).
  const [before] = await selectRows(
    db,
    previousPresenceSchema,
    sql`
    with before as (select order_id, state from order_presence where member_id = ${memberId} and client_id = ${clientId}),
    upsert as (
      insert into order_presence (member_id, client_id, order_id, state, expires_at)
      values (${memberId}, ${clientId}, ${orderId}, ${state}, now() + make_interval(secs => ${ttlMs / 1000}))
      on conflict (member_id, client_id) do update
        set order_id = excluded.order_id, state = excluded.state, expires_at = excluded.expires_at
      returning 1
    )
    select b.order_id, b.state from (select 1 from upsert) u left join before b on true`,
  );
  const previous =
    before && before.order_id !== null ? { orderId: Number(before.order_id), state: before.state } : null;
  if (previous?.orderId === orderId && previous.state === state) return; // a heartbeat: nothing changed
  await notifyOrders(db, previous && previous.orderId !== orderId ? [previous.orderId, orderId] : [orderId]);
}

/** Deletes expired rows; answers the orders whose viewers changed (the caller tells every process). */
export async function sweepPresence(db: Executor): Promise<number[]> {
  const gone = await selectRows(
    db,
    orderIdRow,
    sql`delete from order_presence where expires_at < now() returning order_id`,
  );
  const orderIds = [...new Set(gone.map((r) => Number(r.order_id)))];
  if (orderIds.length) await notifyOrders(db, orderIds);
  return orderIds;
}

/** The live viewers of these orders (all orders with viewers when `orderIds` is null), one entry per member. */
export async function viewersOf(db: Executor, orderIds: number[] | null): Promise<Map<number, Viewer[]>> {
  const filter = orderIds ? sql`and p.order_id = any(${`{${orderIds.join(',')}}`}::bigint[])` : sql``;
  const rows = await selectRows(
    db,
    viewerRowSchema,
    sql`
    select p.order_id, p.member_id, m.name, bool_or(p.state = 'writing') as writing
    from order_presence p join team_members m on m.id = p.member_id
    where p.expires_at > now() ${filter}
    group by p.order_id, p.member_id, m.name
    order by p.order_id, m.name`,
  );
  const viewers = new Map<number, Viewer[]>((orderIds ?? []).map((id) => [id, []]));
  for (const row of rows) {
    const orderId = Number(row.order_id);
    const list = viewers.get(orderId) ?? [];
    list.push({ memberId: row.member_id, name: row.name, state: row.writing ? 'writing' : 'viewing' });
    viewers.set(orderId, list);
  }
  return viewers;
}
