/**
 * No lost work (issue 26 point 5, docs/decisions/0022): a session about to end warns, is extended by typing the
 * password again without leaving the page (the typed remark stays, the live stream comes back on the new token),
 * and the remark box keeps its draft across a reload until the remark is sent.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { remarks, staffSessions } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { TEST_PASSWORD } from '../../server/test/helper';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';

// The harness signs tokens with this secret (harness.ts): the test re-signs a real token with an `exp` minutes away.
const JWT_SECRET = 'e2e-secret-'.padEnd(40, 'x');

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  // Streams of ended sessions are closed within 200 ms (5 s by default), so the test sees the stream come back.
  server = await startServer({ LIVE_SESSION_CHECK_MS: '200' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; sid: string };

/** The same token (same session) ending `seconds` from now. */
function endingIn(token: string, seconds: number): string {
  const [header] = token.split('.');
  const payload = Buffer.from(
    JSON.stringify({ ...decode(token), exp: Math.floor(Date.now() / 1000) + seconds }),
  ).toString('base64url');
  const signature = createHmac('sha256', JWT_SECRET).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string }).accessToken ?? '');
const callUserInfo = (page: Page, token: string) =>
  page.evaluate(
    async (bearer) => (await fetch('/api/user_info', { headers: { authorization: `Bearer ${bearer}` } })).status,
    token,
  );

describe('no lost work', () => {
  it('warns before the session ends, extends it with the password in place, and keeps the remark draft until it is sent', async () => {
    const member = await server.createMember('Team', 'Nora Nightshift');
    const orderId = await insertOrder(server.database.db, {});
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);

    // The session has four minutes left: under the five-minute lead time.
    const nearToken = endingIn(await storedToken(page), 4 * 60);
    await page.evaluate((token) => localStorage.setItem('user', JSON.stringify({ accessToken: token })), nearToken);
    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    const dialog = page.getByRole('dialog', { name: 'Your session is about to end' });
    await dialog.waitFor();
    expect(await dialog.locator('.session-expiry-left').textContent()).toMatch(/^[34]:\d\d$/);

    // "Not now" leaves the page usable: a remark is typed, and survives a reload as a draft.
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const remark = 'Called the customer: the hotel booking is confirmed for two nights.';
    await page.getByLabel('Remark').fill(remark);
    await page.reload();
    await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Remark').inputValue()).toBe(remark);

    // The warning is back after the reload; a wrong password says so and signs nobody out.
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.locator('.invalid-feedback').filter({ hasText: /\S/ }).waitFor();
    expect(await storedToken(page)).toBe(nearToken);

    // The event stream reopens with the new token once the old session's stream is ended.
    const streamReopened = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/admin/live/stream') &&
        !!request.headers().authorization &&
        request.headers().authorization !== `Bearer ${nearToken}`,
      { timeout: 5000 },
    );
    await dialog.getByLabel('Password').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByText('You are signed in for another session.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'no-lost-work-after-reauth');

    // Same page, same typed text; a new token good for hours; the old session ended on the server.
    expect(page.url()).toBe(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    expect(await page.getByLabel('Remark').inputValue()).toBe(remark);
    const newToken = await storedToken(page);
    expect(newToken).not.toBe(nearToken);
    expect(decode(newToken).exp * 1000 - Date.now()).toBeGreaterThan(7 * 3600_000);
    expect(await callUserInfo(page, newToken)).toBe(200);
    expect(await callUserInfo(page, nearToken)).toBe(401);
    const [oldRow] = await server.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.id, decode(nearToken).sid));
    expect(oldRow?.endedReason).toBe('logout');

    // The live stream came back on the new token: another member opening the order shows up here.
    expect((await streamReopened).headers().authorization).toBe(`Bearer ${newToken}`);
    const colleague = await server.createMember('Team', 'Cole Colleague');
    const other = await newPage(browser);
    await signIn(other.page, server.baseUrl, colleague.email);
    await other.page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    await page.getByTestId('order-presence').getByText('Cole Colleague · viewing').waitFor({ timeout: 5000 });
    await other.context.close();

    // Sending the remark clears the draft: a reload shows an empty box.
    await page.getByRole('button', { name: 'Submit Remark' }).click();
    await page.getByText('Remark added successfully').first().waitFor();
    const [saved] = await server.database.db.select().from(remarks).where(eq(remarks.orderId, orderId));
    expect(saved?.remark).toBe(remark);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);
    await page.reload();
    await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Remark').inputValue()).toBe('');
    await context.close();
  });

  it('keeps a draft per order, and a deliberate logout forgets the drafts', async () => {
    const member = await server.createMember('Team', 'Dana Drafts');
    const first = await insertOrder(server.database.db, {});
    const second = await insertOrder(server.database.db, {});
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, member.email);
    const open = async (id: number) => {
      await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(id)}`);
      await page.getByText(`Order ${id}`, { exact: true }).waitFor();
    };
    await open(first);
    await page.getByLabel('Remark').fill('Draft for the first order.');
    await open(second);
    expect(await page.getByLabel('Remark').inputValue()).toBe('');
    await open(first);
    expect(await page.getByLabel('Remark').inputValue()).toBe('Draft for the first order.');

    await page.goto(`${server.baseUrl}/logout`);
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);
    await context.close();
  });
});
