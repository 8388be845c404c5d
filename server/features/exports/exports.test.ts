import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { grantExports } from '../../test/export-grant';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows, toQuery } from '../../db/client';
import { orderIdRow } from '../../db/row-schemas';
import { statusLabel, type Folder } from '../../../shared/orders';
import { ORDER_EXPORT_HEADERS } from '../../../shared/schemas/order-export';
import { EXPORT_TOTAL_HEADER } from '../../../shared/schemas/order-export-texts';
import type { QueueFilters } from '../../../shared/schemas/queue-filters';
import { folderPredicate, queueFilterConditions, queueOrderBy } from '../queue-engine';
import { openExportCursor } from './export-cursor';
import { EXPORT_AUDIT_DAYS } from './export-audit';
import { runRetention } from '../erasure/retention.service';
import { BUSY_MESSAGE, EXPORTS_AT_ONCE, exportOrders as exportService } from './exports.service';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let team: Login;
let telecaller: Login;
let admin: Login;
let trickyId: number;

beforeAll(async () => {
  t = await buildTestApp();
  team = await t.loginAs('Team', { name: 'Tess Team' });
  telecaller = await t.loginAs('Telecaller');
  admin = await t.loginAs('Admin', { name: 'Ada Admin' });
  await grantExports(t, ['Team', 'Telecaller']);
  await t.seedRecentOrders(300);
  // Cells a spreadsheet would run as formulas, in a name, a surname and an e-mail.
  trickyId = await insertOrder(t.database.db, {
    givenName: '=HYPERLINK("http://evil.example","x")',
    surname: '+SUM(A1:A9)',
    email: '@cmd|calc@x.example',
    assignedToId: team.member.id,
  });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const exportOrders = (body: Body, headers = team.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-orders', headers, payload: body });
const search = (body: Body, headers = team.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/search-order', headers, payload: { start: 0, end: 5000, ...body } });

const csvRows = (bytes: Buffer): string[][] => parse(bytes, { bom: true, relax_column_count: false }) as string[][];

async function xlsxRows(bytes: Buffer): Promise<{ values: unknown[][]; types: number[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  const types: number[][] = [];
  sheet.eachRow((row) => {
    const cells: unknown[] = [];
    const kinds: number[] = [];
    for (let c = 1; c <= ORDER_EXPORT_HEADERS.length; c++) {
      cells.push(row.getCell(c).value);
      kinds.push(row.getCell(c).type);
    }
    values.push(cells);
    types.push(kinds);
  });
  return { values, types };
}

/** Ids a direct SQL statement selects: the folder predicate, the filters and the sort, written independently of the export. */
async function expectedIds(
  folder: Folder,
  staffId: number,
  filters: QueueFilters = {},
  sort?: Parameters<typeof queueOrderBy>[0],
): Promise<number[]> {
  const conditions = [folderPredicate(folder, staffId), ...queueFilterConditions(filters, folder)];
  const rows = await selectRows<{ order_id: number }>(
    t.database.db,
    sql`
    select order_id from orders o where ${sql.join(conditions, sql` and `)} order by ${queueOrderBy(sort)}`,
  );
  return rows.map((r) => Number(r.order_id));
}

const col = (name: (typeof ORDER_EXPORT_HEADERS)[number]) => ORDER_EXPORT_HEADERS.indexOf(name);

describe('POST /api/admin/export-orders', () => {
  it('exports exactly the rows of the queue list, row for row, in its order (CSV)', async () => {
    const cases: Body[] = [
      { folderName: 'orderHistory' },
      { folderName: 'newOrder', sort: 'arrival' },
      { folderName: 'myOrder' },
      { folderName: 'orderHistory', searchVal: 'a' },
      { folderName: 'completedOrder' },
      // The queue filters and sorts, as the filter bar sends them to the list.
      { folderName: 'orderHistory', processingMode: ['priority', 'future'], sort: 'name' },
      { folderName: 'orderHistory', status: 'Completed,Refunds', sort: 'oldest' },
      { folderName: 'orderHistory', searchVal: 'e', currency: ['USD'], sort: 'arrival_desc' },
      { folderName: 'newOrder', assigneeId: [0], sort: 'order_id_desc' },
    ];
    for (const body of cases) {
      const listed = (await search(body)).json();
      expect(listed.status, JSON.stringify(body)).toBe(1);
      const res = await exportOrders({ ...body, format: 'csv' });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const [header, ...rows] = csvRows(res.rawPayload);
      expect(header).toEqual([...ORDER_EXPORT_HEADERS]);
      expect(
        rows.map((r) => Number(r[0])),
        JSON.stringify(body),
      ).toEqual(listed.data.map((r: { order_id: number }) => r.order_id));
      expect(Number(res.headers[EXPORT_TOTAL_HEADER])).toBe(rows.length);
      // The cells say what the list says.
      for (const [i, row] of rows.entries()) {
        const item = listed.data[i];
        expect(row[col('Given Name')]).toBe(item.given_name.startsWith('=') ? `'${item.given_name}` : item.given_name);
        expect(row[col('Status')]).toBe(statusLabel(item.process_status, item.refund_date));
        expect(row[col('Assigned To')]).toBe(item.assign_to ?? '');
      }
    }
    expect((await search({ folderName: 'orderHistory' })).json().data.length).toBeGreaterThan(250);
  });

  it('applies the queue filters and every sort, as the direct SQL selects them', async () => {
    const cases: {
      folder: Folder;
      filters: QueueFilters & Body;
      sort?: 'name' | 'oldest' | 'order_id_desc' | 'arrival_desc';
    }[] = [
      { folder: 'orderHistory', filters: { processingMode: ['priority', 'future'] }, sort: 'name' },
      { folder: 'orderHistory', filters: { status: ['Completed', 'Refunds'], currency: ['USD'] }, sort: 'oldest' },
      { folder: 'newOrder', filters: { nationality: ['India', 'USA', 'Japan'] }, sort: 'order_id_desc' },
      { folder: 'orderHistory', filters: { amountMin: 10, amountMax: 60 }, sort: 'arrival_desc' },
    ];
    let nonEmpty = 0;
    for (const { folder, filters, sort } of cases) {
      const expected = await expectedIds(folder, team.member.id, filters, sort);
      if (expected.length) nonEmpty++;
      const res = await exportOrders({ folderName: folder, ...filters, ...(sort ? { sort } : {}), format: 'csv' });
      expect(res.statusCode, JSON.stringify(filters)).toBe(200);
      const [, ...rows] = csvRows(res.rawPayload);
      expect(
        rows.map((r) => Number(r[0])),
        JSON.stringify(filters),
      ).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(3);
  });

  it('XLSX holds the same rows and typed cells: numbers for the id and amount, text for the rest', async () => {
    const listed = (await search({ folderName: 'orderHistory' })).json();
    const res = await exportOrders({ folderName: 'orderHistory', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-orderHistory-\d{8}-\d{6}\.xlsx"$/,
    );
    const { values } = await xlsxRows(res.rawPayload);
    const [header, ...rows] = values;
    expect(header).toEqual([...ORDER_EXPORT_HEADERS]);
    expect(rows.map((r) => r[0])).toEqual(listed.data.map((r: { order_id: number }) => r.order_id));
    const [paid] = await selectRows<{ order_id: number; amount: string; currency: string }>(
      t.database.db,
      sql`
      select order_id::int as order_id, payment_amount::text as amount, payment_currency as currency from orders
      where payment_amount is not null and process_status <> 'Deleted' order by order_id limit 1`,
    );
    expect(paid).toBeDefined();
    const row = rows.find((r) => r[0] === paid!.order_id)!;
    expect(row[col('Amount')]).toBe(Number(paid!.amount));
    expect(row[col('Currency')]).toBe(paid!.currency.trim());
  });

  it('neutralises formulas: CSV cells starting with = + - @ get a leading quote; XLSX stores them as text', async () => {
    const csv = csvRows((await exportOrders({ folderName: 'myOrder', format: 'csv' })).rawPayload);
    const row = csv.find((r) => Number(r[0]) === trickyId)!;
    expect(row[col('Given Name')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[col('Surname')]).toBe("'+SUM(A1:A9)");
    expect(row[col('Email')]).toBe("'@cmd|calc@x.example");
    const xlsx = await xlsxRows((await exportOrders({ folderName: 'myOrder', format: 'xlsx' })).rawPayload);
    const index = xlsx.values.findIndex((r) => r[0] === trickyId);
    expect(xlsx.values[index]![col('Given Name')]).toBe('=HYPERLINK("http://evil.example","x")');
    expect(xlsx.types[index]![col('Given Name')]).toBe(ExcelJS.ValueType.String);
    expect(xlsx.types[index]![col('Surname')]).toBe(ExcelJS.ValueType.String);
  });

  it('follows the folder read rules: a Telecaller cannot export Order History (403, no audit line) but may export New Orders', async () => {
    const before = await auditCount();
    const refused = await exportOrders({ folderName: 'orderHistory', format: 'csv' }, telecaller.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 0, message: 'Order History is not available to your role.' });
    expect(await auditCount()).toBe(before);
    const allowed = await exportOrders({ folderName: 'newOrder', format: 'csv' }, telecaller.headers);
    expect(allowed.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });

  it('writes an audit line: who, folder, the filters without the search text, format, rows, finished', async () => {
    const res = await exportOrders(
      { folderName: 'orderHistory', searchVal: 'an', processingMode: 'standard', sort: 'name', format: 'xlsx' },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    const rows = Number(res.headers[EXPORT_TOTAL_HEADER]);
    const [line] = await selectRows<Record<string, unknown>>(
      t.database.db,
      sql`
      select staff_id, staff_name, kind, source, filters, search_used, search_length, format, row_count, rows_written, finished_at
      from order_exports order by id desc limit 1`,
    );
    expect(line).toMatchObject({
      staff_id: admin.member.id,
      staff_name: 'Ada Admin',
      kind: 'queue',
      source: 'orderHistory',
      filters: { processingMode: ['standard'], sort: 'name' },
      search_used: true,
      search_length: 2,
      format: 'xlsx',
      row_count: rows,
      rows_written: rows,
    });
    expect(line!.finished_at).not.toBeNull();
    expect(JSON.stringify(line)).not.toContain('"an"');
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await auditCount();
    const cases: [Body, string][] = [
      [{ folderName: 'orderHistory', format: 'pdf' }, 'format'],
      [{ folderName: 'newOrder', status: 'Completed', format: 'csv' }, 'status'],
      [{ folderName: 'orderHistory', orderFrom: '2026-02-30', format: 'csv' }, 'orderFrom'],
      [{ folderName: 'orderHistory', landingSite: 'no-such-site', format: 'csv' }, 'landingSite'],
    ];
    for (const [body, field] of cases) {
      const res = await exportOrders(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('the end of an export', () => {
  it('finishes its audit line before the last byte of the file, however slow the database', async () => {
    // The database answers the audit line's update late: the file must still end only after it was written.
    const slowDb = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (statement: Parameters<typeof target.execute>[0]) => {
          if (/update order_exports/.test(toQuery(statement as never).sql))
            await new Promise((resolve) => setTimeout(resolve, 300));
          return target.execute(statement);
        };
      },
    });
    const file = await exportService(
      { database: t.database, db: slowDb },
      { ...team.member },
      {
        folderName: 'orderHistory',
        searchVal: '',
        format: 'csv',
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(csvRows(Buffer.concat(chunks))).toHaveLength(file.total + 1);
    const [line] = await selectRows<{ rows_written: number | null; finished_at: Date | null }>(
      t.database.db,
      sql`select rows_written, finished_at from order_exports order by id desc limit 1`,
    );
    expect(line).toMatchObject({ rows_written: file.total });
    expect(line!.finished_at).not.toBeNull();
  });
});

describe('exports at once', () => {
  it(`refuses a third export while ${EXPORTS_AT_ONCE} hold their cursors (429), and takes one again once they end`, async () => {
    const deps = { database: t.database, db: t.database.db };
    const staff = { ...team.member };
    const request = { folderName: 'orderHistory' as const, searchVal: '', format: 'csv' as const };
    const open = [];
    for (let i = 0; i < EXPORTS_AT_ONCE; i++) open.push(await exportService(deps, staff, request));
    await expect(exportService(deps, staff, request)).rejects.toMatchObject({ statusCode: 429, message: BUSY_MESSAGE });
    const busy = await exportOrders({ folderName: 'newOrder', format: 'csv' });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBeDefined();
    // The files were never read: ending them still closes their cursors and frees their places.
    for (const file of open) file.body.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await exportOrders({ folderName: 'newOrder', format: 'csv' })).statusCode).toBe(200);
  });
});

describe('the export cursor', () => {
  it('reads every row in batches from the snapshot of its count, whatever changes meanwhile', async () => {
    const expected = await expectedIds('orderHistory', team.member.id);
    const cursor = await openExportCursor(
      t.database,
      orderIdRow,
      sql`select count(*)::int as n from orders o where o.process_status <> 'Deleted'`,
      sql`select o.order_id::int as order_id from orders o where o.process_status <> 'Deleted' order by ${queueOrderBy('newest')}`,
      () => {},
      7,
    );
    expect(cursor.total).toBe(expected.length);
    const seen: number[] = [];
    let batches = 0;
    for (;;) {
      const batch = await cursor.next();
      if (!batch.length) break;
      expect(batch.length).toBeLessThanOrEqual(7);
      if (batches === 1) {
        // Another member deletes an order and a new one arrives between two fetches: the export does not see it.
        await t.database.db.execute(
          sql`update orders set process_status = 'Deleted' where order_id = ${expected.at(-1)!}`,
        );
        await insertOrder(t.database.db, { givenName: 'LATE' });
      }
      batches++;
      seen.push(...batch.map((r) => Number(r.order_id)));
    }
    await cursor.close();
    expect(seen).toEqual(expected);
    expect(batches).toBe(Math.ceil(expected.length / 7));
  });
});

describe('POST /api/admin/export-report', () => {
  const exportReport = (body: Body, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/export-report', headers, payload: body });

  it('exports Country Order List as the screen filters it (range and search), numbered, with an audit line', async () => {
    const range = { fromDate: '2000-01-01', toDate: '2100-12-31' };
    const counts = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/get-country-order-count',
        headers: team.headers,
        payload: range,
      })
    ).json().data as { nationality: string; count: number }[];
    const wanted = counts.filter((r) => (r.nationality || 'Erased (retention)').toLowerCase().includes('in'));
    expect(wanted.length).toBeGreaterThan(0);
    const res = await exportReport({ report: 'country', ...range, search: 'IN', format: 'csv' }, team.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="country-orders_2000-01-01_2100-12-31.csv"');
    const [header, ...rows] = csvRows(res.rawPayload);
    expect(header).toEqual([
      'S. No',
      'State/Territory',
      'Order Count',
      'Standard Processing',
      'Priority Processing',
      'Future Order Processing',
    ]);
    expect(rows.map((r) => [Number(r[0]), r[1], Number(r[2])])).toEqual(
      wanted.map((r, i) => [i + 1, r.nationality, r.count]),
    );
    const [line] = await selectRows<Record<string, unknown>>(
      t.database.db,
      sql`select kind, source, search_used, row_count from order_exports order by id desc limit 1`,
    );
    expect(line).toMatchObject({ kind: 'report', source: 'country', search_used: true, row_count: wanted.length });
  });

  it('Order Processed: XLSX for Admin; refused to Team (403) as the report is', async () => {
    const xlsx = await exportReport({ report: 'processed', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'S. No', 'Name', 'Order Count']);
    const refused = await exportReport({ report: 'processed', format: 'csv' }, team.headers);
    expect(refused.statusCode).toBe(403);
  });
});

describe('retention of the audit lines', () => {
  it('the retention job deletes audit lines older than a year and keeps the others', async () => {
    const old = new Date(Date.now() - (EXPORT_AUDIT_DAYS + 1) * 86_400_000).toISOString();
    const recent = new Date(Date.now() - (EXPORT_AUDIT_DAYS - 1) * 86_400_000).toISOString();
    await t.database.db
      .execute(sql`insert into order_exports (staff_id, staff_name, kind, source, filters, format, row_count, created_at)
      values (${team.member.id}, 'Tess Team', 'queue', 'newOrder', '{}', 'csv', 1, ${old}), (${team.member.id}, 'Tess Team', 'queue', 'pendingOrder', '{}', 'csv', 2, ${recent})`);
    const before = await auditCount();
    const run = await runRetention(
      { db: t.database.db, storage: { delete: async () => {} }, log: { warn: () => {} } },
      { travelDays: 3650, evidenceDays: 3650 },
    );
    expect(run.exportAudits).toBe(1);
    expect(await auditCount()).toBe(before - 1);
    const sources = await selectRows<{ source: string }>(
      t.database.db,
      sql`select source from order_exports where created_at < now() - interval '300 days'`,
    );
    expect(sources.map((r) => r.source)).toEqual(['pendingOrder']);
  });
});

async function auditCount(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_exports`);
  return row!.n;
}
