/**
 * Sign-in security in the browser: a member turns two-factor sign-in on (the test computes the code from the key
 * shown, as an authenticator app would), signs out (the token stops working on the server), and signs in again
 * with password and code; an Admin requires two-factor sign-in and a member without it is led to set it up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { TEST_PASSWORD } from '../../server/test/helper';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** On the set-up screen: reads the key shown, types the current code, returns the key and the recovery codes. */
async function setUpTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).resolves.toBe(true);
  await page.getByLabel('Code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  return { secret, recoveryCodes: await codes.allTextContents() };
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').accessToken as string | undefined);
const userInfoStatus = (token: string) =>
  fetch(`${server.baseUrl}/api/user_info`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

describe('two-factor sign-in', () => {
  it('a member turns it on, signs out for real, and signs in with password and code', async () => {
    const member = await server.createMember('Team', 'Toni Twofactor');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).click();
    await page.locator('.dropdown-menu').getByRole('link', { name: 'Sign-in & Security' }).click();
    await page.getByRole('heading', { name: 'Sign-in & Security' }).waitFor();
    const { secret, recoveryCodes } = await setUpTwoFactor(page);
    expect(recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await screenshot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await page.getByText('This browser').waitFor();
    await screenshot(page, 'security-two-factor-on');

    // Logout ends the token on the server, not only in this browser.
    const token = (await storedToken(page))!;
    expect(await userInfoStatus(token)).toBe(200);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => userInfoStatus(token)).toBe(401);

    // Password, then the code step.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await screenshot(page, 'login-code-step');
    await page.getByLabel('Code').fill('000000' === codeAt(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is not valid. Please try again.' }).waitFor();
    await page.getByLabel('Code').fill(codeAt(secret, 1)); // the set-up's code was this step's: it is accepted once
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).waitFor();
    await context.close();
  });

  it('an Admin requires it; a member without it is led to set it up after the password', async () => {
    const admin = await server.createMember('Admin', 'Ada Admin');
    const member = await server.createMember('Telecaller', 'Tom Telecaller');
    const adminView = await newPage(browser);
    await signIn(adminView.page, server.baseUrl, admin.email);
    await adminView.page.goto(`${server.baseUrl}/admin/manage-team`);
    const requirement = adminView.page.getByLabel('Require two-factor sign-in for every member');
    await expect.poll(() => requirement.isEnabled()).toBe(true);
    await requirement.check();
    await adminView.page
      .getByRole('alert')
      .filter({ hasText: 'Two-factor sign-in is now required for every member.' })
      .waitFor();
    await expect(requirement.isChecked()).resolves.toBe(true);
    await screenshot(adminView.page, 'manage-team-require-two-factor');

    try {
      const { context, page } = await newPage(browser);
      await page.goto(`${server.baseUrl}/`);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${server.baseUrl}/two-factor-setup`);
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await screenshot(page, 'two-factor-required');
      await setUpTwoFactor(page);
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await page.waitForURL(`${server.baseUrl}/admin`);
      await page.locator('.tile[data-count="newOrdersCount"] .tile-count').filter({ hasText: /^\d+$/ }).waitFor();
      await context.close();

      // The Admin sees the member's second factor and session, and can reset it.
      await adminView.page.reload();
      await adminView.page
        .getByRole('row', { name: new RegExp(member.email) })
        .getByRole('button', { name: 'Security' })
        .click();
      await adminView.page
        .getByTestId('member-two-factor')
        .filter({ hasText: /^On since/ })
        .waitFor();
      await adminView.page.getByText('Turned two-factor sign-in on').waitFor();
      await screenshot(adminView.page, 'member-security');
      await adminView.page.getByRole('button', { name: 'Reset two-factor' }).click();
      await adminView.page.getByRole('button', { name: 'Yes, reset' }).click();
      await adminView.page.getByTestId('member-two-factor').filter({ hasText: /^Off$/ }).waitFor();
      await adminView.page.getByText('Two-factor sign-in reset by Ada Admin').waitFor();
    } finally {
      await adminView.page.keyboard.press('Escape');
      await requirement.uncheck();
      await adminView.context.close();
    }
  });
});
