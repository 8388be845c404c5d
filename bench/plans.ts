/**
 * Part of `npm run bench`: the generic plan of every folder's page and search statements at the bench's data size.
 * Pages are prepared statements with a generic plan (docs/decisions/0007), which PostgreSQL picks once
 * for every offset; a plan that sorts or scans the whole table would be slow for every page. Each
 * folder's statement is prepared on one connection and explained with plan_cache_mode=force_generic_plan,
 * as the app's pool runs it, for page 1 and page 500 (a deep page: both its walks, from an anchor and
 * from the top, page-anchors.ts).
 */
import pg from 'pg';
import { FOLDERS, type Folder } from '../shared/orders';
import { toQuery } from '../server/db/client';
import { anchoredPageStatement, folderPageStatement, folderWhere, searchCondition, searchMatchesStatement } from '../server/features/orders/lists.service';
import { folderSearchParts, SEARCH_PARTS, searchPartIndex, utcToday, type SearchPart } from '../server/features/orders/folders';
import { digitWindows, type TrigramStats } from '../server/features/orders/search-terms';
import type { Staff } from '../server/lib/auth';

/** The generic plan of a statement, prepared and explained as the app's pool runs it. */
async function genericPlan(client: pg.Client, statement: Parameters<typeof toQuery>[0]): Promise<string> {
  const query = toQuery(statement);
  await client.query(`prepare plan_check as ${query.sql}`);
  const args = query.params.map((p) => client.escapeLiteral(String(p))).join(', ');
  const plan = (await client.query(`explain execute plan_check${args ? `(${args})` : ''}`)).rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  await client.query('deallocate plan_check');
  return plan;
}

/**
 * Whether a search plan asks the parts of the trigram index that hold the folder's orders, and no other, and a
 * part asked for less than all of its orders (New Orders' due future orders) with that key in its index condition.
 */
function asksParts(plan: string, folder: Folder): boolean {
  const parts = folderSearchParts(folder);
  const asked = (part: SearchPart) => plan.includes(searchPartIndex(part));
  const narrowedInIndex = parts.filter((p) => p.narrowed).every(({ part }) =>
    new RegExp(`Bitmap Index Scan on ${searchPartIndex(part)}[^\\n]*\\n\\s*Index Cond: [^\\n]*processing_date`).test(plan));
  return narrowedInIndex && (Object.keys(SEARCH_PARTS) as SearchPart[]).every((part) => asked(part) === parts.some((p) => p.part === part));
}

/** Folders whose generic page plan sorts the folder or scans the whole orders table, or whose search scans it, with the plan. */
export async function checkPagePlans(databaseUrl: string, staff: Staff, stats: TrigramStats): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    // Future Order is checked as its screen asks for it, one month at a time. Its all-months list (API only)
    // sorts the ~60,000 future orders: no index serves "processing date after today, newest first".
    const requests = [
      ...FOLDERS.filter((folder) => folder !== 'futureOrder').map((folder) => ({ folder, offset: 0, limit: 10 })),
      { folder: 'futureOrder' as const, offset: 0, limit: 10, processMonth: 1 },
    ];
    for (const request of requests) {
      for (const offset of [0, 4990]) {
        const page = { ...request, offset };
        const anchor = { anchor: { position: 4000, createdAt: new Date().toISOString(), orderId: 0 }, version: '0' };
        const plan = await genericPlan(client, offset ? anchoredPageStatement(staff, page, utcToday(), anchor) : folderPageStatement(staff, page));
        // The ten rows of the page are sorted at the top; under the Limit nothing may sort or scan the table.
        const underLimit = plan.slice(plan.indexOf('Limit'));
        if (/\bSort\b|Seq Scan on orders/.test(underLimit)) problems.push(`${request.folder}${'processMonth' in request ? ` month ${request.processMonth}` : ''} offset ${offset}:\n${plan}`);
      }
    }
    // Every search shape (whole term or piece, with or without an id prefix) in every folder: the matches must
    // come from the indexes, never from a scan of the table; digits from their windows' index, other terms from
    // exactly the parts of the trigram index that hold the folder's statuses.
    for (const request of requests) {
      // A full name gives two pieces (one per name), an e-mail one, digits an id prefix too.
      for (const term of ['buster.damore170', 'sincere lubowitz', '10974', '9012345678', '+81 9012345678']) {
        for (const withStats of [null, stats]) {
          const plan = await genericPlan(client, searchMatchesStatement(folderWhere(staff, request), searchCondition(term, withStats)!, request));
          const wrongIndex = digitWindows(term) !== null ? !plan.includes('orders_search_digit_grams_idx') : !asksParts(plan, request.folder);
          if (/Seq Scan on orders/.test(plan) || wrongIndex) problems.push(`search "${term}" in ${request.folder}${withStats ? ' (piece)' : ''}:\n${plan}`);
        }
      }
    }
  } finally {
    await client.end();
  }
  return problems;
}
