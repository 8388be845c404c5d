/**
 * Manage Team as the spec words it: a Manager adds, edits and deletes a member (the spec's page title, messages and
 * confirmation); an Admin requires two-factor sign-in and looks after a member's security; a Team member is kept out.
 */
import { http } from 'msw';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, okChecked } from '../../../test/answers';
import { sessionView, teamMember, twoFactorStatus } from '../../../test/fixtures/staff';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { headingTexts, recordEveryDraw } from '../../../test/every-draw';
import { server } from '../../../test/server';
import { memberTypesSchema, teamMemberSchema, type TeamMember } from '../../../../shared/schemas/team';
import {
  memberSecuritySchema,
  securitySettingsSchema,
  sessionsEndedSchema,
  type SecurityEvent,
} from '../../../../shared/schemas/auth';
import { encodeId } from '../../../../shared/ids';

const admin = teamMember({ ...MEMBERS.Admin, type: 'Admin' });
const manager = teamMember({ ...MEMBERS.Manager, type: 'Manager' });
const telecaller = teamMember({ id: 12, name: 'Carla Telecaller', type: 'Telecaller' });

/** The team list as the server holds it, changed by the test's add, update and delete answers. */
function teamAnswers(members: TeamMember[], types = ['Manager', 'Team', 'Telecaller', 'Night Staff']) {
  const state = { members: [...members] };
  server.use(
    http.get('/api/admin/get-team-member-list', () => okChecked(teamMemberSchema.array(), state.members)),
    http.get('/api/admin/get-team-member-type', () => okChecked(memberTypesSchema, types)),
    http.get('/api/admin/team-member-info/:id', ({ params }) =>
      okChecked(
        teamMemberSchema,
        state.members.find((m) => m.id === Number(params.id))!,
      ),
    ),
  );
  return state;
}

const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr')!;

describe('Manage Team', () => {
  it('asks a Manager for every field with the spec messages and adds the member, under the spec page title', async () => {
    const state = teamAnswers([admin, manager]);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/add-team-member', async ({ request }) => {
        const body = (await request.json()) as Omit<TeamMember, 'id'>;
        sent.push(body);
        const added = teamMember({ id: 20, name: body.name, email: body.email, type: body.type });
        state.members.push(added);
        return okChecked(teamMemberSchema, added, { message: 'Team member added successfully.' });
      }),
    );
    const { user } = await renderStaffApp('/admin/manage-team', { as: 'Manager' });
    expect(await screen.findByRole('heading', { name: 'Manage Team' })).toBeInTheDocument();
    expect(document.title).toBe('Manage Team | Japan Arrival Card');

    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    for (const message of [
      'Please enter your name.',
      'Please enter your email.',
      'Please enter your password.',
      'Please select type.',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    // The types the server lets a Manager give: no Admin.
    const type = screen.getByLabelText('Type');
    expect([...type.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select type',
      'Manager',
      'Team',
      'Telecaller',
      'Night Staff',
    ]);

    await fill(user, screen.getByLabelText('Name'), 'Nina Newcomer');
    await fill(user, screen.getByLabelText('Email'), 'nina@arrivalcard.example');
    await fill(user, screen.getByLabelText('Password'), 'welcome-123');
    await user.selectOptions(type, 'Telecaller');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Team member added successfully.')).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Nina Newcomer', email: 'nina@arrivalcard.example', password: 'welcome-123', type: 'Telecaller' },
    ]);
    await screen.findByRole('cell', { name: 'nina@arrivalcard.example' });
    expect(rowOf('nina@arrivalcard.example')).toHaveTextContent('Telecaller');
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('edits a member from their row, an empty password keeping theirs', async () => {
    const nina = teamMember({ id: 20, name: 'Nina Newcomer', email: 'nina@arrivalcard.example', type: 'Telecaller' });
    const state = teamAnswers([admin, manager, nina]);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/update-team-member', async ({ request }) => {
        const body = (await request.json()) as TeamMember & { tmId: number };
        sent.push(body);
        const updated = teamMember({ id: body.tmId, name: body.name, email: body.email, type: body.type });
        state.members = state.members.map((m) => (m.id === body.tmId ? updated : m));
        return okChecked(teamMemberSchema, updated, { message: 'Team member updated successfully.' });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/manage-team', { as: 'Manager' });
    await screen.findByRole('cell', { name: nina.email });
    await user.click(within(rowOf(nina.email)).getByRole('link', { name: 'Edit' }));
    expect(location()).toBe(`/admin/manage-team/${encodeId(20)}`);
    expect(await screen.findByText('Edit Nina Newcomer')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Nina Newcomer')).toBe(screen.getByLabelText('Name'));
    await fill(user, screen.getByLabelText('Name'), 'Nina Renamed');
    await user.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await screen.findByText('Team member updated successfully.')).toBeInTheDocument();
    expect(sent).toEqual([
      { tmId: 20, name: 'Nina Renamed', email: 'nina@arrivalcard.example', password: '', type: 'Telecaller' },
    ]);
    expect(await screen.findByText('Add Team Member')).toBeInTheDocument();
    expect(location()).toBe('/admin/manage-team');
    expect(await screen.findByRole('cell', { name: 'Nina Renamed' })).toBeInTheDocument();
  });

  it('deletes a member after the spec confirmation', async () => {
    const nina = teamMember({ id: 20, name: 'Nina Newcomer', email: 'nina@arrivalcard.example', type: 'Telecaller' });
    const state = teamAnswers([admin, manager, nina]);
    const sent: unknown[] = [];
    server.use(
      http.put('/api/admin/delete-team-member', async ({ request }) => {
        const body = (await request.json()) as { teamMemberId: number };
        sent.push(body);
        state.members = state.members.filter((m) => m.id !== body.teamMemberId);
        return ok(null, {}, 'Team member deleted successfully.');
      }),
    );
    const { user } = await renderStaffApp('/admin/manage-team', { as: 'Manager' });
    await screen.findByRole('cell', { name: nina.email });
    await user.click(within(rowOf(nina.email)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Team member deleted successfully.')).toBeInTheDocument();
    expect(sent).toEqual([{ teamMemberId: 20 }]);
    await expect.poll(() => screen.queryByRole('cell', { name: nina.email })).toBeNull();
  });

  it('bears the product name alone on every other screen', async () => {
    teamAnswers([admin, manager]);
    server.use(http.get('/api/admin/get-orders-list/:folder', () => ok([], { totalRecords: 0 })));
    const { user } = await renderStaffApp('/admin/manage-team', { as: 'Manager' });
    expect(await screen.findByRole('heading', { name: 'Manage Team' })).toBeInTheDocument();
    // The title as the next screen's heading is first drawn, not once things have settled.
    const drawn = recordEveryDraw(() => ({ headings: headingTexts(), title: document.title }));
    await user.click(screen.getByRole('link', { name: /^Order History/ }));
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    const firstUnderOrderHistory = drawn.stop().find((page) => page.headings.includes('Order History'));
    expect(firstUnderOrderHistory?.title).toBe('Japan Arrival Card');
    expect(document.title).toBe('Japan Arrival Card');
  });

  it("keeps a Manager's hands off Admins and off their own account", async () => {
    teamAnswers([admin, manager, telecaller]);
    await renderStaffApp('/admin/manage-team', { as: 'Manager' });
    await screen.findByRole('cell', { name: admin.email });
    expect(rowOf(admin.email)).toHaveTextContent('Admin only');
    expect(rowOf(admin.email).querySelector('button')).toBeNull();
    const ownDelete = [...rowOf(manager.email).querySelectorAll('button')].find((b) => b.textContent === 'Delete')!;
    expect(ownDelete).toBeDisabled();
    expect(ownDelete).toHaveAttribute('title', 'You cannot delete your own account');
    // Security belongs to Admins: neither the requirement nor a member's Security button.
    expect(screen.queryByLabelText('Require two-factor sign-in for every member')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Security' })).not.toBeInTheDocument();
  });

  it('lets an Admin require two-factor sign-in for every member', async () => {
    teamAnswers([admin, telecaller]);
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/security-settings', () => okChecked(securitySettingsSchema, { requireTwoFactor: false })),
      http.post('/api/admin/security-settings', async ({ request }) => {
        sent.push(await request.json());
        server.use(
          http.get('/api/admin/security-settings', () => okChecked(securitySettingsSchema, { requireTwoFactor: true })),
        );
        return okChecked(
          securitySettingsSchema,
          { requireTwoFactor: true },
          { message: 'Two-factor sign-in is now required for every member.' },
        );
      }),
    );
    const { user } = await renderStaffApp('/admin/manage-team', { as: 'Admin' });
    const requirement = await screen.findByLabelText('Require two-factor sign-in for every member');
    await expect.poll(() => requirement).toBeEnabled();
    expect(requirement).not.toBeChecked();
    await user.click(requirement);
    expect(await screen.findByText('Two-factor sign-in is now required for every member.')).toBeInTheDocument();
    expect(requirement).toBeChecked();
    expect(sent).toEqual([{ required: true }]);
  });

  it("shows an Admin a member's second factor, sessions and events, and resets the second factor", async () => {
    teamAnswers([admin, telecaller]);
    const turnedOn: SecurityEvent = {
      event: 'Turned two-factor sign-in on',
      actorName: null,
      createdAt: '2026-11-19T08:00:00.000Z',
    };
    const security = {
      twoFactor: twoFactorStatus({ enabled: true, enabledAt: '2026-11-19T08:00:00.000Z', recoveryCodesLeft: 8 }),
      sessions: [sessionView({ device: 'Firefox on Windows' })],
      events: [turnedOn],
    };
    const sent: Record<string, unknown[]> = { reset: [], endAll: [] };
    server.use(
      http.get('/api/admin/security-settings', () => okChecked(securitySettingsSchema, { requireTwoFactor: false })),
      http.get(`/api/admin/team-member-security/${telecaller.id}`, () => okChecked(memberSecuritySchema, security)),
      http.post('/api/admin/reset-two-factor', async ({ request }) => {
        sent.reset!.push(await request.json());
        security.twoFactor = twoFactorStatus();
        security.sessions = [];
        security.events = [
          {
            event: 'Two-factor sign-in reset by Ada Admin',
            actorName: 'Ada Admin',
            createdAt: '2026-11-20T09:00:00.000Z',
          },
          turnedOn,
        ];
        return ok(null, {}, 'Two-factor sign-in has been reset.');
      }),
      http.post('/api/admin/end-member-sessions', async ({ request }) => {
        sent.endAll!.push(await request.json());
        security.sessions = [];
        return okChecked(sessionsEndedSchema, { ended: 1 }, { message: '1 session ended.' });
      }),
    );
    const { user } = await renderStaffApp('/admin/manage-team', { as: 'Admin' });
    await screen.findByRole('cell', { name: telecaller.email });
    await user.click(rowOf(telecaller.email).querySelector('button')!);
    const dialog = await screen.findByRole('dialog', { name: 'Security of Carla Telecaller' });
    expect(await screen.findByText(/^On since .*, 8 recovery codes left$/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Turned two-factor sign-in on');
    expect(dialog).toHaveTextContent('Firefox on Windows');

    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('1 session ended.')).toBeInTheDocument();
    expect(await screen.findByText('No active sessions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    expect(screen.getByText('Turn it off and end their sessions?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(await screen.findByText('Two-factor sign-in has been reset.')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor sign-in reset by Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(sent).toEqual({ reset: [{ teamMemberId: telecaller.id }], endAll: [{ teamMemberId: telecaller.id }] });
  });

  it('keeps a Team member out: no link to it, and the screen refuses them', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/get-team-member-list', () => {
        asked += 1;
        return okChecked(teamMemberSchema.array(), []);
      }),
    );
    await renderStaffApp('/admin/manage-team', { as: 'Team' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Manage Team/ })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
