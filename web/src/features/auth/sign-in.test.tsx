/**
 * The sign-in page as a member meets it (the small sign-in app main.tsx starts at `/`): the spec's messages, the
 * server's refusal, the hand-over to the staff app with its message, the two-factor code step (app code or recovery
 * code) and the set-up an Admin requires; a damaged stored login, and a session the server ends.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok, okChecked, refused } from '../../../test/answers';
import { RECOVERY_CODES, codeNeeded, signedIn } from '../../../test/fixtures/staff';
import { MEMBERS, renderStaffApp, screen, signInAs } from '../../../test/render-app';
import { openSignInApp } from '../../../test/render-small-apps';
import { fill } from '../../../test/fill';
import { server } from '../../../test/server';
import { recoveryCodesSchema, twoFactorSetupSchema } from '../../../../shared/schemas/auth';

/** The home queue the staff app opens on after a sign-in, empty. */
const homeQueue = http.get('/api/admin/get-orders-list/:folder', () => ok([], { totalRecords: 0 }));

/** Captures what each sign-in call was sent. */
function recordBodies() {
  const bodies: Record<string, unknown>[] = [];
  return {
    bodies,
    async keep(request: Request) {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
    },
  };
}

async function typeCredentials(user: Awaited<ReturnType<typeof openSignInApp>>['user'], email: string) {
  await fill(user, screen.getByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in page', () => {
  it('asks for both fields and a well-formed e-mail with the spec messages, sending nothing', async () => {
    const asked = recordBodies();
    server.use(http.post('/api/admin/admin-login', async ({ request }) => (await asked.keep(request), ok(null))));
    const { user } = await openSignInApp();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(asked.bodies).toEqual([]);
  });

  it("shows the server's refusal in a toast and stays on the page", async () => {
    server.use(http.post('/api/admin/admin-login', () => refused(401, 'Invalid email or password.')));
    const { user, location } = await openSignInApp();
    await typeCredentials(user, 'nobody@arrivalcard.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(location()).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('hands a completed sign-in to the staff app, which greets the member with the message and keeps the login', async () => {
    const asked = recordBodies();
    localStorage.setItem('device', 'device-seen-before');
    server.use(
      homeQueue,
      http.post('/api/admin/admin-login', async ({ request }) => (await asked.keep(request), signedIn(MEMBERS.Team))),
    );
    const { user, location } = await openSignInApp();
    await typeCredentials(user, '  tia.team@arrivalcard.example ');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Welcome Tia Team' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    // The e-mail trimmed; this browser's device token from an earlier sign-in sent along.
    expect(asked.bodies).toEqual([
      { email: 'tia.team@arrivalcard.example', password: 'correct-horse', deviceToken: 'device-seen-before' },
    ]);
    expect(JSON.parse(localStorage.getItem('user')!).accessToken).toMatch(/^ey/);
    expect(localStorage.getItem('device')).toBe('device-of-3');
  });

  it('sends a browser already signed in straight to the staff app', async () => {
    server.use(homeQueue);
    signInAs('Manager');
    const { location } = await openSignInApp();
    expect(await screen.findByRole('button', { name: 'Welcome Max Manager' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('asks a member with two-factor sign-in for a code, refuses a wrong one with its message, and signs in with the right one', async () => {
    const verified = recordBodies();
    server.use(
      homeQueue,
      http.post('/api/admin/admin-login', () => codeNeeded('otp-for-tia')),
      http.post('/api/admin/verify-otp', async ({ request }) => {
        await verified.keep(request);
        return verified.bodies.length === 1
          ? refused(401, 'The code is not valid. Please try again.')
          : signedIn(MEMBERS.Team);
      }),
    );
    const { user, location } = await openSignInApp();
    await typeCredentials(user, 'tia.team@arrivalcard.example');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter the code.')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid. Please try again.');
    expect(location()).toBe('/');

    await fill(user, screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Welcome Tia Team' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(verified.bodies.map(({ otpToken, code }) => ({ otpToken, code }))).toEqual([
      { otpToken: 'otp-for-tia', code: '000000' },
      { otpToken: 'otp-for-tia', code: '123456' },
    ]);
  });

  it('takes a recovery code in place of the app code', async () => {
    const verified = recordBodies();
    server.use(
      homeQueue,
      http.post('/api/admin/admin-login', () => codeNeeded()),
      http.post(
        '/api/admin/verify-otp',
        async ({ request }) => (await verified.keep(request), signedIn(MEMBERS.Admin)),
      ),
    );
    const { user } = await openSignInApp();
    await typeCredentials(user, 'ada.admin@arrivalcard.example');
    expect(await screen.findByText(/or one of your recovery codes/)).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Code'), RECOVERY_CODES[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Welcome Ada Admin' })).toBeInTheDocument();
    expect(verified.bodies[0]).toMatchObject({ code: RECOVERY_CODES[0] });
  });

  it('leads a member whose Admin requires two-factor sign-in to set it up, then into the staff app', async () => {
    const enabled = recordBodies();
    server.use(
      homeQueue,
      http.post('/api/admin/admin-login', () => signedIn(MEMBERS.Telecaller, { twoFactorSetupRequired: true })),
      http.post('/api/admin/two-factor/setup', () =>
        okChecked(twoFactorSetupSchema, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Japan%20Arrival%20Card:tom?secret=JBSWY3DPEHPK3PXP',
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
      http.post('/api/admin/two-factor/enable', async ({ request }) => {
        await enabled.keep(request);
        return okChecked(
          recoveryCodesSchema,
          { recoveryCodes: RECOVERY_CODES },
          { message: 'Two-factor sign-in is on.' },
        );
      }),
    );
    const { user, location } = await openSignInApp();
    await typeCredentials(user, 'tom.telecaller@arrivalcard.example');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(location()).toBe('/two-factor-setup');
    expect(screen.getByText(/Welcome Tom Telecaller\. Your Admin requires a second step/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(enabled.bodies).toEqual([{ code: '654321' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByRole('button', { name: 'Welcome Tom Telecaller' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });
});

describe('a damaged stored login', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  // jwt-decode's four failures (product: messages.md#token-errors), and an entry that is not JSON at all.
  const damaged: Record<string, string> = {
    'not JSON': 'not json at all',
    'no token string': JSON.stringify({ accessToken: 42 }),
    'a missing part': JSON.stringify({ accessToken: 'onlyonepart' }),
    'invalid base64': JSON.stringify({ accessToken: `${b64('{}')}.%%%%.sig` }),
    'invalid JSON': JSON.stringify({ accessToken: `${b64('{}')}.${b64('not json')}.sig` }),
  };

  it.each(Object.entries(damaged))(
    '(%s) on a staff address: "Invalid token specified", the entry removed, the sign-in page',
    async (_what, stored) => {
      localStorage.setItem('user', stored);
      const { location } = await renderStaffApp('/admin/recent-order', { as: null });
      expect(await screen.findByText('Invalid token specified')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(location()).toBe('/');
      expect(localStorage.getItem('user')).toBeNull();
    },
  );

  it('on a first visit to the sign-in page: the same message, and the entry removed', async () => {
    localStorage.setItem('user', damaged['not JSON']!);
    await openSignInApp();
    expect(await screen.findByText('Invalid token specified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('is not claimed when there is no stored login', async () => {
    const { location } = await renderStaffApp('/admin/recent-order', { as: null });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByText('Invalid token specified')).not.toBeInTheDocument();
  });

  it('is not claimed for a token that decodes but has expired', async () => {
    signInAs('Team', -60);
    const { location } = await renderStaffApp('/admin/recent-order', { as: null });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByText('Invalid token specified')).not.toBeInTheDocument();
  });
});

describe('a session the server ends', () => {
  it('on a 401: its message, the login forgotten, back at the sign-in page', async () => {
    server.use(
      http.get('/api/admin/two-factor', () => refused(401, 'Your session has ended. Please sign in again.')),
      http.get('/api/admin/sessions', () => ok([])),
    );
    const { location } = await renderStaffApp('/admin/security', { as: 'Manager' });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('Logout in the member menu ends the session on the server and returns to the sign-in page', async () => {
    const loggedOut: (string | null)[] = [];
    server.use(
      homeQueue,
      http.post('/api/admin/logout', ({ request }) => {
        loggedOut.push(request.headers.get('authorization'));
        return ok(null, {}, 'You have been signed out.');
      }),
    );
    const { user, location } = await renderStaffApp('/admin', { as: 'Team' });
    const token = JSON.parse(localStorage.getItem('user')!).accessToken as string;
    await user.click(await screen.findByRole('button', { name: 'Welcome Tia Team' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
    expect(loggedOut).toEqual([`Bearer ${token}`]);
  });
});
