/**
 * The order page's read in `npm run bench` (product: security.md#lookups): GET get-orders-details for orders picked
 * across the archive, beside a bare twin that reads the same order's row and nothing else. The goal holds the sealed
 * answers' cost: the real read at most 1.2x the one before sealing, compared through the ratio to the bare row read
 * (the same statement on either side of the change), since the machine's speed drifts between two runs.
 */
import type { FastifyInstance } from 'fastify';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Database } from '../server/db/client';

/** In bench/server.ts: the bare twin, one row of orders by its id, as JSON. */
export function setUpOrderDetailBare(bare: FastifyInstance, database: Database) {
  bare.get<{ Params: { orderId: string } }>('/bare/order-row/:orderId', async (request) => ({
    status: 1,
    message: 'Success',
    data: (
      await selectRows(
        database.db,
        z.record(z.string(), z.unknown()),
        sql`select * from orders where order_id = ${Number(request.params.orderId)}`,
      )
    )[0],
  }));
}

const idRow = z.object({ order_id: z.number() });

/** Each request the next of the picked orders. */
function pathsInTurn(paths: string[]): autocannon.Request[] {
  let next = 0;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }];
}

/** In bench/run.ts: the scenario, over 200 orders spread over the table (a sample of its pages). */
export async function orderDetailScenario(
  database: Database,
  real: string,
  bare: string,
  auth: Record<string, string>,
) {
  const picked = await selectRows(
    database.db,
    idRow,
    sql`select order_id::int as order_id from orders tablesample system (1) repeatable (46) limit 200`,
  );
  const ids = picked.map((r) => r.order_id);
  return {
    name: 'order detail (order page read)',
    goal: 'real/bare at most 1.2x its figure before sealing',
    real: { url: real, headers: auth, requests: pathsInTurn(ids.map((id) => `/api/admin/get-orders-details/${id}`)) },
    bare: { url: bare, requests: pathsInTurn(ids.map((id) => `/bare/order-row/${id}`)) },
  };
}
