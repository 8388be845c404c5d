import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../server/db/client';
import { listOrders } from '../server/features/orders/lists.service';
import { renewTrigramStats } from '../server/features/orders/search-terms';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/arrival_card_bench', poolSize: 1 });
const [m] = await selectRows<{ id: number; name: string; email: string }>(database.db, sql`select id, name, email from team_members limit 1`);
const staff = { ...m!, type: 'Team' as const };
await renewTrigramStats(database.db);
for (const [folder, term] of [['orderHistory', '10974'], ['orderHistory', 'ebba.stokes292'], ['newOrder', 'stoke'], ['orderHistory', '']] as const) {
  const request = { folder, offset: 0, limit: 10, search: term || undefined } as any;
  for (let i = 0; i < 20; i++) await listOrders(database.db, staff, request);
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await listOrders(database.db, staff, request);
  const r = await listOrders(database.db, staff, request);
  console.log(folder, term, ((performance.now() - t0) / 200).toFixed(3), 'ms', r.totalRecords);
}
await database.close();
