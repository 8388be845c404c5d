/**
 * Part of `npm run bench` (issue 23, docs/decisions/0016): Work next, the arrival sort and the urgent counts.
 *  - Plans: each Work next probe, a page sorted by arrival (page 1 and 500) of New, Priority and My Orders, and the
 *    urgent counts must read the arrival indexes of migration 0025, never sort a folder or scan orders. Each is
 *    explained as the app runs it: the page as a prepared statement (generic plan), the others planned for their
 *    parameters (a first execution of a prepared statement is planned so too).
 *  - HTTP scenarios: a page sorted by arrival next to the bare newest-first page (so the ratio is the price of the
 *    sort), and the urgent counts next to the bare folder counts.
 *  - Work next itself: WRITERS members at once through the service, each in a transaction rolled back afterwards,
 *    so the queue is the same for every press and the database unchanged (SKIP LOCKED sends each member to a
 *    different order, as in real use).
 */
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type autocannon from 'autocannon';
import { jstDayKey, DEFAULT_URGENCY_THRESHOLDS, urgencyWindow } from '../shared/arrival-urgency';
import { WORK_NEXT_FOLDERS } from '../shared/schemas/work-next-texts';
import type { Database } from '../server/db/client';
import { toQuery } from '../server/db/client';
import {
  ARRIVAL_KEY,
  arrivalPageStatement,
  folderPredicate,
  folderWhere,
  utcToday,
} from '../server/features/queue-engine';
import { workNext, workNextProbe } from '../server/features/orders/work-next.service';
import { quantile } from './load';
import type { Staff } from '../server/lib/auth';

/** The plan of a statement as the app runs it: unprepared, planned for its parameters (custom) or prepared (generic). */
async function planOf(client: pg.Client, statement: SQL, generic = false): Promise<string> {
  const query = toQuery(statement);
  await client.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
  await client.query(`prepare plan_check as ${query.sql}`);
  const args = query.params.map((p) => client.escapeLiteral(String(p))).join(', ');
  const plan = (await client.query(`explain execute plan_check${args ? `(${args})` : ''}`)).rows
    .map((r) => String(r['QUERY PLAN']))
    .join('\n');
  await client.query('deallocate plan_check');
  return plan;
}

const ARRIVAL_INDEX: Record<string, string> = {
  newOrder: 'orders_work_next_new_idx',
  priorityOrder: 'orders_work_next_priority_idx',
  myOrder: 'orders_mine_arrival_idx',
};

/** Problems (with their plans) of the Work next, arrival-sort and urgent-count statements. */
export async function checkWorkNextPlans(databaseUrl: string, staff: Staff): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const today = utcToday();
  const todayKey = jstDayKey(new Date());
  const bad = (plan: string, index: string) => !plan.includes(index) || /\bSort\b|Seq Scan on orders/.test(plan);
  try {
    for (const source of ['newOrder', 'priorityOrder'] as const) {
      for (const passed of [false, true]) {
        const plan = await planOf(client, workNextProbe({ source, passed }, today, todayKey));
        if (bad(plan, ARRIVAL_INDEX[source]!))
          problems.push(`work next ${source}${passed ? ' (passed arrivals)' : ''}:\n${plan}`);
      }
    }
    for (const folder of WORK_NEXT_FOLDERS) {
      for (const offset of [0, 4990]) {
        const request = { folder, offset, limit: 10, sort: 'arrival' as const };
        const plan = await planOf(client, arrivalPageStatement(folderWhere(staff, request, today), request), true);
        // The ten rows of the page are sorted at the top; under the Limit nothing may sort or scan the table.
        if (bad(plan.slice(plan.indexOf('Limit')), ARRIVAL_INDEX[folder]!))
          problems.push(`${folder} sorted by arrival, offset ${offset}:\n${plan}`);
      }
    }
    const { todayKey: from, urgentUntilKey: to } = urgencyWindow(new Date(), DEFAULT_URGENCY_THRESHOLDS);
    for (const folder of ['newOrder', 'priorityOrder'] as const) {
      const plan = await planOf(
        client,
        sql`select count(*) from orders o where ${folderPredicate(folder, 0, today)} and ${ARRIVAL_KEY} between ${from} and ${to}`,
      );
      if (!plan.includes(ARRIVAL_INDEX[folder]!) || /Seq Scan on orders/.test(plan))
        problems.push(`urgent count ${folder}:\n${plan}`);
    }
  } finally {
    await client.end();
  }
  return problems;
}

interface Scenario {
  name: string;
  goal: string;
  real: autocannon.Options;
  bare: autocannon.Options;
}

export function workNextScenarios(real: string, bare: string, auth: Record<string, string>): Scenario[] {
  return [
    {
      name: 'New Orders by arrival page 500',
      goal: 'p99 <= 20 ms, >= 75% of bare (newest first)',
      real: { url: `${real}/get-orders-list/newOrder?page=500&limit=10&sort=arrival`, headers: auth },
      bare: { url: `${bare}/get-orders-list/newOrder?page=500&limit=10` },
    },
    {
      name: 'arrival urgency (tile counts)',
      goal: 'p99 <= 10 ms',
      real: { url: `${real}/arrival-urgency`, headers: auth },
      bare: { url: `${bare}/get-folder-count` },
    },
  ];
}

class RolledBack extends Error {}

/**
 * `members` members pressing Work next on New Orders at once for `seconds`, each press in a transaction that is
 * rolled back: milliseconds per press (p50, p99) and presses per second. Needs `members` team member rows.
 */
export async function workNextTiming(database: Database, members: Staff[], seconds: number) {
  const latencies: number[] = [];
  let empty = 0;
  const stopAt = Date.now() + seconds * 1000;
  await Promise.all(
    members.map(async (member) => {
      while (Date.now() < stopAt) {
        const started = performance.now();
        try {
          await database.db.transaction(async (tx) => {
            const answer = await workNext(tx, member, 'newOrder');
            if (answer.orderId === null) empty += 1;
            throw new RolledBack();
          });
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    presses: latencies.length,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    empty,
  };
}
