/**
 * Issue 24 (docs/decisions/0023): queue filters and sorts at scale, beside their bare twins (the unfiltered page and
 * the folder counts from the counters, so each ratio is the price of the filter):
 *  - a filtered Order History page (a mid-frequency nationality and priority mode, newest first);
 *  - a filtered count: Refunds of that nationality ordered in the last 60 days (search-order with a one-row window:
 *    the exact total is the work);
 *  - Order History sorted by name, page 50 (migration 0026's name index), beside the newest-first page 50;
 *  - Pending orders arriving in the next 14 days sorted by arrival.
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../server/db/client';

interface Scenario {
  name: string;
  goal: string;
  real: autocannon.Options;
  bare: autocannon.Options;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A nationality held by about 1-3% of the orders (not the most common ones), from the report counters when present. */
async function midNationality(database: Database): Promise<string> {
  const [row] = await selectRows<{ nationality: string }>(
    database.db,
    sql`
    select nationality from (select nationality from orders tablesample system (2)) s
    where nationality <> '' group by nationality order by count(*) desc offset 6 limit 1`,
  );
  return row?.nationality ?? 'India';
}

export async function queueFilterScenarios(
  database: Database,
  real: string,
  bare: string,
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
  return [
    {
      name: `Order History filtered page 1 (${nationality}, priority)`,
      goal: 'p99 <= 50 ms (bare: unfiltered page 1)',
      real: { url: `${real}/get-orders-list/orderHistory?page=1&limit=10&${query}`, headers: auth },
      bare: { url: `${bare}/get-orders-list/orderHistory?page=1&limit=10` },
    },
    {
      name: `filtered count (Refunds, ${nationality}, 60 days)`,
      goal: 'p99 <= 50 ms (bare: folder counts)',
      real: { url: `${real}/search-order`, method: 'POST', headers: auth, body: countBody },
      bare: { url: `${bare}/get-folder-count` },
    },
    {
      name: 'Order History by name page 50',
      goal: 'p99 <= 50 ms (bare: newest first page 50)',
      real: { url: `${real}/get-orders-list/orderHistory?page=50&limit=10&sort=name`, headers: auth },
      bare: { url: `${bare}/get-orders-list/orderHistory?page=50&limit=10` },
    },
    {
      name: 'Pending arriving in 14 days by arrival',
      goal: 'p99 <= 50 ms (bare: unfiltered Pending page 1)',
      real: {
        url: `${real}/get-orders-list/pendingOrder?page=1&limit=10&sort=arrival&arrivalFrom=${day(0)}&arrivalTo=${day(14)}`,
        headers: auth,
      },
      bare: { url: `${bare}/get-orders-list/pendingOrder?page=1&limit=10` },
    },
  ];
}
