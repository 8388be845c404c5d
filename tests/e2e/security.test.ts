/**
 * Signing in, in the browser against the real server: a Team member signs in through the form and sees the
 * database's counts and their role's links (a screen whose code cannot download shows the friendly page), then signs
 * out; a member turns two-factor sign-in on (the test computes the codes from the key shown, as an authenticator
 * app would), signs out for real (the token stops working on the server) and signs in with password and code; an
 * Admin with their own second factor requires two-factor sign-in and a member without it is led to set it up. What each screen shows and sends
 * is the screen tests' (web/src/features/{auth,security,team}).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { selectRows } from '../../server/db/client';
import { TEST_PASSWORD } from '../../server/test/helper';
import { groupedCount } from '../../shared/grouped-count';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Seed Staff');
  await server.seedRecentOrders(120);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The counts as the database holds them, by the spec's rules (product: folders.md#counts). */
async function expectedCounts(memberId: number) {
  const [row] = await selectRows<Record<string, number>>(
    server.database.db,
    sql`
    select
      count(*) filter (where process_status = 'New' and assigned_to_id is null and (processing_mode = 'standard' or (processing_mode = 'future' and processing_date <= (now() at time zone 'UTC')::date)))::int as "newOrdersCount",
      count(*) filter (where process_status = 'New' and assigned_to_id is null and processing_mode = 'priority')::int as "priorityOrdersCount",
      count(*) filter (where process_status = 'Pending')::int as "pendingOrdersCount",
      count(*) filter (where process_status = 'Completed')::int as "completedOrdersCount",
      count(*) filter (where assigned_to_id = ${memberId} and process_status not in ('Completed','Refunds','ChargeBack','Deleted'))::int as "myOrdersCount",
      count(*) filter (where process_status = 'Awaiting')::int as "awaitingOrdersCount",
      count(*) filter (where process_status <> 'Deleted')::int as "allOrdersCount"
    from orders`,
  );
  return row!;
}

const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** On the set-up screen: reads the key shown, types the current code, returns the key once the codes are shown. */
async function setUpTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  return secret;
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').accessToken as string | undefined);
const userInfoStatus = (token: string) =>
  fetch(`${server.baseUrl}/api/user_info`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

describe('signing in', () => {
  it("signs a Team member in through the form: the true counts, the Team's links, a friendly page for a screen that cannot load, and sign out", async () => {
    const member = await server.createMember('Team', 'Tina Tester');
    // Two open orders of the member's own, so My Orders is not zero.
    await server.database.db.execute(
      sql`update orders set assigned_to_id = ${member.id} where order_id in (select order_id from orders where process_status = 'Pending' order by order_id limit 2)`,
    );
    const { context, page } = await newPage(browser);
    // The Change Password screen's code cannot download (a release replaced it, the network dropped).
    await page.route('**/assets/ChangePasswordPage-*.js', (route) => route.abort());
    await page.goto(`${server.baseUrl}/`);
    await expect(page.title()).resolves.toBe('Japan Arrival Card');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.getByText('Login successful').waitFor();
    await page.getByText('Welcome Tina Tester').waitFor();

    const expected = await expectedCounts(member.id);
    expect(expected.myOrdersCount).toBe(2);
    for (const field of [
      'myOrdersCount',
      'newOrdersCount',
      'priorityOrdersCount',
      'pendingOrdersCount',
      'completedOrdersCount',
    ]) {
      const tile = page.locator(`.dashboard-tiles [data-count="${field}"] .tile-count`);
      await expect.poll(() => tile.textContent()).toBe(groupedCount(expected[field]!));
    }
    await expect
      .poll(() => page.locator('.admin-sidebar [data-count="awaitingOrdersCount"]').textContent())
      .toBe(groupedCount(expected.awaitingOrdersCount!));
    await expect
      .poll(() => page.locator('.admin-sidebar [data-count="allOrdersCount"]').textContent())
      .toBe(groupedCount(expected.allOrdersCount!));
    const links = await page.locator('.admin-sidebar .nav-link > span:first-child').allTextContents();
    expect(links).toContain('Order History');
    expect(links).toContain('Change Password');
    for (const leaders of ['Manage Team', 'Gateway Setting', 'Order Processed']) expect(links).not.toContain(leaders);
    await screenshot(page, 'admin-team-1366');

    // The counts are read again on a move: an order that came back to Pending shows after the click.
    await server.database.db.execute(
      sql`update orders set process_status = 'Pending', assigned_to_id = null where order_id = (select order_id from orders where process_status = 'Completed' order by order_id limit 1)`,
    );
    await page.locator('.dashboard-tiles [data-count="pendingOrdersCount"]').click();
    await expect
      .poll(() => page.locator('.dashboard-tiles [data-count="pendingOrdersCount"] .tile-count').textContent())
      .toBe(groupedCount(expected.pendingOrdersCount! + 1));

    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.getByText('This screen could not be loaded').waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();

    await page.getByRole('button', { name: 'Welcome Tina Tester' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Signed out, a staff address goes to the sign-in page without asking the API for anything.
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(request.url());
    });
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(apiCalls).toEqual([]);
    await context.close();
  });

  it('a member turns two-factor sign-in on, signs out for real, and signs in with password and code', async () => {
    const member = await server.createMember('Team', 'Toni Twofactor');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).click();
    await page.locator('.dropdown-menu').getByRole('link', { name: 'Sign-in & Security' }).click();
    await page.getByRole('heading', { name: 'Sign-in & Security' }).waitFor();
    const secret = await setUpTwoFactor(page);
    await screenshot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await page.getByText('This browser').waitFor();

    // Logout ends the token on the server, not only in this browser.
    const token = (await storedToken(page))!;
    expect(await userInfoStatus(token)).toBe(200);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => userInfoStatus(token)).toBe(401);

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await screenshot(page, 'login-code-step');
    await page.getByLabel('Code').fill(codeAt(secret, 1)); // the set-up's code was this step's: it is accepted once
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: `Welcome ${member.name}` }).waitFor();
    await context.close();
  });

  it('an Admin requires two-factor sign-in; a member without it is led to set it up after the password', async () => {
    const admin = await server.createMember('Admin', 'Ada Admin');
    const member = await server.createMember('Telecaller', 'Tom Telecaller');
    const adminView = await newPage(browser);
    await signIn(adminView.page, server.baseUrl, admin.email);
    // An Admin requires it only with their own second factor on (a session without one could then only set it up).
    await adminView.page.getByRole('button', { name: `Welcome ${admin.name}` }).click();
    await adminView.page.locator('.dropdown-menu').getByRole('link', { name: 'Sign-in & Security' }).click();
    await adminView.page.getByRole('heading', { name: 'Sign-in & Security' }).waitFor();
    await setUpTwoFactor(adminView.page);
    await adminView.page.getByRole('button', { name: 'I have saved my codes' }).click();
    await adminView.page.getByText('10 of 10 recovery codes left.').waitFor();
    await adminView.page.getByRole('link', { name: 'Manage Team' }).click();
    const requirement = adminView.page.getByLabel('Require two-factor sign-in for every member');
    await expect.poll(() => requirement.isEnabled()).toBe(true);
    await requirement.check();
    await adminView.page
      .getByRole('alert')
      .filter({ hasText: 'Two-factor sign-in is now required for every member.' })
      .waitFor();

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
      await page
        .locator('.tile[data-count="newOrdersCount"] .tile-count')
        .filter({ hasText: /^[\d,]+$/ })
        .waitFor();
      await context.close();

      // The Admin sees the member's second factor on, and the event that turned it on.
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
    } finally {
      await adminView.page.keyboard.press('Escape');
      await requirement.uncheck();
      await adminView.context.close();
    }
  });
});
