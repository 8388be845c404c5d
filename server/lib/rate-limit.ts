/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the
 * same numbers (product: README.md#system: no cross-process state in one process).
 *
 * An attempt is counted *before* it is checked (spendAttempt): the increment is one atomic upsert, so of N
 * parallel attempts at most `limit` see a count within the limit and go on to the (slow) check.
 */
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client';
import { TooManyRequestsError } from './errors';

export interface Window {
  limit: number;
  seconds: number;
}
export interface Bucket {
  key: string;
  window: Window;
}

/** A counter after one more hit, and the seconds left in its window. */
const hitSchema = z.object({ hits: z.number(), left: z.number() });

/** A counter key that names a person (an e-mail, an address) without storing it: rate_limits holds no personal data. */
export const limitKey = (scope: string, ...parts: (string | number)[]) =>
  `${scope}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)}`;

/** Counts one hit against `key`, starting a new window when the old one has passed: the hits so far and seconds left. */
export async function hitLimit(
  db: Executor,
  key: string,
  window: Window,
): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await selectRows(
    db,
    hitSchema,
    sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - make_interval(secs => ${window.seconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window.seconds}) then now() else rate_limits.window_start end
    returning hits, extract(epoch from window_start + make_interval(secs => ${window.seconds}) - now())::float8 as left`,
  );
  return { hits: row?.hits ?? 1, retryAfter: Math.max(1, Math.ceil(row?.left ?? window.seconds)) };
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Counts the attempt against every bucket, then refuses it (429, Retry-After) when any bucket is over its limit.
 * `message` gets the wait in words ("3 minutes").
 */
export async function spendAttempt(db: Executor, buckets: Bucket[], message: (wait: string) => string): Promise<void> {
  let retryAfter = 0;
  for (const { key, window } of buckets) {
    const state = await hitLimit(db, key, window);
    if (state.hits > window.limit) retryAfter = Math.max(retryAfter, state.retryAfter);
  }
  if (retryAfter > 0) throw new TooManyRequestsError(message(inMinutes(retryAfter)), retryAfter);
}

/** Gives one attempt back (a sign-in that succeeded should not use up its office's allowance). */
export async function refundAttempt(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function clearLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
