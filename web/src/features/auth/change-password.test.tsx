/** Change Password: the spec's length rule, and a changed password signs the member out (roles.md#passwords). */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/answers';
import { renderStaffApp, screen } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { server } from '../../../test/server';

describe('Change Password', () => {
  it('asks for 6 characters or more, then changes the password and signs the member out', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/change-password', async ({ request }) => {
        sent.push(await request.json());
        return ok(null, {}, 'Password changed successfully. Please sign in again.');
      }),
    );
    const { user, location } = await renderStaffApp('/admin/change-password', { as: 'Telecaller' });
    const field = await screen.findByLabelText('New Password');
    await fill(user, field, '12345');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('New Password must be at least 6 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(user, field, 'fresh-password-9');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password changed successfully. Please sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
    expect(sent).toEqual([{ newPassword: 'fresh-password-9' }]);
  });

  it('is not offered to Night Staff', async () => {
    await renderStaffApp('/admin/change-password', { as: 'Night Staff' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});
