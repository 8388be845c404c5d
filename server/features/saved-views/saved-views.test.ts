/** Saved queue views (issue 24): round trip, normalised query, sharing rules, deletion with the member. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { selectRows } from '../../db/client';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let manager: Login;
let team: Login;
let colleague: Login;
let telecaller: Login;

beforeAll(async () => {
  t = await buildTestApp();
  manager = await t.loginAs('Manager', { name: 'Mia Manager' });
  team = await t.loginAs('Team', { name: 'Tess Team' });
  colleague = await t.loginAs('Team', { name: 'Carl Colleague' });
  telecaller = await t.loginAs('Telecaller');
});
afterAll(async () => {
  await t.close();
});

const call = (
  login: Login,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/admin${url}`, headers: login.headers, ...(payload ? { payload } : {}) });
const listOf = async (login: Login, folder: string) => {
  const res = await call(login, 'GET', `/saved-views?folder=${folder}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: number;
    name: string;
    query: string;
    shared: boolean;
    mine: boolean;
    ownerName: string;
  }[];
};
const rowOf = async (id: number) =>
  (
    await selectRows<{ name: string; query: string; shared: boolean; member_id: number }>(
      t.database.db,
      sql`select name, query, shared, member_id from saved_views where id = ${id}`,
    )
  )[0];

describe('saved views', () => {
  it('round trip: save, list, rename, change, delete; the query keeps only filters, sort and page size', async () => {
    const created = await call(team, 'POST', '/saved-views', {
      folder: 'orderHistory',
      name: '  Indian refunds ',
      query: '?status=Refunds&nationality=India&sort=arrival_desc&limit=50&searchVal=Emily&page=4&x=1',
    });
    expect(created.statusCode).toBe(200);
    const view = created.json().data;
    expect(view).toMatchObject({
      folder: 'orderHistory',
      name: 'Indian refunds',
      shared: false,
      mine: true,
      ownerName: 'Tess Team',
      query: 'nationality=India&status=Refunds&sort=arrival_desc&limit=50',
    });
    expect(await rowOf(view.id)).toEqual({
      name: 'Indian refunds',
      query: 'nationality=India&status=Refunds&sort=arrival_desc&limit=50',
      shared: false,
      member_id: team.member.id,
    });
    expect((await listOf(team, 'orderHistory')).map((v) => v.name)).toEqual(['Indian refunds']);
    expect(await listOf(team, 'newOrder')).toEqual([]);
    expect(await listOf(colleague, 'orderHistory')).toEqual([]); // not shared: only its owner sees it

    const renamed = await call(team, 'PUT', `/saved-views/${view.id}`, {
      name: 'Refunds (India)',
      query: 'nationality=India,Iceland',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await rowOf(view.id)).toMatchObject({ name: 'Refunds (India)', query: 'nationality=India%2CIceland' });

    expect((await call(team, 'DELETE', `/saved-views/${view.id}`)).statusCode).toBe(200);
    expect(await rowOf(view.id)).toBeUndefined();
  });

  it('refuses a bad name, a bad filter in the query, a duplicate name, and a folder the role cannot read', async () => {
    const bad = async (login: Login, body: Record<string, unknown>, status: number, message: string) => {
      const res = await call(login, 'POST', '/saved-views', {
        folder: 'pendingOrder',
        name: 'Mine',
        query: '',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    };
    await bad(team, { name: '   ' }, 400, 'Please enter a name for the view.');
    await bad(
      team,
      { query: 'nationality=Atlantis' },
      400,
      'nationality must be country names as in the order form (e.g. India, USA).',
    );
    await bad(
      team,
      { query: 'arrivalFrom=2026-05-02&arrivalTo=2026-05-01' },
      400,
      'arrivalTo must be on or after arrivalFrom.',
    );
    await bad(telecaller, { folder: 'orderHistory' }, 403, 'Order History is not available to your role.');
    expect(
      (await call(team, 'POST', '/saved-views', { folder: 'pendingOrder', name: 'Week', query: 'sort=oldest' }))
        .statusCode,
    ).toBe(200);
    await bad(team, { name: 'week' }, 409, 'You already have a view named "week" in this queue.');
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from saved_views where member_id = ${team.member.id} and folder = 'pendingOrder'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('sharing: Team cannot share; a shared view is seen by everyone; only its owner renames it; others cannot delete it', async () => {
    const refused = await call(team, 'POST', '/saved-views', {
      folder: 'newOrder',
      name: 'Priority India',
      query: 'processingMode=priority',
      shared: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an Admin or a Manager can share a view.');
    const own = (
      await call(team, 'POST', '/saved-views', {
        folder: 'newOrder',
        name: 'Priority India',
        query: 'processingMode=priority',
      })
    ).json().data;
    const shareOwn = await call(team, 'PUT', `/saved-views/${own.id}`, { shared: true });
    expect(shareOwn.statusCode).toBe(403);
    expect((await rowOf(own.id))!.shared).toBe(false);

    // A Manager shares their view: everyone sees it, marked as not theirs.
    const shared = (
      await call(manager, 'POST', '/saved-views', {
        folder: 'newOrder',
        name: 'Visit Japan Card',
        query: 'landingSite=visit-japan-card',
        shared: true,
      })
    ).json().data;
    expect(shared.shared).toBe(true);
    for (const login of [team, colleague, telecaller]) {
      const seen = (await listOf(login, 'newOrder')).find((v) => v.id === shared.id);
      expect(seen).toMatchObject({
        name: 'Visit Japan Card',
        shared: true,
        mine: false,
        ownerName: 'Mia Manager',
        query: 'landingSite=visit-japan-card',
      });
    }
    expect((await listOf(team, 'newOrder')).map((v) => v.name)).toEqual(['Priority India', 'Visit Japan Card']);

    const rename = await call(colleague, 'PUT', `/saved-views/${shared.id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    const remove = await call(colleague, 'DELETE', `/saved-views/${shared.id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('Only the member who saved a view, an Admin or a Manager can delete it.');
    expect(await rowOf(shared.id)).toMatchObject({ name: 'Visit Japan Card', shared: true });
    // Another's unshared view does not exist for them.
    expect((await call(colleague, 'DELETE', `/saved-views/${own.id}`)).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', `/saved-views/${own.id}`)).statusCode).toBe(404);
    expect(await rowOf(own.id)).toBeDefined();

    // A Manager unshares a shared view and deletes a shared view of another.
    const adminLogin = await t.loginAs('Admin');
    const adminView = (
      await call(adminLogin, 'POST', '/saved-views', {
        folder: 'newOrder',
        name: 'Urgent',
        query: 'sort=arrival',
        shared: true,
      })
    ).json().data;
    expect((await call(manager, 'PUT', `/saved-views/${adminView.id}`, { shared: false })).statusCode).toBe(200);
    expect((await rowOf(adminView.id))!.shared).toBe(false);
    expect((await listOf(team, 'newOrder')).some((v) => v.id === adminView.id)).toBe(false);
    expect((await call(manager, 'DELETE', `/saved-views/${shared.id}`)).statusCode).toBe(200);
    expect(await rowOf(shared.id)).toBeUndefined();
  });

  it("deletes a member's views with the member", async () => {
    const leaver = await t.loginAs('Team');
    const view = (
      await call(leaver, 'POST', '/saved-views', { folder: 'pendingOrder', name: 'Mine', query: '' })
    ).json().data;
    expect(await rowOf(view.id)).toBeDefined();
    const res = await call(manager, 'PUT', '/delete-team-member', { teamMemberId: leaver.member.id });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(view.id)).toBeUndefined();
  });
});
