/**
 * The folder table (shared/folders.ts) walked on the server: every declared folder can be read through the API by
 * the roles it names (and refused to the others), and has its count in the counts answer, equal to the list's
 * total. A folder added to the table without its predicate, count or read rule fails here (or does not compile).
 * The web half (routes, paths, navigation) is web/src/app/folders-reachable.test.ts and
 * web/src/features/queues/queue-screen.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/helper';
import { insertOrder } from '../test/order-factory';
import { FOLDER_COUNT_FIELDS, FOLDERS, folderDeclaration } from '../../shared/folders';
import { PROCESS_STATUSES } from '../../shared/orders';
import { can, ROLES, type Role } from '../../shared/roles';

let t: TestContext;
const logins = new Map<Role, Awaited<ReturnType<TestContext['loginAs']>>>();
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) logins.set(role, await t.loginAs(role));
  await t.seedRecentOrders(120);
  // At least one order in every folder, whatever the seed drew: each count below is then a real comparison.
  const admin = logins.get('Admin')!.member;
  for (const status of PROCESS_STATUSES)
    await insertOrder(t.database.db, { processStatus: status, processingMode: 'standard' });
  await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'priority' });
  await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'future', processingDate: isoDay(40) });
  await insertOrder(t.database.db, { processStatus: 'Pending', processingMode: 'standard', assignedToId: admin.id });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, role: Role) => t.app.inject({ url, headers: logins.get(role)!.headers });

describe('every folder of shared/folders.ts', () => {
  it('is read through the API by the roles it names, and refused to the others', async () => {
    for (const folder of FOLDERS) {
      const { read } = folderDeclaration(folder);
      for (const role of ROLES) {
        const res = await get(`/api/admin/get-orders-list/${folder}?page=1&limit=10`, role);
        const allowed = can(role, 'orders:work') && (!read || can(role, read.permission));
        expect(res.statusCode, `${folder} as ${role}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().message, `${folder} as ${role}`).toBe(read!.refusal);
      }
    }
  });

  it('has its count in the counts answer, equal to its list total (Future Order: its month tiles)', async () => {
    const counts = (await get('/api/admin/get-folder-count', 'Admin')).json().data as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual([...FOLDER_COUNT_FIELDS].sort());
    for (const folder of FOLDERS) {
      const total = (await get(`/api/admin/get-orders-list/${folder}?page=1&limit=10`, 'Admin')).json()
        .totalRecords as number;
      expect(total, folder).toBeGreaterThan(0);
      const { count } = folderDeclaration(folder);
      if (count) {
        expect(counts[count], `${folder}: ${count}`).toBe(total);
      } else {
        expect(folder, 'a folder without a count field has month tiles instead').toBe('futureOrder');
        const months = (await get('/api/admin/get-future-order-count', 'Admin')).json().data as Record<string, number>;
        expect(
          Object.values(months).reduce((a, b) => a + b, 0),
          folder,
        ).toBe(total);
      }
    }
    // Each count field belongs to one folder (processedOrdersCount to none).
    const claimed: string[] = FOLDERS.flatMap((f) => folderDeclaration(f).count ?? []);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(FOLDER_COUNT_FIELDS.filter((f) => !claimed.includes(f))).toEqual(['processedOrdersCount']);
  });
});
