/** Real logout: a token names its session; logout ends that one, "sign out everywhere" all, an Admin any. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffSessions } from '../../db/schema';
import { buildTestApp, TEST_PASSWORD, type TestContext } from '../../test/helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = async (email: string, ip: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
    headers: {
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().jwtToken}` };
};
const userInfo = (headers: { authorization: string }) =>
  t.app.inject({ url: '/api/user_info', headers }).then((r) => r.statusCode);

describe('sessions', () => {
  it('logout ends the token it is called with and no other', async () => {
    const { member } = await t.loginAs('Team');
    const laptop = await signIn(member.email, '10.40.0.1');
    const phone = await signIn(member.email, '10.40.0.2');
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: laptop });
    expect(out.json()).toEqual({ status: 1, message: 'You have been signed out.', data: null });
    expect(await userInfo(laptop)).toBe(401);
    expect(await userInfo(phone)).toBe(200);
    const rows = await t.database.db.select().from(staffSessions).where(eq(staffSessions.memberId, member.id));
    expect(rows.filter((r) => r.endedReason === 'logout')).toHaveLength(1);
  });

  it("lists the member's live sessions with device and address, the current one marked", async () => {
    const { member } = await t.loginAs('Telecaller');
    const a = await signIn(member.email, '10.41.0.1');
    await signIn(member.email, '10.41.0.2');
    const all = (await t.app.inject({ url: '/api/admin/sessions', headers: a })).json().data as Array<{
      ip: string;
      current: boolean;
      device: string;
    }>;
    const list = all.filter((s) => s.ip !== '127.0.0.1'); // the test helper's own sign-in
    expect(list.map((s) => s.ip).sort()).toEqual(['10.41.0.1', '10.41.0.2']);
    expect(list.find((s) => s.current)!.ip).toBe('10.41.0.1');
    expect(list[0]!.device).toBe('Chrome 131 on Linux');
  });

  it('"sign out everywhere" ends all of them', async () => {
    const { member } = await t.loginAs('Manager');
    const tokens = [
      await signIn(member.email, '10.42.0.1'),
      await signIn(member.email, '10.42.0.2'),
      await signIn(member.email, '10.42.0.3'),
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout-everywhere', headers: tokens[1] });
    expect(res.json()).toMatchObject({ status: 1, data: { ended: 4 } }); // and the test helper's own
    for (const token of tokens) expect(await userInfo(token)).toBe(401);
    expect(await userInfo(await signIn(member.email, '10.42.0.4'))).toBe(200);
  });

  it("an Admin sees a member's sessions and ends one or all; others cannot", async () => {
    const admin = await t.loginAs('Admin');
    const manager = await t.loginAs('Manager');
    const { member } = await t.loginAs('Team');
    const one = await signIn(member.email, '10.43.0.1');
    const two = await signIn(member.email, '10.43.0.2');
    const view = await t.app.inject({ url: `/api/admin/team-member-security/${member.id}`, headers: admin.headers });
    const sessions = view.json().data.sessions as Array<{ id: string; ip: string }>;
    const first = sessions.find((s) => s.ip === '10.43.0.1')!;
    expect(
      (await t.app.inject({ url: `/api/admin/team-member-security/${member.id}`, headers: manager.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/end-session',
          headers: manager.headers,
          payload: { sessionId: first.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(await userInfo(one)).toBe(200);

    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/admin/end-session',
      headers: admin.headers,
      payload: { sessionId: first.id },
    });
    expect(ended.json()).toMatchObject({ status: 1, message: 'The session has ended.' });
    expect(await userInfo(one)).toBe(401);
    expect(await userInfo(two)).toBe(200);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/admin/end-member-sessions',
      headers: admin.headers,
      payload: { teamMemberId: member.id },
    });
    expect(all.json()).toMatchObject({ status: 1, data: { ended: 2 } }); // the helper's own session too
    expect(await userInfo(two)).toBe(401);
  });

  it('a password change ends every session of the member', async () => {
    const { member } = await t.loginAs('Team');
    const a = await signIn(member.email, '10.44.0.1');
    const b = await signIn(member.email, '10.44.0.2');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: a,
      payload: { newPassword: 'another-good-one' },
    });
    expect(await userInfo(a)).toBe(401);
    expect(await userInfo(b)).toBe(401);
    const live = await t.database.db.select().from(staffSessions).where(eq(staffSessions.memberId, member.id));
    expect(live.every((s) => s.endedAt !== null)).toBe(true);
  });
});
