import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { staffSessions, teamMembers } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const allMembers = () => t.database.db.select().from(teamMembers).orderBy(teamMembers.id);

describe('team management API', () => {
  it('lets an Admin add, read, list, edit and delete a member (never returning hashes)', async () => {
    const { headers } = await t.loginAs('Admin');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: 'Ann Added', email: 'Ann@Team.example', password: 'secret-123', type: 'Telecaller' },
    });
    expect(added.statusCode).toBe(200);
    const member = added.json().data;
    expect(member).toEqual({
      id: expect.any(Number),
      name: 'Ann Added',
      email: 'Ann@Team.example',
      type: 'Telecaller',
    });

    const info = await t.app.inject({ url: `/api/admin/team-member-info/${member.id}`, headers });
    expect(info.json().data).toEqual(member);
    const list = await t.app.inject({ url: '/api/admin/get-team-member-list', headers });
    expect(list.json().data).toContainEqual(member);
    expect(JSON.stringify(list.json())).not.toMatch(/argon2|password/i);

    const annSignedIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'ann@team.example', password: 'secret-123' },
    });
    const annHeaders = { authorization: `Bearer ${annSignedIn.json().jwtToken}` };
    expect((await t.app.inject({ url: '/api/user_info', headers: annHeaders })).statusCode).toBe(200);
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-team-member',
      headers,
      payload: { tmId: member.id, name: 'Ann Edited', email: 'ann@team.example', password: '', type: 'Team' },
    });
    expect(updated.json()).toMatchObject({
      status: 1,
      message: 'Team member updated successfully.',
      data: { name: 'Ann Edited', type: 'Team' },
    });
    const [row] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row).toMatchObject({ name: 'Ann Edited', type: 'Team', tokenVersion: 1 });
    // The edit ended Ann's session: her token stops working and her session row says so.
    expect((await t.app.inject({ url: '/api/user_info', headers: annHeaders })).statusCode).toBe(401);
    const annSessions = await t.database.db.select().from(staffSessions).where(eq(staffSessions.memberId, member.id));
    expect(annSessions.map((s) => s.endedReason)).toEqual(['admin']);

    const deleted = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      headers,
      payload: { teamMemberId: member.id },
    });
    expect(deleted.json()).toEqual({ status: 1, message: 'Team member deleted successfully.', data: null });
    expect(await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id))).toEqual([]);
  });

  it('refuses a duplicate e-mail (any case) with 409 and adds nothing', async () => {
    const { headers } = await t.loginAs('Admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: 'Dup One', email: 'dup@team.example', password: 'secret-123', type: 'Team' },
    });
    const before = await allMembers();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: 'Dup Two', email: 'DUP@team.example', password: 'secret-123', type: 'Team' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, message: 'A team member with this email already exists.' });
    expect(await allMembers()).toEqual(before);
  });

  it('validates with the spec messages', async () => {
    const { headers } = await t.loginAs('Admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: '', email: 'x', password: '', type: 'Boss' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email.',
      password: 'Please enter your password.',
      type: 'Please select type.',
    });
  });

  it('refuses a NUL character in a name (400 naming the field) and an id past the id column (400), changing nothing', async () => {
    const { headers } = await t.loginAs('Admin');
    const { member } = await t.loginAs('Team');
    const before = await allMembers();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: 'Nul\u0000Name', email: 'nul.name@team.example', password: 'secret-123', type: 'Team' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({
      status: 0,
      message: 'Name must not contain the NUL character (U+0000).',
      errors: { name: 'Name must not contain the NUL character (U+0000).' },
    });
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-team-member',
      headers,
      payload: { tmId: member.id, name: '\u0000', email: member.email, password: '', type: 'Team' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({ name: 'Name must not contain the NUL character (U+0000).' });
    for (const res of [
      await t.app.inject({ url: '/api/admin/team-member-info/2147483648', headers }),
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/delete-team-member',
        headers,
        payload: { teamMemberId: 9007199254740991 },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/update-team-member',
        headers,
        payload: { tmId: 2 ** 31, name: 'X', email: member.email, password: '', type: 'Team' },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Team member id must be at most 2147483647.');
    }
    expect(await allMembers()).toEqual(before);
  });

  it.each(['Team', 'Telecaller', 'Night Staff'] as const)(
    'refuses every team call to %s with 403 and changes nothing',
    async (role) => {
      const { headers } = await t.loginAs(role);
      const { member: victim } = await t.loginAs('Team');
      const before = await allMembers();
      const calls = [
        t.app.inject({
          method: 'POST',
          url: '/api/admin/add-team-member',
          headers,
          payload: {
            name: 'Sneaky',
            email: `sneaky-${role.length}@team.example`,
            password: 'secret-123',
            type: 'Admin',
          },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/admin/update-team-member',
          headers,
          payload: { tmId: victim.id, name: 'Hacked', email: victim.email, password: '', type: 'Admin' },
        }),
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/delete-team-member',
          headers,
          payload: { teamMemberId: victim.id },
        }),
        t.app.inject({ url: '/api/admin/get-team-member-list', headers }),
        t.app.inject({ url: `/api/admin/team-member-info/${victim.id}`, headers }),
        t.app.inject({ url: '/api/admin/get-team-member-type', headers }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 0, message: 'You do not have permission to do this.' });
      }
      expect(await allMembers()).toEqual(before);
    },
  );

  it('never lets a Manager create, edit, promote to or delete an Admin', async () => {
    const { headers } = await t.loginAs('Manager');
    const { member: admin } = await t.loginAs('Admin');
    const { member: team } = await t.loginAs('Team');
    const before = await allMembers();
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/add-team-member',
      headers,
      payload: { name: 'New Admin', email: 'newadmin@team.example', password: 'secret-123', type: 'Admin' },
    });
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-team-member',
      headers,
      payload: { tmId: admin.id, name: 'Renamed', email: admin.email, password: '', type: 'Admin' },
    });
    const promote = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-team-member',
      headers,
      payload: { tmId: team.id, name: team.name, email: team.email, password: '', type: 'Admin' },
    });
    const remove = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      headers,
      payload: { teamMemberId: admin.id },
    });
    expect([create, edit, promote, remove].map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await allMembers()).toEqual(before);
    const types = await t.app.inject({ url: '/api/admin/get-team-member-type', headers });
    expect(types.json().data).toEqual(['Manager', 'Team', 'Telecaller', 'Night Staff']);
  });

  it('refuses deleting yourself and demoting the last Admin', async () => {
    const solo = await buildTestApp();
    try {
      const { member, headers } = await solo.loginAs('Admin');
      const self = await solo.app.inject({
        method: 'PUT',
        url: '/api/admin/delete-team-member',
        headers,
        payload: { teamMemberId: member.id },
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe('You cannot delete your own account.');
      const demote = await solo.app.inject({
        method: 'POST',
        url: '/api/admin/update-team-member',
        headers,
        payload: { tmId: member.id, name: member.name, email: member.email, password: '', type: 'Manager' },
      });
      expect(demote.statusCode).toBe(409);
      const [row] = await solo.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
      expect(row?.type).toBe('Admin');
    } finally {
      await solo.close();
    }
  });

  it("revokes a member's tokens when an Admin edits them, and 404s an unknown id", async () => {
    const { headers } = await t.loginAs('Admin');
    const { member, headers: memberHeaders } = await t.loginAs('Team');
    expect((await t.app.inject({ url: '/api/user_info', headers: memberHeaders })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-team-member',
      headers,
      payload: { tmId: member.id, name: 'Moved', email: member.email, password: 'new-pass-77', type: 'Telecaller' },
    });
    expect((await t.app.inject({ url: '/api/user_info', headers: memberHeaders })).statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/api/admin/team-member-info/999999', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 0, message: 'Team member not found.' });
  });
});
