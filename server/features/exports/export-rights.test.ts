/**
 * Exports of personal data in bulk (product: roles.md#exports): Admin's and Manager's by default, granted to other
 * roles only by an Admin; a report's export asks the same; every export leaves a record on the export log, which
 * only an Admin reads, without the search text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { EXPORT_TOTAL_HEADER } from '../../../shared/schemas/order-export-texts';

const REFUSED =
  'Exports of orders and reports hold personal data and are for Admins and Managers. An Admin can allow your role on the Exports page.';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let admin: Login;
let manager: Login;
let team: Login;
let telecaller: Login;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('Admin', { name: 'Ada Admin' });
  manager = await t.loginAs('Manager', { name: 'Max Manager' });
  team = await t.loginAs('Team', { name: 'Tess Team' });
  telecaller = await t.loginAs('Telecaller');
  await t.seedRecentOrders(40);
  await insertOrder(t.database.db, { email: 'mira.sato@mail.example', surname: 'SATO' });
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const exportOrders = (headers: Headers, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-orders', headers, payload: body });
const exportReport = (headers: Headers, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-report', headers, payload: body });
const grant = (headers: Headers, grantedRoles: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/export-settings', headers, payload: { grantedRoles } });
const exportLog = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/export-log${query}`, headers });
const records = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_exports`))[0]!.n;

const historyCsv = { folderName: 'orderHistory', format: 'csv' };
const countryCsv = { report: 'country', format: 'csv' };

describe('who may export', () => {
  it("refuses a Team member's export of Order History and of a report by default (403, nothing recorded); a Manager exports", async () => {
    const before = await records();
    for (const refused of [
      await exportOrders(team.headers, historyCsv),
      await exportReport(team.headers, countryCsv),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 0, message: REFUSED });
    }
    expect(await records()).toBe(before);
    // The browser's own download keeps the rule, and its run says why.
    const run = (await t.app.inject({ method: 'POST', url: '/api/admin/export-runs', headers: team.headers })).json()
      .data as { id: string; ticket: string };
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export-download',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ticket: run.ticket,
        kind: 'report',
        request: JSON.stringify(countryCsv),
      }).toString(),
    });
    expect(download.statusCode).toBe(403);
    const state = await t.app.inject({ url: `/api/admin/export-runs/${run.id}`, headers: team.headers });
    expect(state.json().data).toMatchObject({ state: 'refused', message: REFUSED });

    expect((await exportOrders(manager.headers, historyCsv)).statusCode).toBe(200);
    expect((await exportReport(manager.headers, countryCsv)).statusCode).toBe(200);
    expect(await records()).toBe(before + 2);
    const settings = await t.app.inject({ url: '/api/admin/export-settings', headers: team.headers });
    expect(settings.json().data).toEqual({ grantedRoles: [], exportRoles: ['Admin', 'Manager'] });
  });

  it('allows a Team member once an Admin grants it, and refuses again when the grant is taken back', async () => {
    const byManager = await grant(manager.headers, ['Team']);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Only an Admin can change who may export.');
    expect((await exportOrders(team.headers, historyCsv)).statusCode).toBe(403);

    const granted = await grant(admin.headers, ['Team']);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({
      status: 1,
      message: 'Allowed exports of personal data to Admin, Manager and Team.',
      data: { grantedRoles: ['Team'], exportRoles: ['Admin', 'Manager', 'Team'] },
    });
    const history = await exportOrders(team.headers, historyCsv);
    expect(history.statusCode).toBe(200);
    expect(Number(history.headers[EXPORT_TOTAL_HEADER])).toBeGreaterThan(40);
    expect(history.body).toContain('mira.sato@mail.example');
    expect((await exportReport(team.headers, countryCsv)).statusCode).toBe(200);
    // Granted to Team only: a Telecaller is still refused.
    expect((await exportReport(telecaller.headers, countryCsv)).json()).toEqual({ status: 0, message: REFUSED });
    // The grant is recorded as the Admin's security event.
    const security = await t.app.inject({
      url: `/api/admin/team-member-security/${admin.member.id}`,
      headers: admin.headers,
    });
    expect(security.json().data.events[0]).toMatchObject({
      event: 'Allowed exports of personal data to Admin, Manager and Team',
      actorName: 'Ada Admin',
    });

    expect((await grant(admin.headers, [])).json().data).toEqual({
      grantedRoles: [],
      exportRoles: ['Admin', 'Manager'],
    });
    expect((await exportOrders(team.headers, historyCsv)).statusCode).toBe(403);
  });

  it('refuses a grant naming Admin, Manager or no role (400) and changes nothing', async () => {
    for (const body of [['Admin'], ['Team', 'Boss'], 'Team']) {
      const res = await grant(admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(0);
    }
    expect((await grant(admin.headers, ['Manager'])).json().message).toBe(
      'grantedRoles may name Team, Telecaller, Night Staff (Admin and Manager may always export).',
    );
    const settings = await t.app.inject({ url: '/api/admin/export-settings', headers: admin.headers });
    expect(settings.json().data.grantedRoles).toEqual([]);
  });
});

describe('the export log', () => {
  it('holds every export: who, when, which folder or report and filters, how many rows; a search as used, never its text', async () => {
    const queue = await exportOrders(manager.headers, {
      folderName: 'newOrder',
      searchVal: 'mira.sato@mail.example',
      processingMode: ['standard'],
      sort: 'name',
      format: 'xlsx',
    });
    expect(queue.statusCode).toBe(200);
    const queueRows = Number(queue.headers[EXPORT_TOTAL_HEADER]);
    expect(queueRows).toBe(1);
    const report = await exportReport(manager.headers, {
      report: 'country',
      fromDate: '2000-01-01',
      toDate: '2100-12-31',
      search: 'Austral',
      format: 'csv',
    });
    expect(report.statusCode).toBe(200);

    const log = await exportLog(admin.headers, '?limit=2');
    expect(log.statusCode).toBe(200);
    const body = log.json();
    expect(body.totalRecords).toBe(await records());
    const [last, before] = body.data;
    expect(last).toMatchObject({
      staffId: manager.member.id,
      staffName: 'Max Manager',
      kind: 'report',
      source: 'country',
      filters: { fromDate: '2000-01-01', toDate: '2100-12-31' },
      searchUsed: true,
      format: 'csv',
      rowCount: 1,
      rowsWritten: 1,
    });
    expect(before).toMatchObject({
      staffName: 'Max Manager',
      kind: 'queue',
      source: 'newOrder',
      filters: { processingMode: ['standard'], sort: 'name' },
      searchUsed: true,
      format: 'xlsx',
      rowCount: queueRows,
      rowsWritten: queueRows,
    });
    for (const record of [last, before]) {
      expect(Date.now() - Date.parse(record.createdAt)).toBeLessThan(60_000);
      expect(record.finishedAt).not.toBeNull();
    }
    expect(log.body).not.toContain('mira.sato');
    expect(log.body).not.toContain('Austral');
    // Paged: the second page of one is the export before the last.
    expect((await exportLog(admin.headers, '?limit=1&page=2')).json().data).toEqual([before]);
  });

  it('is read by an Admin only', async () => {
    for (const member of [manager, team, telecaller]) {
      const res = await exportLog(member.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: 'Only an Admin can read the export log.' });
    }
    expect((await exportLog(admin.headers, '?limit=101')).statusCode).toBe(400);
  });
});
