/**
 * Bringing every order's answers under the ring's current key (product: security.md#existing-data): orders stored in
 * clear are sealed, orders sealed under an older key are sealed again. A batch at a time, each batch its own short
 * transaction over rows locked FOR UPDATE SKIP LOCKED, so staff keep moving and editing orders meanwhile; a row a
 * member holds is left for the next pass. Either pass can stop at any point and run again: a value names its key, so
 * what is done is never done twice.
 */
import type { Db } from '../../db/client';
import { openTravel, sealTravel } from '../../db/sealed-travel';
import { runInBatches, type BatchPassOptions } from '../../lib/batches';
import type { KeyRing } from '../../lib/encryption/key-ring';
import {
  countOrdersInClear,
  countOrdersSealedBefore,
  lockOrdersInClear,
  lockOrdersSealedBefore,
  writeSealedOrders,
} from './sealing-store';

export const SEALING_BATCH = 1000;

export interface SealingDeps {
  db: Db;
  ring: KeyRing;
}

export interface PassOptions extends BatchPassOptions {
  batchSize?: number;
}

/** Seals the orders stored in clear, oldest first; answers how many it sealed. */
export async function sealOrdersInClear(deps: SealingDeps, options: PassOptions = {}): Promise<number> {
  const size = options.batchSize ?? SEALING_BATCH;
  // Sealed orders leave the set, so each batch takes the oldest left in clear.
  return runInBatches(size, options, (after) =>
    deps.db.transaction(async (tx) => {
      const rows = await lockOrdersInClear(tx, size);
      const sealed = rows.map((r) => ({ order_id: r.order_id, ...sealTravel(deps.ring, r.row) }));
      await writeSealedOrders(tx, sealed, true);
      return { taken: rows.length, last: after };
    }),
  );
}

/** Seals again, under the current key, the orders sealed under an older one; answers how many. */
export async function resealOrders(deps: SealingDeps, options: PassOptions = {}): Promise<number> {
  const size = options.batchSize ?? SEALING_BATCH;
  const { ring } = deps;
  return runInBatches(size, options, (after) =>
    deps.db.transaction(async (tx) => {
      const rows = await lockOrdersSealedBefore(tx, ring.currentId, after, size);
      const sealed = rows.map((r) => ({
        order_id: r.order_id,
        ...sealTravel(ring, openTravel(ring, r.travel_sealed)),
      }));
      await writeSealedOrders(tx, sealed, false);
      return { taken: rows.length, last: rows.at(-1)?.order_id ?? after };
    }),
  );
}

/** Orders not yet under the current key: stored in clear, or sealed under an older key. */
export async function ordersNotUnderCurrentKey(deps: SealingDeps): Promise<number> {
  return (await countOrdersInClear(deps.db)) + (await countOrdersSealedBefore(deps.db, deps.ring.currentId));
}
