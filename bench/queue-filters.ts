/**
 * Queue filters and sorts at scale (docs/decisions/0023, 0055), each beside the plain Order History page (page 500,
 * newest first, through the same real route), measured in alternating slices, so each ratio is the price of the
 * filter or sort on the same machine in the same seconds. The goal for a filtered page with its total: its p50
 * within PLAIN_P50_GOAL times the plain page's.
 *  - a filtered Order History page (a mid-frequency nationality and priority mode, newest first);
 *  - the same page with its total counted exactly (exactTotal=1: what "Count exactly" costs; information);
 *  - a filtered page that no request before read (each request's order dates differ): a first read is planned, where
 *    the other scenarios read one page again, which runs prepared (decision 0059; information);
 *  - a filtered count: Refunds of that nationality ordered in the last 60 days (search-order with a one-row window:
 *    the total is the work);
 *  - Order History sorted by name, page 50 (migration 0037's covering name index; the total from the counters);
 *  - Pending orders arriving in the next 14 days sorted by arrival.
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Database } from '../server/db/client';

interface Scenario {
  name: string;
  goal: string;
  real: autocannon.Options;
  bare: autocannon.Options;
  /** The twin is the plain Order History page: the run prints the p50 ratio against PLAIN_P50_GOAL. */
  versusPlain?: boolean;
}

/** A filtered page's p50 may be at most this many times the plain page's, measured in the same slices (0055). */
export const PLAIN_P50_GOAL = 2;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const nationalityRow = z.object({ nationality: z.string() });

/** A nationality held by about 1-3% of the orders (not the most common ones), from the report counters when present. */
async function midNationality(database: Database): Promise<string> {
  const [row] = await selectRows(
    database.db,
    nationalityRow,
    sql`
    select nationality from (select nationality from orders tablesample system (2)) s
    where nationality <> '' group by nationality order by count(*) desc offset 6 limit 1`,
  );
  return row?.nationality ?? 'India';
}

/** Requests for Order History page 1 of one nationality, each between order dates no request before asked for. */
function firstReads(nationality: string): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const n = next++;
        const to = Math.floor(n / 2000);
        const range = `orderFrom=${day(-to - 2 - (n % 2000))}&orderTo=${day(-to)}`;
        return {
          ...request,
          path: `/api/admin/get-orders-list/orderHistory?page=1&limit=10&nationality=${encodeURIComponent(nationality)}&${range}`,
        };
      },
    },
  ];
}

export async function queueFilterScenarios(
  database: Database,
  real: string,
  auth: Record<string, string>,
): Promise<Scenario[]> {
  const nationality = await midNationality(database);
  const query = `nationality=${encodeURIComponent(nationality)}&processingMode=priority`;
  const countBody = JSON.stringify({
    folderName: 'orderHistory',
    start: 0,
    end: 1,
    searchVal: '',
    status: ['Refunds'],
    nationality: [nationality],
    orderFrom: day(-60),
    orderTo: day(0),
  });
  const plain = { url: `${real}/get-orders-list/orderHistory?page=500&limit=10`, headers: auth };
  const goal = `p50 <= ${PLAIN_P50_GOAL}x the plain page's (twin: Order History page 500, real route)`;
  return [
    {
      name: `Order History filtered page 1 (${nationality}, priority)`,
      goal,
      real: { url: `${real}/get-orders-list/orderHistory?page=1&limit=10&${query}`, headers: auth },
      bare: plain,
      versusPlain: true,
    },
    {
      name: `Order History filtered page 1, counted exactly (${nationality}, priority)`,
      goal: 'information: what Count exactly costs (twin: the plain page)',
      real: { url: `${real}/get-orders-list/orderHistory?page=1&limit=10&${query}&exactTotal=1`, headers: auth },
      bare: plain,
      versusPlain: true,
    },
    {
      // Every request a list no one read before (its order dates move a day at a time): what a first read costs, which
      // is planned, where the scenarios above read one page again and again, which runs prepared (decision 0059).
      name: `Order History filtered page 1, each a first read (${nationality}, order dates)`,
      goal: 'information: a filtered page never read before (twin: the plain page)',
      real: { url: real, headers: auth, requests: firstReads(nationality) },
      bare: plain,
      versusPlain: true,
    },
    {
      name: `filtered count (Refunds, ${nationality}, 60 days)`,
      goal,
      real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: countBody },
      bare: plain,
      versusPlain: true,
    },
    {
      name: 'Order History by name page 50',
      goal,
      real: { url: `${real}/get-orders-list/orderHistory?page=50&limit=10&sort=name`, headers: auth },
      bare: plain,
      versusPlain: true,
    },
    {
      name: 'Pending arriving in 14 days by arrival',
      goal,
      real: {
        url: `${real}/get-orders-list/pendingOrder?page=1&limit=10&sort=arrival&arrivalFrom=${day(0)}&arrivalTo=${day(14)}`,
        headers: auth,
      },
      bare: plain,
      versusPlain: true,
    },
  ];
}
