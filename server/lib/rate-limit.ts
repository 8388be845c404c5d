/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the
 * same numbers (DECISIONS section 1: no cross-process state in one process).
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client';

export interface Window { limit: number; seconds: number }

/** Hits left in the current window for `key` (0 means blocked), and seconds until it resets. */
export async function peekLimit(db: Executor, key: string, window: Window): Promise<{ blocked: boolean; retryAfter: number }> {
  const [row] = await selectRows<{ hits: number; age: number }>(db, sql`
    select hits, extract(epoch from now() - window_start)::float8 as age
    from rate_limits where key = ${key}`);
  if (!row || row.age >= window.seconds) return { blocked: false, retryAfter: 0 };
  return { blocked: row.hits >= window.limit, retryAfter: Math.max(1, Math.ceil(window.seconds - row.age)) };
}

/** Counts one hit against `key`, starting a new window when the old one has passed. Returns the hits so far. */
export async function hitLimit(db: Executor, key: string, window: Window): Promise<number> {
  const [row] = await selectRows<{ hits: number }>(db, sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - make_interval(secs => ${window.seconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window.seconds}) then now() else rate_limits.window_start end
    returning hits`);
  return row?.hits ?? 1;
}

export async function clearLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
