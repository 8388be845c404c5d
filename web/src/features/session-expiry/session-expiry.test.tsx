/**
 * No lost work: the warning before a staff session ends, signing in again in place without losing the page or what
 * was typed, and the order page's unsent remark kept in the tab (per order) until it is sent; a session that ran out
 * keeps it, a deliberate logout forgets it. The session's clock runs on fake timers.
 */
import { cleanup, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remarkEntrySchema } from '../../../../shared/schemas/order-detail';
import { signedInMemberSchema, staffMemberSchema } from '../../../../shared/schemas/auth';
import { ok, okChecked, refused } from '../../../test/answers';
import { orderDetail, orderPagePath, remarkEntry } from '../../../test/fixtures/order-detail';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { MEMBERS, renderStaffApp, screen, signInAs, tokenFor } from '../../../test/render-app';
import { server } from '../../../test/server';

const TEAM = { ...MEMBERS.Team, email: 'tia@staff.example' };
const PASSWORD = 'the-right-password';

const storedToken = () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string }).accessToken;
const drafts = () => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:'));

/** The order page of `orderId`, signed in with whatever login is stored (the test stores it). */
async function openOrderPage(orderId: number) {
  const app = await renderStaffApp(orderPagePath(orderId), {
    as: null,
    user: vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : { delay: null },
  });
  await screen.findByRole('region', { name: 'Comment History' });
  return app;
}

/** Sign-in as the warning sends it: the right password gets a new token good for hours. */
function serveSignIn() {
  const attempts: unknown[] = [];
  const endedSessions: (string | null)[] = [];
  server.use(
    http.get('/api/user_info', () => okChecked(staffMemberSchema, TEAM)),
    http.post('/api/admin/admin-login', async ({ request }) => {
      const body = (await request.json()) as { password: string };
      attempts.push(body);
      if (body.password !== PASSWORD) return refused(401, 'Invalid email or password.');
      return ok(
        signedInMemberSchema.parse({ ...TEAM, twoFactorSetupRequired: false }),
        {
          jwtToken: tokenFor(MEMBERS.Team),
          deviceToken: 'device-1',
        },
        'Login successful',
      );
    }),
    http.post('/api/admin/logout', ({ request }) => {
      endedSessions.push(request.headers.get('authorization'));
      return ok(null);
    }),
  );
  return { attempts, endedSessions };
}

describe('the session warning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns before the session ends and signs in again in place: same page, the typed remark kept, the old session ended', async () => {
    const order = orderDetail();
    serveOrderPage(order);
    const { attempts, endedSessions } = serveSignIn();
    signInAs('Team', 6 * 60); // six minutes left: the warning comes a minute from now
    const oldToken = storedToken();
    const { user, location } = await openOrderPage(order.order_id);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Remark'), 'Hotel confirmed.');

    await vi.advanceTimersByTimeAsync(61_000);
    const warning = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(warning).toHaveTextContent(/It ends in [45]:\d\d\./);

    await user.type(within(warning).getByLabelText('Password'), 'not-the-password');
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    expect(await within(warning).findByText('Invalid email or password.')).toBeInTheDocument();
    expect(storedToken()).toBe(oldToken);

    await user.clear(within(warning).getByLabelText('Password'));
    await user.type(within(warning).getByLabelText('Password'), PASSWORD);
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    expect(await screen.findByText('You are signed in for another session.')).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    expect(attempts).toEqual([
      expect.objectContaining({ email: TEAM.email, password: 'not-the-password' }),
      expect.objectContaining({ email: TEAM.email, password: PASSWORD }),
    ]);
    expect(storedToken()).not.toBe(oldToken);
    expect(endedSessions).toEqual([`Bearer ${oldToken}`]);
    expect(location()).toBe(orderPagePath(order.order_id));
    expect(screen.getByLabelText('Remark')).toHaveValue('Hotel confirmed.');
    // Past the old session's end, nothing to warn about: the new session is hours long.
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the page usable after "Not now", and says when the session has ended', async () => {
    const order = orderDetail();
    serveOrderPage(order);
    serveSignIn();
    signInAs('Team', 6 * 60);
    const { user } = await openOrderPage(order.order_id);
    await vi.advanceTimersByTimeAsync(61_000);
    const warning = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    await user.click(within(warning).getByRole('button', { name: 'Not now' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    await user.type(screen.getByLabelText('Remark'), 'Still typing.');
    expect(screen.getByLabelText('Remark')).toHaveValue('Still typing.');

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const ended = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(ended).toHaveTextContent('Sign in again to carry on: this page and what you typed stay as they are.');
    expect(within(ended).queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
  });
});

describe("the remark's draft", () => {
  it('comes back when the page is opened again, until the remark is sent', async () => {
    const order = orderDetail();
    const state = serveOrderPage(order);
    server.use(
      http.post('/api/admin/add-new-remark', async ({ request }) => {
        const { remark } = (await request.json()) as { remark: string };
        const saved = remarkEntry({ remark });
        state.order = { ...state.order, remark: [saved] };
        return okSaying('Remark added successfully.', remarkEntrySchema, saved);
      }),
    );
    signInAs('Team');
    let { user } = await openOrderPage(order.order_id);
    await user.type(screen.getByLabelText('Remark'), 'Called the customer.');

    cleanup(); // the tab reloaded
    ({ user } = await openOrderPage(order.order_id));
    expect(screen.getByLabelText('Remark')).toHaveValue('Called the customer.');
    await user.click(screen.getByRole('button', { name: 'Submit Remark' }));
    expect(await screen.findByText('Remark added successfully.')).toBeInTheDocument();
    expect(drafts()).toEqual([]);

    cleanup();
    await openOrderPage(order.order_id);
    expect(screen.getByLabelText('Remark')).toHaveValue('');
  });

  it('is kept per order', async () => {
    serveOrderPage(orderDetail({ order_id: 200_001 }));
    signInAs('Team');
    const { user } = await openOrderPage(200_001);
    await user.type(screen.getByLabelText('Remark'), 'Draft for the first order.');

    cleanup();
    serveOrderPage(orderDetail({ order_id: 200_002 }));
    await openOrderPage(200_002);
    expect(screen.getByLabelText('Remark')).toHaveValue('');

    cleanup();
    serveOrderPage(orderDetail({ order_id: 200_001 }));
    await openOrderPage(200_001);
    expect(screen.getByLabelText('Remark')).toHaveValue('Draft for the first order.');
  });

  it('survives a session the server ended: signed in again in the tab, the text is back', async () => {
    const order = orderDetail();
    serveOrderPage(order);
    server.use(
      http.post('/api/admin/add-new-remark', () => refused(401, 'Your session has ended. Please sign in again.')),
    );
    signInAs('Team');
    const { user, location } = await openOrderPage(order.order_id);
    await user.type(screen.getByLabelText('Remark'), 'Written as the session ran out.');
    await user.click(screen.getByRole('button', { name: 'Submit Remark' }));
    await expect.poll(location).toBe('/');
    expect(storedToken()).toBeUndefined();
    expect(drafts()).toHaveLength(1);

    cleanup();
    signInAs('Team');
    await openOrderPage(order.order_id);
    expect(screen.getByLabelText('Remark')).toHaveValue('Written as the session ran out.');
  });

  it('is forgotten by a deliberate logout', async () => {
    const order = orderDetail();
    serveOrderPage(order);
    signInAs('Team');
    const { user } = await openOrderPage(order.order_id);
    await user.type(screen.getByLabelText('Remark'), 'Not to be kept.');
    expect(drafts()).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Logout' }));
    await expect.poll(storedToken).toBeUndefined();
    expect(drafts()).toEqual([]);

    cleanup();
    signInAs('Team');
    await openOrderPage(order.order_id);
    expect(screen.getByLabelText('Remark')).toHaveValue('');
  });
});
