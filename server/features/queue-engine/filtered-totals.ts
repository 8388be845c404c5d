/**
 * The total of a filtered list without a search (docs/decisions/0055): counted exactly when the count is cheap,
 * otherwise the planner's estimate, flagged as one (`totalEstimated`); exact on request.
 *
 * - **Cheap** is judged before counting, by the planner: the cost it gives reading every filtered order (EXPLAIN of
 *   the filtered WHERE) at most `maxCost` (config FILTERED_COUNT_MAX_COST). Then the count runs with the page, in one
 *   statement, and stops at FILTERED_COUNT_CAP orders, in case the planner expected far fewer rows than there are.
 * - **The estimate** is the planner's row estimate for the same WHERE, kept per process for PLAN_KEPT_MS per WHERE
 *   text (its values written in): the estimate moves only when the table's statistics are renewed, and a member
 *   paging through a filtered list asks for the same WHERE page after page.
 * - **What the page proves** bounds it (`estimatedTotal`): the page is read one row longer, so a page that ends the
 *   list gives its exact total, a full page a total past it, an empty page past the end a total short of it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, toQuery, type Executor } from '../../db/client';
import { perObject } from '../../lib/per-object';

/** The most orders counted exactly without being asked to; past it the total is estimated. */
export const FILTERED_COUNT_CAP = 2_000;
/**
 * The planner's cost (its own units: one per page read in order, four per page read at random) of reading every
 * filtered order, above which a total is estimated unless asked for: chosen so that a filtered page with its count
 * costs at most about twice a plain page (docs/decisions/0055).
 */
export const FILTERED_COUNT_MAX_COST = 100;

/** How long a WHERE's plan estimate is kept, and how many are kept at most (the oldest go first). */
const PLAN_KEPT_MS = 60_000;
const PLANS_KEPT = 500;

export interface PlanEstimate {
  /** Rows the planner expects the WHERE to select. */
  rows: number;
  /** Its cost of reading them all. */
  cost: number;
}

const planSchema = z.object({
  'QUERY PLAN': z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number(), 'Total Cost': z.number() }) })),
});

const keptFor = perObject<Executor, Map<string, { plan: PlanEstimate; until: number }>>(() => new Map());

/** The planner's estimate for `select ... from orders o where <where>` (where's values written into the text). */
export async function planEstimate(db: Executor, where: SQL, now = Date.now()): Promise<PlanEstimate> {
  const statement = sql`explain (format json) select 1 from orders o where ${where}`.inlineParams();
  const key = toQuery(statement).sql;
  const kept = keptFor(db);
  const known = kept.get(key);
  if (known && known.until > now) return known.plan;
  const [row] = await selectRows(db, planSchema, statement);
  const top = row?.['QUERY PLAN'][0]?.Plan;
  const plan = { rows: Math.round(top?.['Plan Rows'] ?? 0), cost: top?.['Total Cost'] ?? Number.POSITIVE_INFINITY };
  kept.delete(key);
  kept.set(key, { plan, until: now + PLAN_KEPT_MS });
  if (kept.size > PLANS_KEPT) kept.delete(kept.keys().next().value!);
  return plan;
}

export interface EstimatedTotal {
  totalRecords: number;
  totalEstimated: boolean;
}

/**
 * A total from an estimate and a page read `limit + 1` rows long from `offset` (`found` rows came back):
 * exact when the page ends the list, else the estimate held within what the page proves.
 */
export function estimatedTotal(estimate: number, offset: number, limit: number, found: number): EstimatedTotal {
  if (found > limit) return { totalRecords: Math.max(estimate, offset + found), totalEstimated: true };
  if (found > 0 || offset === 0) return { totalRecords: offset + found, totalEstimated: false };
  return { totalRecords: Math.min(estimate, offset), totalEstimated: true }; // past the end: fewer than offset
}
