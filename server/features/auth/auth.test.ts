import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { teamMembers } from '../../db/schema';
import { LOGIN_LIMITS } from './auth.service';
import { STAFF_CACHE_MS } from '../../lib/auth';
import { buildApp } from '../../app';
import { sessionToken } from './sessions.service';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/admin/admin-login', () => {
  it('signs in with the right password and returns a token carrying user.{id,name,type}', async () => {
    const { member } = await t.loginAs('Manager', { name: 'Mia Manager' });
    const res = await login(`  ${member.email.toUpperCase()} `, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Login successful',
      data: { id: member.id, name: 'Mia Manager', type: 'Manager' },
    });
    const payload = JSON.parse(Buffer.from(body.jwtToken.split('.')[1], 'base64url').toString());
    expect(payload.user).toEqual({ id: member.id, name: 'Mia Manager', type: 'Manager' });
    expect(payload.exp - payload.iat).toBe(8 * 3600);

    const info = await t.app.inject({ url: '/api/user_info', headers: { authorization: `Bearer ${body.jwtToken}` } });
    expect(info.json()).toEqual({
      status: 1,
      message: 'Success',
      data: { id: member.id, name: 'Mia Manager', email: member.email, type: 'Manager' },
    });
  });

  it('refuses a wrong password with 401 and the same message as an unknown e-mail', async () => {
    const { member } = await t.loginAs('Team');
    const wrong = await login(member.email, 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody@staff.example', 'whatever', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, message: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 with the spec validation messages per field', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Email Address is required', password: 'Password is required' });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(invalid.json().errors).toEqual({ email: 'Invalid email address' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: {} });
    expect(missing.json().errors).toEqual({ email: 'Email Address is required', password: 'Password is required' });
  });

  it('refuses an account from one address after repeated failures, even with the right password, with 429', async () => {
    const { member } = await t.loginAs('Telecaller');
    for (let i = 0; i < LOGIN_LIMITS.accountSource.limit; i++) {
      expect((await login(member.email, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(member.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the rightful member in from another address while a stranger is refused', async () => {
    const { member } = await t.loginAs('Team');
    for (let i = 0; i < 3 * LOGIN_LIMITS.accountSource.limit; i++) await login(member.email, 'guess', '10.66.0.1');
    expect((await login(member.email, TEST_PASSWORD, '10.66.0.1')).statusCode).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, '10.3.0.7')).statusCode).toBe(200);
  });

  it('lets a browser that signed in before (its device token) in while strangers everywhere have used up the account', async () => {
    const { member } = await t.loginAs('Team');
    const first = await login(member.email, TEST_PASSWORD, '10.4.0.1');
    const deviceToken = first.json().deviceToken as string;
    // Guessing spread over many addresses fills the account's bucket for untrusted browsers.
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++)
      await login(member.email, 'guess', `10.5.${Math.floor(i / 4)}.${i % 4}`);
    expect((await login(member.email, 'guess', '10.5.99.1')).statusCode).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, '10.4.9.9')).statusCode).toBe(429);
    const trusted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      remoteAddress: '10.4.9.9',
      payload: { email: member.email, password: TEST_PASSWORD, deviceToken },
    });
    expect(trusted.statusCode).toBe(200);
    // A device token is its account's only: with another account it counts as an untrusted browser.
    const other = await t.loginAs('Team');
    for (let i = 0; i < LOGIN_LIMITS.accountSource.limit; i++) await login(other.member.email, 'guess', '10.4.9.8');
    const misused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      remoteAddress: '10.4.9.8',
      payload: { email: other.member.email, password: TEST_PASSWORD, deviceToken },
    });
    expect(misused.statusCode).toBe(429);
  });
});

describe('password spraying', () => {
  it('limits attempts from one address across accounts; a success gives its attempt back', async () => {
    const { member } = await t.loginAs('Team');
    for (let i = 0; i < LOGIN_LIMITS.source.limit - 1; i++)
      await login(`someone${i}@staff.example`, 'wrong', '10.9.9.9');
    expect((await login(member.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(200); // the 30th, given back
    expect((await login('someone-else@staff.example', 'wrong', '10.9.9.9')).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('staff token checks', () => {
  it('answers 401 without a token, with a forged one, and with a customer-shaped one', async () => {
    expect((await t.app.inject({ url: '/api/user_info' })).json()).toEqual({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    const forged = await t.app.inject({ url: '/api/user_info', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    const other = t.app.jwt.sign({ orderId: 100001 });
    expect(
      (await t.app.inject({ url: '/api/user_info', headers: { authorization: `Bearer ${other}` } })).statusCode,
    ).toBe(401);
  });

  it('stops accepting a token once it expires, though it was accepted (and cached) before', async () => {
    const { member } = await t.loginAs('Team');
    const shortLived = await sessionToken(
      t.database.db,
      t.app.jwt,
      { ...member, tokenVersion: 0 },
      { seconds: 1, ip: '127.0.0.1' },
    );
    const headers = { authorization: `bearer ${shortLived}` };
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100)); // exp has whole seconds
    expect((await t.app.inject({ url: '/api/user_info', headers })).json()).toEqual({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('refuses a token that another server (another secret) has verified and kept', async () => {
    const { headers } = await t.loginAs('Team');
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(200);
    const other = await buildApp({
      config: t.config,
      database: t.database,
      jwtSecret: 'another-secret-'.padEnd(40, 'y'),
    });
    try {
      expect((await other.inject({ url: '/api/user_info', headers })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/admin/change-password', () => {
  it('changes the password and revokes older tokens', async () => {
    const { member, headers } = await t.loginAs('Team');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers,
      payload: { newPassword: 'brand-new-pass' },
    });
    expect(res.json()).toMatchObject({ status: 1 });
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(401);
    expect((await login(member.email, 'brand-new-pass', '10.2.0.2')).statusCode).toBe(200);
  });

  it('validates with the spec messages and changes nothing', async () => {
    const { member, headers } = await t.loginAs('Team');
    const before = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers,
      payload: { newPassword: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('New Password must be at least 6 characters.');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers,
      payload: { newPassword: '' },
    });
    expect(empty.json().message).toBe('Please enter your New Password.');
    const after = await t.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(after).toEqual(before);
  });

  it('is refused to Night Staff with 403', async () => {
    const { member, headers } = await t.loginAs('Night Staff');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers,
      payload: { newPassword: 'another-pass' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db
      .select({ v: teamMembers.tokenVersion })
      .from(teamMembers)
      .where(eq(teamMembers.id, member.id));
    expect(row!.v).toBe(0);
  });
});

describe('staff member cache', () => {
  it('notices a change made by another process within STAFF_CACHE_MS', async () => {
    const { member, headers } = await t.loginAs('Team');
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(200);
    // Another process bumps the version directly in the database.
    await t.database.db.update(teamMembers).set({ tokenVersion: 9 }).where(eq(teamMembers.id, member.id));
    await new Promise((r) => setTimeout(r, STAFF_CACHE_MS + 50));
    expect((await t.app.inject({ url: '/api/user_info', headers })).statusCode).toBe(401);
  });
});
