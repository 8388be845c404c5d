import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { teamMembers } from '../../server/db/schema';
import { selectRows } from '../../server/db/client';
import { STAFF_CACHE_MS } from '../../server/lib/auth';
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

describe('sign-in, admin shell and sign-out', () => {
  it('shows the spec validation messages and a server error toast', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await expect(page.title()).resolves.toBe('Japan Arrival Card');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email Address is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByLabel('Email').fill('nobody@e2e.example');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await screenshot(page, 'login-error');
    expect(page.url()).toBe(`${server.baseUrl}/`);
    await context.close();
  });

  it('signs a Team member in, shows the true counts and the Team links, and signs out', async () => {
    const member = await server.createMember('Team', 'Tina Tester');
    // Give the member two open orders so My Orders is not zero.
    await server.database.db.execute(
      sql`update orders set assigned_to_id = ${member.id} where order_id in (select order_id from orders where process_status = 'Pending' order by order_id limit 2)`,
    );
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.getByText('Login successful').waitFor();
    await page.getByText('Welcome Tina Tester').waitFor();
    await page.getByText('JAPAN ARRIVAL CARD').first().waitFor();

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
      await expect.poll(() => tile.textContent()).toBe(String(expected[field]));
    }
    await expect
      .poll(() => page.locator('.admin-sidebar [data-count="awaitingOrdersCount"]').textContent())
      .toBe(String(expected.awaitingOrdersCount));
    await expect
      .poll(() => page.locator('.admin-sidebar [data-count="allOrdersCount"]').textContent())
      .toBe(String(expected.allOrdersCount));

    const links = await page.locator('.admin-sidebar .nav-link > span:first-child').allTextContents();
    expect(links).toContain('Order History');
    expect(links).not.toContain('Manage Team');
    expect(links).not.toContain('Gateway Setting');
    expect(links).not.toContain('Order Processed');
    expect(links).toContain('Change Password');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.accessToken).toMatch(/^ey/);
    await screenshot(page, 'admin-team-1366');

    // Counts reload on a route change: a new order arriving shows after navigating.
    await server.database.db.execute(
      sql`update orders set process_status = 'Pending', assigned_to_id = null where order_id = (select order_id from orders where process_status = 'Completed' order by order_id limit 1)`,
    );
    await page.locator('.dashboard-tiles [data-count="pendingOrdersCount"]').click();
    await expect
      .poll(() => page.locator('.dashboard-tiles [data-count="pendingOrdersCount"] .tile-count').textContent())
      .toBe(String((expected.pendingOrdersCount ?? 0) + 1));

    await page.getByRole('button', { name: 'Welcome Tina Tester' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Signed out, the admin frame sends the visitor to the login page without asking the API for anything.
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

  it('ends the session on a 401 from a revoked token', async () => {
    const member = await server.createMember('Manager', 'Rita Revoked');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    // Wait until the counts have loaded, so the revocation hits the next request, not this one.
    await expect
      .poll(() => page.locator('.dashboard-tiles [data-count="newOrdersCount"] .tile-count').textContent())
      .toMatch(/^\d+$/);
    // Revoked behind this process's back (as another server process would): it notices within STAFF_CACHE_MS.
    await server.database.db.update(teamMembers).set({ tokenVersion: 5 }).where(eq(teamMembers.id, member.id));
    await page.waitForTimeout(STAFF_CACHE_MS + 100);
    // The next call answers 401. The live stream's session check may get there first (it then makes a call that
    // answers 401 the same way): the link may be gone by the time it would be clicked.
    await page
      .getByRole('link', { name: 'Manage Team' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('shows a friendly page when a screen part fails to load', async () => {
    const member = await server.createMember('Admin', 'Chunk Checker');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.route('**/assets/ManageTeamPage-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Manage Team' }).click();
    await page.getByText('This screen could not be loaded').waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    await context.close();
  });
});

describe('Manage Team and Change Password', () => {
  it('lets a Manager add, edit and delete a member, with the page title of the spec', async () => {
    const manager = await server.createMember('Manager', 'Mona Manager');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, manager.email);
    await page.getByRole('link', { name: 'Manage Team' }).click();
    await expect.poll(() => page.title()).toBe('Manage Team | Japan Arrival Card');
    // Every other screen bears the product name alone (product: screens.md#page-title), and a reload of Manage Team keeps its
    // title (the admin shell, mounted with it, once wrote the bare name over it).
    await page.getByRole('link', { name: 'Order History' }).click();
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    await expect.poll(() => page.title()).toBe('Japan Arrival Card');
    await page.goto(`${server.baseUrl}/admin/manage-team`);
    await page.getByRole('button', { name: 'Add Member' }).waitFor();
    await expect.poll(() => page.title()).toBe('Manage Team | Japan Arrival Card');

    await page.getByRole('button', { name: 'Add Member' }).click();
    for (const message of [
      'Please enter your name.',
      'Please enter your email.',
      'Please enter your password.',
      'Please select type.',
    ]) {
      await page.getByText(message).waitFor();
    }
    // A Manager cannot hand out the Admin role.
    const options = await page.locator('#type option').allTextContents();
    expect(options).toEqual(['Select type', 'Manager', 'Team', 'Telecaller', 'Night Staff']);

    await page.getByLabel('Name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill('nina@e2e.example');
    await page.getByLabel('Password').fill('welcome-123');
    await page.locator('#type').selectOption('Telecaller');
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByText('Team member added successfully.').waitFor();
    const row = page.locator('tbody tr', { hasText: 'nina@e2e.example' });
    await row.getByText('Telecaller').waitFor();
    const [saved] = await server.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.email, 'nina@e2e.example'));
    expect(saved).toMatchObject({ name: 'Nina Newcomer', type: 'Telecaller' });

    await row.getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Nina Newcomer');
    await page.getByLabel('Name').fill('Nina Renamed');
    await page.getByRole('button', { name: 'Update Member' }).click();
    await page.getByText('Team member updated successfully.').waitFor();
    await page.locator('tbody tr', { hasText: 'Nina Renamed' }).waitFor();
    await screenshot(page, 'manage-team-1366');

    await page.locator('tbody tr', { hasText: 'Nina Renamed' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Team member deleted successfully.').waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Nina Renamed' }).count()).toBe(0);
    expect(
      await server.database.db.select().from(teamMembers).where(eq(teamMembers.email, 'nina@e2e.example')),
    ).toEqual([]);
    await context.close();
  });

  it('changes the password, which signs the member out', async () => {
    const member = await server.createMember('Telecaller', 'Paula Password');
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.getByLabel('New Password').fill('12345');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New Password must be at least 6 characters.').waitFor();
    await page.getByLabel('New Password').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await signIn(page, server.baseUrl, member.email, 'fresh-password-9');
    await page.getByText('Welcome Paula Password').waitFor();
    await context.close();
  });

  it('collapses the sidebar behind a toggle on a phone', async () => {
    const member = await server.createMember('Night Staff', 'Noel Night');
    const { context, page } = await newPage(browser, 390, 844);
    await signIn(page, server.baseUrl, member.email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const sidebar = page.locator('.admin-sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThan(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    const links = await page.locator('.admin-sidebar .nav-link > span:first-child').allTextContents();
    expect(links).not.toContain('Change Password');
    expect(links).not.toContain('Manage Team');
    await screenshot(page, 'admin-night-390-menu');
    await context.close();
  });
});
