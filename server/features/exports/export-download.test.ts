/**
 * Exports formatted by the database (docs/decisions/0051), in both API projects: on PostgreSQL through COPY, on
 * PGlite through the cursor. The CSV's bytes are the JavaScript writer's for the same orders (server/test/
 * export-oracle.ts), awkward names included; the XLSX opens in exceljs with the same rows and cells; the browser's
 * download (a run, its one-time ticket posted by a form) answers the same file, shows its progress and refusals on
 * the run, and stops when cancelled: on PostgreSQL the export's query ends on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { grantExports } from '../../test/export-grant';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { referenceCsv } from '../../test/export-oracle';
import { selectRows } from '../../db/client';
import { ORDER_EXPORT_HEADERS } from '../../../shared/schemas/order-export';
import { EXPORT_TICKET_MESSAGE } from '../../../shared/schemas/order-export-texts';
import { queueViewWhere } from '../queue-engine';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let team: Login;
let telecaller: Login;
const AWKWARD = [
  { givenName: 'Ann, "Nan"', surname: "O'Brien\nSecond line", email: '-minus@x.example' },
  { givenName: '＝SUM(1)', surname: 'Back\\slash & <tag>', email: '\t@tab.example' },
  { givenName: '+plus', surname: 'Tab\there', email: '' },
  { givenName: 'Ünïcødé 日本', surname: '"quoted"', email: 'plain@x.example' },
];

beforeAll(async () => {
  t = await buildTestApp();
  team = await t.loginAs('Team', { name: 'Tess Team' });
  telecaller = await t.loginAs('Telecaller');
  await grantExports(t, ['Team', 'Telecaller']);
  await t.seedRecentOrders(150);
  for (const order of AWKWARD) await insertOrder(t.database.db, { ...order, assignedToId: team.member.id });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const bearerExport = (body: Body, headers = team.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-orders', headers, payload: body });
const openRun = async (headers = team.headers) =>
  (await t.app.inject({ method: 'POST', url: '/api/admin/export-runs', headers })).json().data as {
    id: string;
    ticket: string;
  };
const download = (ticket: string, request: Body, kind = 'orders') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/export-download',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ticket, kind, request: JSON.stringify(request) }).toString(),
  });
const runState = async (id: string, headers = team.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/export-runs/${id}`, headers })).json();

describe('the CSV formatted by the database', () => {
  it("is byte for byte the JavaScript writer's file, for every view and awkward names, a line break quoted", async () => {
    const views: Body[] = [
      { folderName: 'orderHistory' },
      { folderName: 'myOrder', sort: 'name' },
      { folderName: 'orderHistory', searchVal: "o'b", sort: 'oldest' },
      { folderName: 'orderHistory', processingMode: ['priority', 'future'], sort: 'order_id_desc' },
      { folderName: 'newOrder', searchVal: 'a', sort: 'arrival' },
    ];
    for (const view of views) {
      const res = await bearerExport({ ...view, format: 'csv' });
      expect(res.statusCode, JSON.stringify(view)).toBe(200);
      const { sort, ...rest } = view as { sort?: 'name' } & Body;
      const where = await queueViewWhere(t.database.db, team.member, {
        searchVal: '',
        ...(rest as { folderName: 'orderHistory' }),
      });
      const expected = await referenceCsv(t.database.db, where, sort, { quoteLineBreaks: true });
      expect(res.rawPayload.equals(expected), JSON.stringify(view)).toBe(true);
      // The previous writer's own bytes, but for the cell with a line break it left unquoted.
      const previous = await referenceCsv(t.database.db, where, sort);
      expect(previous.toString().replace(/O'Brien\nSecond line/i, (m) => `"${m}"`)).toBe(res.rawPayload.toString());
    }
    const mine = (await bearerExport({ folderName: 'myOrder', format: 'csv' })).rawPayload.toString();
    // The awkward cells are in the files compared: quoted with their line break, formulas neutralised.
    expect(mine).toContain('"Ann, ""Nan""",');
    expect(mine).toContain("'＝SUM(1),");
    expect(mine).toMatch(/"O'Brien\nSecond line"/i);
  });

  it('XLSX opens in exceljs: the same orders in the same order, numbers as numbers, texts exact', async () => {
    const csv = (await bearerExport({ folderName: 'myOrder', format: 'csv' })).rawPayload.toString();
    const ids = csv
      .split('\r\n')
      .slice(1, -1)
      .filter((line) => /^\d+,/.test(line))
      .map((line) => Number(line.split(',')[0]));
    const res = await bearerExport({ folderName: 'myOrder', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...ORDER_EXPORT_HEADERS]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((r) => r[0])).toEqual(ids);
    for (const order of AWKWARD) {
      const row = rows.find((r) => r[1] === order.givenName)!;
      expect(row, order.givenName).toBeDefined();
      expect(row[2]).toBe(order.surname);
      expect(row[3] ?? '').toBe(order.email);
    }
  });
});

describe("the browser's download", () => {
  it('answers the file for a one-time ticket, with its name, and the run says done with every row', async () => {
    const run = await openRun();
    const request = { folderName: 'myOrder', sort: 'name', format: 'csv' };
    const res = await download(run.ticket, request);
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-rows']);
    expect(total).toBeGreaterThanOrEqual(AWKWARD.length);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-myOrder-\d{8}-\d{6}\.csv"$/);
    expect(res.rawPayload.equals((await bearerExport(request)).rawPayload)).toBe(true);
    await expect
      .poll(async () => (await runState(run.id)).data, { timeout: 5000 })
      .toEqual({ state: 'done', rows: total, total, message: null });
    // Once only.
    const again = await download(run.ticket, request);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(EXPORT_TICKET_MESSAGE);
  });

  it("keeps the rules: a Telecaller's Order History is refused (403), and the run says why", async () => {
    const run = await openRun(telecaller.headers);
    const res = await download(run.ticket, { folderName: 'orderHistory', format: 'csv' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect((await runState(run.id, telecaller.headers)).data).toMatchObject({
      state: 'refused',
      message: 'Order History is not available to your role.',
    });
    // Another member cannot read it.
    expect((await runState(run.id)).status).toBe(0);
  });

  it('refuses a made-up ticket and a run cancelled before it started', async () => {
    expect((await download('made-up', { folderName: 'newOrder', format: 'csv' })).statusCode).toBe(401);
    const run = await openRun();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/export-runs/${run.id}/cancel`,
      headers: team.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await download(run.ticket, { folderName: 'newOrder', format: 'csv' })).statusCode).toBe(401);
    expect((await runState(run.id)).data.state).toBe('cancelled');
  });
});

describe('Cancel', () => {
  const copies = async () =>
    (
      await selectRows(
        t.database.db,
        z.object({ pid: z.number() }),
        sql`select pid from pg_stat_activity where query ilike 'copy (%' and pid <> pg_backend_pid()`,
      )
    ).map((r) => r.pid);

  // The embedded database's cursor reads a small table in one batch: mid-stream needs PostgreSQL's COPY.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'stops an export mid-stream: the file ends unfinished, the run says cancelled, its query ends on the server',
    async () => {
      expect(t.database.raw.pool).toBeDefined();
      await t.seedRecentOrders(3000);
      const run = await openRun();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/export-download',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ticket: run.ticket,
          kind: 'orders',
          request: JSON.stringify({ folderName: 'orderHistory', format: 'xlsx' }),
        }).toString(),
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      const body = res.stream();
      const first = await new Promise<Buffer>((resolve) => body.once('data', resolve));
      expect(first.length).toBeGreaterThan(0);
      // Nobody reads further: the export waits, its query open on the server.
      expect(await copies()).toHaveLength(1);
      const ended = new Promise<void>((resolve) => {
        body.once('close', resolve);
        body.once('end', resolve);
        body.resume();
      });
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/admin/export-runs/${run.id}/cancel`,
        headers: team.headers,
      });
      expect(cancel.statusCode).toBe(200);
      await ended;
      await expect.poll(async () => (await runState(run.id)).data.state, { timeout: 5000 }).toBe('cancelled');
      const state = (await runState(run.id)).data;
      expect(state.rows).toBeLessThan(state.total);
      await expect.poll(copies, { timeout: 5000 }).toEqual([]);
    },
    90_000,
  );
});
