/**
 * The change sets' answers under the ring's current key (product: security.md#columns, security.md#key-procedure):
 * the old and new values of an answer the order keeps sealed are sealed in the change set too (request-store.ts,
 * storedChangeValue). This walks the change sets whose such values are in clear (written before sealing) or sealed
 * under an older key, by id, a batch at a time, each batch its own transaction over rows locked FOR UPDATE SKIP LOCKED;
 * it can stop and run again at any point. The sealing job runs it at start, `keys:rotate` as one of its steps.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { selectRows, type Db } from '../../db/client';
import { SEALED_TRAVEL_COLUMNS } from '../../db/sealed-travel';
import { runInBatches, type BatchPassOptions } from '../../lib/batches';
import type { KeyRing } from '../../lib/encryption/key-ring';
import { openedChangeValue, storedChangeValue } from './request-store';

const BATCH = 500;

interface Deps {
  db: Db;
  ring: KeyRing;
  config?: Config;
  batchSize?: number;
}

const rowSchema = z.object({ id: z.number(), field: z.string(), old_value: z.unknown(), new_value: z.unknown() });
const countSchema = z.object({ n: z.number() });

const SEALED_FIELDS = sql.join(
  SEALED_TRAVEL_COLUMNS.map((c) => sql`${c}`),
  sql`, `,
);
/** A stored value that is set and not `{"sealed": "ev1.<key id>..."}` under that key (`_` is a LIKE wildcard). */
const notUnder = (column: SQL, keyId: string) =>
  sql`(${column} is not null and not (jsonb_typeof(${column}) = 'object' and ${column} ->> 'sealed' like ${`ev1.${keyId.replace(/_/g, '\\_')}.%`}))`;
const pending = (keyId: string) =>
  sql`field in (${SEALED_FIELDS}) and (${notUnder(sql`old_value`, keyId)} or ${notUnder(sql`new_value`, keyId)})`;

const asJson = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Seals, under the current key, every change set value of a sealed answer that is not yet; answers how many rows. */
export async function sealRequestAnswers(deps: Deps, options: BatchPassOptions = {}): Promise<number> {
  const { ring } = deps;
  const size = deps.batchSize ?? BATCH;
  return runInBatches(size, options, (after) =>
    deps.db.transaction(async (tx) => {
      const rows = await selectRows(
        tx,
        rowSchema,
        sql`select id::int as id, field, old_value, new_value from information_request_changes
        where id > ${after} and ${pending(ring.currentId)} order by id limit ${size} for update skip locked`,
      );
      if (rows.length) {
        const values = sql.join(
          rows.map((r) => {
            const reseal = (stored: unknown) =>
              asJson(storedChangeValue(ring, r.field, openedChangeValue(ring, stored)));
            return sql`(${r.id}::bigint, ${reseal(r.old_value)}::jsonb, ${reseal(r.new_value)}::jsonb)`;
          }),
          sql`, `,
        );
        await tx.execute(sql`
          update information_request_changes c set old_value = v.old_value, new_value = v.new_value
          from (values ${values}) as v(id, old_value, new_value) where c.id = v.id`);
      }
      return { taken: rows.length, last: rows.at(-1)?.id ?? after };
    }),
  );
}

/** Change set rows with a sealed answer's value in clear or under an older key. */
export async function requestAnswersNotUnderCurrentKey(deps: Deps): Promise<number> {
  const [row] = await selectRows(
    deps.db,
    countSchema,
    sql`select count(*)::int as n from information_request_changes where ${pending(deps.ring.currentId)}`,
  );
  return row!.n;
}

/** `keys:rotate`'s step for the change sets (the shape of ROTATION_STEPS in the sealing feature). */
export const requestAnswersRotationStep = {
  name: 'request answers',
  remaining: (deps: Deps) => requestAnswersNotUnderCurrentKey(deps),
  async pass(deps: Deps, moved: (done: number) => void, signal?: AbortSignal): Promise<void> {
    await sealRequestAnswers(deps, { onBatch: moved, ...(signal ? { signal } : {}) });
  },
};
