/**
 * Row schemas that many raw statements share (selectRows and selectPrepared decode every row through one). A
 * statement with columns of its own defines its schema at module level beside it, so zod builds each parser once.
 */
import { z } from 'zod';

/** `select … as n`: a count (cast to int in the SQL: a bigint count is a number only up to 2^53). */
export const countRow = z.object({ n: z.number() });
/** `select … as total`. */
export const totalRow = z.object({ total: z.number() });
/** An order's id (`order_id::int as order_id`, or the bigint column, a number below 2^53 on both drivers). */
export const orderIdRow = z.object({ order_id: z.number() });
/** A row's serial id (`returning id`). */
export const idRow = z.object({ id: z.number() });
/** `select pg_try_advisory_xact_lock(…) as ok` and other yes/no answers. */
export const okRow = z.object({ ok: z.boolean() });
