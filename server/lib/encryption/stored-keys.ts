/**
 * The keys the stored data was sealed with (product: security.md#keys), one row each in `encryption_keys`: its id and
 * its check value (KeyRing.checkValue), never the key. A start compares them with its ring before it writes anything:
 * a key of the same id that is not the same key (a typing error, another environment's secret) or a key the ring lacks
 * while values sealed by it remain stops the start with a message naming the key. A key is marked retired once a
 * rotation has moved every value and file off it; only then may it leave ENCRYPTION_KEYS.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Executor } from '../../db/client';
import { KeyRingError, type KeyRing } from './key-ring';

const storedKeySchema = z.object({ id: z.string(), check_value: z.string(), retired: z.boolean() });
const tableSchema = z.object({ present: z.boolean() });

export interface StoredKey {
  id: string;
  retired: boolean;
}

/** Whether the database has the keys' table (it is migrated far enough to hold sealed data). */
export async function keyTableExists(db: Executor): Promise<boolean> {
  const [table] = await selectRows(db, tableSchema, sql`select to_regclass('encryption_keys') is not null as present`);
  return !!table?.present;
}

/** The keys that sealed stored data, or none when the table does not exist yet (a database before its migration). */
export async function storedKeys(db: Executor): Promise<(StoredKey & { checkValue: string })[]> {
  if (!(await keyTableExists(db))) return [];
  const rows = await selectRows(
    db,
    storedKeySchema,
    sql`select id, check_value, retired_at is not null as retired from encryption_keys order by created_at, id`,
  );
  return rows.map((r) => ({ id: r.id, checkValue: r.check_value, retired: r.retired }));
}

/** Throws a KeyRingError naming the first key of the stored data that the ring gets wrong or lacks. Reads only. */
export async function checkStoredKeys(db: Executor, ring: KeyRing): Promise<void> {
  for (const stored of await storedKeys(db)) {
    if (ring.ids.includes(stored.id)) {
      if (ring.checkValue(stored.id) !== stored.checkValue)
        throw new KeyRingError(
          `ENCRYPTION_KEYS: the key ${stored.id} is not the key that sealed the stored data (its check value differs): ` +
            'a wrong key? Nothing was written.',
        );
    } else if (!stored.retired) {
      throw new KeyRingError(
        `ENCRYPTION_KEYS: holds no key ${stored.id}, which sealed stored data. Put it back (after the current key); ` +
          'remove it only after `npm run keys:rotate` says so. Nothing was written.',
      );
    }
  }
}

/** Checks the ring, then records its current key as one that seals from now on (once per key). */
export async function registerCurrentKey(db: Executor, ring: KeyRing): Promise<void> {
  await checkStoredKeys(db, ring);
  await db.execute(sql`
    insert into encryption_keys (id, check_value) values (${ring.currentId}, ${ring.checkValue(ring.currentId)})
    on conflict (id) do update set retired_at = null where encryption_keys.retired_at is not null`);
}

/** Marks every stored key but the ring's current one retired: a rotation found nothing sealed by them any more. */
export async function retireOldKeys(db: Executor, ring: KeyRing): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`update encryption_keys set retired_at = now() where id <> ${ring.currentId} and retired_at is null returning id`,
  );
  return rows.map((r) => r.id);
}
