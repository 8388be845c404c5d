/**
 * Sign-in & Security as a member uses it: turning two-factor sign-in on with a code (the recovery codes shown once),
 * turning it off, the sessions where they are signed in (one ended), and Sign out everywhere.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok, okChecked, refused } from '../../../test/answers';
import { RECOVERY_CODES, sessionView, twoFactorStatus } from '../../../test/fixtures/staff';
import { renderStaffApp, screen } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { server } from '../../../test/server';
import {
  recoveryCodesSchema,
  sessionViewSchema,
  sessionsEndedSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type TwoFactorStatus,
} from '../../../../shared/schemas/auth';

const thisBrowser = sessionView({
  id: '6f1c2b8e-0000-4000-8000-0000000000aa',
  current: true,
  device: 'Chrome on Linux',
});
const phone = sessionView({
  id: '6f1c2b8e-0000-4000-8000-0000000000bb',
  device: 'Safari on iPhone',
  ip: '198.51.100.23',
});

/** The member's two-factor state and sessions as the server holds them; a test changes them as the server would. */
function securityAnswers(twoFactor: TwoFactorStatus, sessions = [thisBrowser, phone]) {
  const state = { twoFactor, sessions };
  server.use(
    http.get('/api/admin/two-factor', () => okChecked(twoFactorStatusSchema, state.twoFactor)),
    http.get('/api/admin/sessions', () => okChecked(sessionViewSchema.array(), state.sessions)),
  );
  return state;
}

describe('Sign-in & Security', () => {
  it('turns two-factor sign-in on with a code from the app, refusing a wrong one, and shows the recovery codes once', async () => {
    const state = securityAnswers(twoFactorStatus());
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/two-factor/setup', () =>
        okChecked(twoFactorSetupSchema, {
          secret: 'KRSXG5CTMVRXEZLU',
          otpauthUrl: 'otpauth://totp/Japan%20Arrival%20Card:tia?secret=KRSXG5CTMVRXEZLU',
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
      http.post('/api/admin/two-factor/enable', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        if (body.code !== '246810') return refused(400, 'The code is not valid. Please try again.');
        state.twoFactor = twoFactorStatus({
          enabled: true,
          enabledAt: '2026-11-20T10:00:00.000Z',
          recoveryCodesLeft: 10,
        });
        return okChecked(
          recoveryCodesSchema,
          { recoveryCodes: RECOVERY_CODES },
          { message: 'Two-factor sign-in is on.' },
        );
      }),
    );
    const { user } = await renderStaffApp('/admin/security', { as: 'Team' });
    expect(await screen.findByRole('heading', { name: 'Sign-in & Security' })).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('KRSXG5CTMVRXEZLU')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Please enter the code.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is not valid. Please try again.')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Code from the app'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect([...codes.querySelectorAll('li')].map((li) => li.textContent)).toEqual(RECOVERY_CODES);
    expect(sent).toEqual([{ code: '111111' }, { code: '246810' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with a current code', async () => {
    const on = { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', recoveryCodesLeft: 7 };
    const state = securityAnswers(twoFactorStatus(on));
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/two-factor/disable', async ({ request }) => {
        sent.push(await request.json());
        state.twoFactor = twoFactorStatus();
        return ok(null, {}, 'Two-factor sign-in is off.');
      }),
    );
    const { user } = await renderStaffApp('/admin/security', { as: 'Telecaller' });
    expect(await screen.findByText('7 of 10 recovery codes left.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('To turn it off, enter a current code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(sent).toEqual([{ code: '135790' }]);
  });

  it('stays on, with no Turn off, when an Admin requires it', async () => {
    securityAnswers(
      twoFactorStatus({ enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', required: true, recoveryCodesLeft: 9 }),
    );
    await renderStaffApp('/admin/security', { as: 'Team' });
    expect(
      await screen.findByText('An Admin requires two-factor sign-in for every member, so it stays on.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('lists where the member is signed in and ends another session', async () => {
    const state = securityAnswers(twoFactorStatus());
    const ended: unknown[] = [];
    server.use(
      http.post('/api/admin/end-session', async ({ request }) => {
        ended.push(await request.json());
        state.sessions = [thisBrowser];
        return ok(null, {}, 'The session has ended.');
      }),
    );
    const { user } = await renderStaffApp('/admin/security', { as: 'Team' });
    const phoneRow = (await screen.findByText('Safari on iPhone')).closest('tr')!;
    expect(phoneRow).toHaveTextContent('198.51.100.23');
    const browserRow = screen.getByText('This browser').closest('tr')!;
    expect(browserRow).toHaveTextContent('Chrome on Linux');
    // This browser's own session is ended by Logout, not from the list.
    expect(browserRow.querySelector('button')).toBeNull();

    await user.click(phoneRow.querySelector('button')!);
    expect(await screen.findByText('The session has ended.')).toBeInTheDocument();
    expect(ended).toEqual([{ sessionId: phone.id }]);
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('signs out everywhere after a confirmation, this browser included', async () => {
    securityAnswers(twoFactorStatus());
    let called = 0;
    server.use(
      http.post('/api/admin/logout-everywhere', () => {
        called += 1;
        return okChecked(sessionsEndedSchema, { ended: 2 }, { message: 'You have been signed out everywhere.' });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/security', { as: 'Team' });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sign out of every browser and device, this one included?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have been signed out everywhere.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
    expect(called).toBe(1);
  });
});
