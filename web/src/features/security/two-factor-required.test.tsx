/**
 * An Admin requires two-factor sign-in while a member without it is at work: the member's next call, or the end of
 * their event stream, takes them to the set-up, where they comply and go on.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { okChecked, refused } from '../../../test/answers';
import { RECOVERY_CODES, sessionView, twoFactorStatus } from '../../../test/fixtures/staff';
import { act, waitFor } from '@testing-library/react';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { headingTexts, recordEveryDraw } from '../../../test/every-draw';
import { liveStreamControl, server } from '../../../test/server';
import {
  recoveryCodesSchema,
  sessionViewSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../../shared/schemas/auth';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../../shared/sign-in';
import { goToTwoFactorSetup } from '../../lib/api';

/**
 * The member's own security page (where the test starts) and the set-up calls, as the server answers them; `onEnabled`
 * runs as the server turns the second factor on.
 */
function securityAnswers(onEnabled = () => {}) {
  server.use(
    http.get('/api/admin/two-factor', () => okChecked(twoFactorStatusSchema, twoFactorStatus())),
    http.get('/api/admin/sessions', () =>
      okChecked(sessionViewSchema.array(), [
        sessionView({ id: '6f1c2b8e-0000-4000-8000-0000000000aa', current: true, device: 'Chrome on Linux' }),
      ]),
    ),
    http.post('/api/admin/two-factor/setup', () =>
      okChecked(twoFactorSetupSchema, {
        secret: 'KRSXG5CTMVRXEZLU',
        otpauthUrl: 'otpauth://totp/Japan%20Arrival%20Card:tia?secret=KRSXG5CTMVRXEZLU',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    ),
    http.post('/api/admin/two-factor/enable', () => {
      onEnabled();
      return okChecked(
        recoveryCodesSchema,
        { recoveryCodes: RECOVERY_CODES },
        { message: 'Two-factor sign-in is on.' },
      );
    }),
  );
}

describe('two-factor sign-in required while a member is signed in', () => {
  it("takes the member to the set-up at their next call's 403, and back to work once it is on", async () => {
    // The requirement came while the member read their security page: the server refuses their next calls until
    // the second factor is on.
    let setUp = false;
    securityAnswers(() => {
      setUp = true;
    });
    server.use(
      http.post('/api/admin/get-country-order-count', () => refused(403, TWO_FACTOR_SETUP_REQUIRED)),
      http.get('/api/admin/get-orders-list/:folder', () =>
        setUp
          ? okChecked(orderListRowSchema.array(), [], { totalRecords: 0 })
          : refused(403, TWO_FACTOR_SETUP_REQUIRED),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/security', { as: 'Team' });
    expect(await screen.findByRole('heading', { name: 'Sign-in & Security' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Country Order List' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(location()).toBe('/two-factor-setup');
    expect(screen.getByText(/Your Admin requires a second step at sign-in for every member/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await fill(user, await screen.findByLabelText('Code from the app'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByRole('link', { name: /New Orders/ })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('keeps the member at the set-up when they go back to the page they left', async () => {
    // Every call but the set-up's is refused once the requirement has come: the security page's own too.
    let required = false;
    server.use(
      http.get('/api/admin/two-factor', () =>
        required ? refused(403, TWO_FACTOR_SETUP_REQUIRED) : okChecked(twoFactorStatusSchema, twoFactorStatus()),
      ),
      http.get('/api/admin/sessions', () =>
        required
          ? refused(403, TWO_FACTOR_SETUP_REQUIRED)
          : okChecked(sessionViewSchema.array(), [sessionView({ current: true })]),
      ),
    );
    const { location, back } = await renderStaffApp('/admin/security', { as: 'Team' });
    expect(await screen.findByRole('heading', { name: 'Sign-in & Security' })).toBeInTheDocument();
    // The requirement comes, and a call's 403 says so (what the API client does with such an answer).
    required = true;
    act(() => goToTwoFactorSetup());
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();

    // Every state drawn from here on: the page left behind must not show again, not even for a moment, nor its
    // address (where a refused page would show its error).
    const drawn = recordEveryDraw(() => ({ address: location(), headings: headingTexts() }));
    await back();
    await waitFor(() => expect(location()).toBe('/two-factor-setup'));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    const states = drawn.stop();
    expect(states.map((state) => state.address).filter((address) => address !== '/two-factor-setup')).toEqual([]);
    expect(states.flatMap((state) => state.headings)).not.toContain('Sign-in & Security');
  });

  it('takes the member to the set-up when their event stream ends for it', async () => {
    securityAnswers();
    const live = liveStreamControl(MEMBERS.Team.id);
    server.use(live.handler);
    const { location } = await renderStaffApp('/admin/security', { as: 'Team' });
    expect(await screen.findByRole('heading', { name: 'Sign-in & Security' })).toBeInTheDocument();
    await expect.poll(() => live.requests.length).toBeGreaterThan(0);

    live.send('end', { message: TWO_FACTOR_SETUP_REQUIRED });
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(location()).toBe('/two-factor-setup');
  });
});
