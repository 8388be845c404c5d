/** Two-factor sign-in: set-up, sign-in with a code, codes accepted once, recovery codes, Admin requirement and reset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { staffRecoveryCodes, staffSecurityEvents, teamMembers } from '../../db/schema';
import { buildTestApp, TEST_PASSWORD, type TestContext } from '../../test/helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const post = (url: string, headers: Headers | undefined, payload: object = {}, ip = '10.30.0.1') =>
  t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: ip });
const login = (email: string, ip = '10.30.0.1') =>
  post('/api/admin/admin-login', undefined, { email, password: TEST_PASSWORD }, ip);

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Turns two-factor on for a new member; returns the secret and the recovery codes. */
async function memberWithTwoFactor(role: 'Team' | 'Manager' | 'Admin' = 'Team') {
  const { member, headers } = await t.loginAs(role);
  const setup = await post('/api/admin/two-factor/setup', headers);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json().data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const enabledWith = codeAt(secret);
  const enabled = await post('/api/admin/two-factor/enable', headers, { code: enabledWith });
  expect(enabled.json()).toMatchObject({ status: 1, message: 'Two-factor sign-in is on.' });
  const recoveryCodes = enabled.json().data.recoveryCodes as string[];
  return { member, headers, secret, recoveryCodes, enabledWith };
}

describe('turning two-factor sign-in on', () => {
  it('keeps the secret encrypted and the recovery codes hashed, and refuses a wrong first code', async () => {
    const { member, headers } = await t.loginAs('Telecaller');
    const { secret } = (await post('/api/admin/two-factor/setup', headers)).json().data;
    const wrong = await post('/api/admin/two-factor/enable', headers, {
      code: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The code is not valid. Please try again.');
    const [pending] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(pending!.totpEnabledAt).toBeNull();
    expect(pending!.totpPendingSecret).not.toContain(secret);

    const on = await post('/api/admin/two-factor/enable', headers, { code: codeAt(secret) });
    const codes = on.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberId, member.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    const status = await t.app.inject({ url: '/api/admin/two-factor', headers });
    expect(status.json().data).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password (status 2, no jwtToken), then signs in with it', async () => {
    const { member, secret, enabledWith } = await memberWithTwoFactor('Manager');
    const first = await login(member.email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ status: 2, data: { otpToken: expect.any(String) } });
    expect(body.jwtToken).toBeUndefined();
    // The one-time token is no staff token.
    expect(
      (await t.app.inject({ url: '/api/user_info', headers: { authorization: `Bearer ${body.data.otpToken}` } }))
        .statusCode,
    ).toBe(401);

    // The code used to turn it on was accepted once already; the next step's code is new. (The codes are kept, not
    // worked out again: a 30-second step could end in between and give another code.)
    const reused = await post('/api/admin/verify-otp', undefined, {
      otpToken: body.data.otpToken,
      code: enabledWith,
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('The code is not valid. Please try again.');
    const nextCode = codeAt(secret, 1);
    const signedIn = await post('/api/admin/verify-otp', undefined, {
      otpToken: body.data.otpToken,
      code: nextCode,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      status: 1,
      message: 'Login successful',
      data: { id: member.id, type: 'Manager' },
    });
    const headers = { authorization: `Bearer ${signedIn.json().jwtToken}` };
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(200);

    // The same code a second time: refused.
    const again = (await login(member.email)).json().data.otpToken;
    expect((await post('/api/admin/verify-otp', undefined, { otpToken: again, code: nextCode })).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { member, recoveryCodes } = await memberWithTwoFactor();
    const otpToken = (await login(member.email)).json().data.otpToken;
    const used = await post('/api/admin/verify-otp', undefined, { otpToken, code: recoveryCodes[3]!.toUpperCase() });
    expect(used.statusCode).toBe(200);
    const otpToken2 = (await login(member.email)).json().data.otpToken;
    expect(
      (await post('/api/admin/verify-otp', undefined, { otpToken: otpToken2, code: recoveryCodes[3] })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/admin/verify-otp', undefined, { otpToken: otpToken2, code: recoveryCodes[4] })).statusCode,
    ).toBe(200);
    const rows = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberId, member.id));
    expect(rows.filter((r) => r.usedAt !== null)).toHaveLength(2);
  });

  it('limits codes like passwords: parallel guesses check at most the limit', async () => {
    const { member } = await memberWithTwoFactor();
    const otpToken = (await login(member.email, '10.31.0.1')).json().data.otpToken;
    const codes = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post('/api/admin/verify-otp', undefined, { otpToken, code: String(100000 + i) }, '10.31.0.1'),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(35);
  });

  it('refuses a made-up one-time token', async () => {
    const res = await post('/api/admin/verify-otp', undefined, { otpToken: 'abc.def.ghi', code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in took too long. Please enter your email and password again.');
  });
});

describe('an Admin requiring two-factor sign-in', () => {
  it('sends a member without it to set-up: only the set-up routes answer until it is on', async () => {
    const admin = await memberWithTwoFactor('Admin');
    const manager = await t.loginAs('Manager');
    expect((await post('/api/admin/security-settings', manager.headers, { required: true })).statusCode).toBe(403);
    const required = await post('/api/admin/security-settings', admin.headers, { required: true });
    expect(required.json()).toMatchObject({ status: 1, data: { requireTwoFactor: true } });
    try {
      const { member } = await t.loginAs('Team');
      const signedIn = await login(member.email, '10.32.0.1');
      expect(signedIn.json()).toMatchObject({ status: 1, data: { twoFactorSetupRequired: true } });
      const headers = { authorization: `Bearer ${signedIn.json().jwtToken}` };
      const queue = await t.app.inject({ url: '/api/admin/get-folder-count', headers });
      expect(queue.statusCode).toBe(403);
      expect(queue.json().message).toBe(
        'Two-factor sign-in is required for your account. Please set it up to continue.',
      );
      const { secret } = (await post('/api/admin/two-factor/setup', headers)).json().data;
      expect((await post('/api/admin/two-factor/enable', headers, { code: codeAt(secret) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/admin/get-folder-count', headers })).statusCode).toBe(200);
      // While required it cannot be turned off.
      const off = await post('/api/admin/two-factor/disable', headers, { code: codeAt(secret, 1) });
      expect(off.statusCode).toBe(403);
    } finally {
      await post('/api/admin/security-settings', admin.headers, { required: false });
    }
  });

  it('stops at once the sessions already open without a second factor; those with one go on', async () => {
    const admin = await memberWithTwoFactor('Admin');
    const withoutFactor = await t.loginAs('Team');
    const stillWithout = await t.loginAs('Night Staff');
    const { member, secret } = await memberWithTwoFactor('Team');
    const otpToken = (await login(member.email, '10.34.0.1')).json().data.otpToken;
    const signedIn = await post('/api/admin/verify-otp', undefined, { otpToken, code: codeAt(secret, 1) }, '10.34.0.1');
    expect(signedIn.json()).toMatchObject({ status: 1 });
    const withFactor = { authorization: `Bearer ${signedIn.json().jwtToken}` };
    const folderCount = (headers: Headers) => t.app.inject({ url: '/api/admin/get-folder-count', headers });
    for (const headers of [withoutFactor.headers, stillWithout.headers, withFactor])
      expect((await folderCount(headers)).statusCode).toBe(200);

    expect((await post('/api/admin/security-settings', admin.headers, { required: true })).statusCode).toBe(200);
    try {
      // The very next call, not the session's expiry.
      const refused = await folderCount(withoutFactor.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        status: 0,
        message: 'Two-factor sign-in is required for your account. Please set it up to continue.',
      });
      expect(
        (await t.app.inject({ url: '/api/admin/get-orders-list/newOrder', headers: stillWithout.headers })).statusCode,
      ).toBe(403);
      expect((await folderCount(withFactor)).statusCode).toBe(200);
      expect((await folderCount(admin.headers)).statusCode).toBe(200);

      // The set-up stays in reach, and once it is done the same session works again.
      expect((await t.app.inject({ url: '/api/user_info', headers: withoutFactor.headers })).statusCode).toBe(200);
      const status = await t.app.inject({ url: '/api/admin/two-factor', headers: withoutFactor.headers });
      expect(status.json().data).toMatchObject({ enabled: false, required: true });
      const setup = await post('/api/admin/two-factor/setup', withoutFactor.headers);
      expect(setup.statusCode).toBe(200);
      const code = codeAt(setup.json().data.secret);
      expect((await post('/api/admin/two-factor/enable', withoutFactor.headers, { code })).statusCode).toBe(200);
      expect((await folderCount(withoutFactor.headers)).statusCode).toBe(200);
      expect((await folderCount(stillWithout.headers)).statusCode).toBe(403);
    } finally {
      await post('/api/admin/security-settings', admin.headers, { required: false });
    }
    // No longer required: the session that never set it up goes on.
    expect((await folderCount(stillWithout.headers)).statusCode).toBe(200);
  });

  it('is refused to an Admin without a second factor of their own (409), and nothing changes', async () => {
    const admin = await t.loginAs('Admin');
    const refused = await post('/api/admin/security-settings', admin.headers, { required: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 0,
      message:
        'Turn on your own two-factor sign-in first (Sign-in & Security): once it is required, a session without it can only set it up.',
    });
    const settings = await t.app.inject({ url: '/api/admin/security-settings', headers: admin.headers });
    expect(settings.json().data).toEqual({ requireTwoFactor: false });
    expect((await t.app.inject({ url: '/api/admin/get-folder-count', headers: admin.headers })).statusCode).toBe(200);
  });

  it("resets a member's second factor: it is off, their sessions end, and the reset is recorded", async () => {
    const admin = await t.loginAs('Admin', { name: 'Ada Admin' });
    const { member, headers } = await memberWithTwoFactor();
    const manager = await t.loginAs('Manager');
    expect((await post('/api/admin/reset-two-factor', manager.headers, { teamMemberId: member.id })).statusCode).toBe(
      403,
    );
    const reset = await post('/api/admin/reset-two-factor', admin.headers, { teamMemberId: member.id });
    expect(reset.json()).toMatchObject({ status: 1, message: 'Two-factor sign-in has been reset.' });
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(
      await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, member.id)),
    ).toEqual([]);
    const events = await t.database.db
      .select()
      .from(staffSecurityEvents)
      .where(eq(staffSecurityEvents.memberId, member.id));
    expect(events.map((e) => e.event)).toContain('Two-factor sign-in reset by Ada Admin');
    // The password alone signs in again.
    expect((await login(member.email, '10.33.0.1')).json()).toMatchObject({ status: 1 });
    const view = await t.app.inject({ url: `/api/admin/team-member-security/${member.id}`, headers: admin.headers });
    expect(view.json().data.twoFactor).toMatchObject({ enabled: false });
    expect(view.json().data.events[0]).toMatchObject({
      event: 'Two-factor sign-in reset by Ada Admin',
      actorName: 'Ada Admin',
    });
  });
});
