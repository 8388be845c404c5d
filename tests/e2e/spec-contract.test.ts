/**
 * Issue 26 point 6 in the browser: a damaged stored login shows the spec's "Invalid token specified" (section 8)
 * and goes to the sign-in page; brand logos load under both host names of this machine (127.0.0.1 and
 * localhost) without a CSP violation, in the approved-mail preview and on the public pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { landingSites } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, signIn, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-contract-'));
/** PUBLIC_BASE_URL is a host name of this machine, on another port than this test's server (as behind a proxy). */
const PUBLIC_BASE_URL = 'http://localhost:3000';
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir, PUBLIC_BASE_URL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('a damaged stored login', () => {
  // jwt-decode's four failures (product: messages.md#token-errors), and an entry that is not JSON at all.
  const damaged: Record<string, string> = {
    'not JSON': 'not json at all',
    'no token string': JSON.stringify({ accessToken: 42 }),
    'a missing part': JSON.stringify({ accessToken: 'onlyonepart' }),
    'invalid base64': JSON.stringify({ accessToken: `${b64('{}')}.%%%%.sig` }),
    'invalid JSON': JSON.stringify({ accessToken: `${b64('{}')}.${b64('not json')}.sig` }),
  };
  for (const [what, stored] of Object.entries(damaged)) {
    it(`(${what}) shows "Invalid token specified", is removed and the user is at the sign-in page`, async () => {
      const { context, page } = await newPage(browser);
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.evaluate((value) => localStorage.setItem('user', value), stored);
      await page.goto(`${server.baseUrl}/admin`);
      await page.locator('.Toastify__toast--error', { hasText: 'Invalid token specified' }).waitFor();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await context.close();
    });
  }

  it('(first visit to the sign-in page, its own small app) shows "Invalid token specified" and removes it too', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.evaluate((value) => localStorage.setItem('user', value), damaged['not JSON']!);
    await page.reload();
    await page.locator('.Toastify__toast--error', { hasText: 'Invalid token specified' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('is not claimed for no stored login, nor for a token that decodes but has expired', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/`);
    const expired = `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify({ user: { id: 1, name: 'X', type: 'Admin' }, exp: 1 }))}.sig`;
    await page.evaluate((token) => localStorage.setItem('user', JSON.stringify({ accessToken: token })), expired);
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText('Invalid token specified').count()).toBe(0);
    await context.close();
  });
});

/** CSP reports the page and its frames print to the console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('brand logos under both host names', () => {
  const hosts = () => [server.baseUrl, server.baseUrl.replace('127.0.0.1', 'localhost')];

  it('load in the approved-mail preview and on the public page, with no CSP violation', async () => {
    const member = await server.createMember('Team', 'Lena Logo');
    const [site] = await server.database.db
      .select()
      .from(landingSites)
      .where(eq(landingSites.siteKey, 'japan-arrival'));
    // A logo kept as an absolute URL on PUBLIC_BASE_URL, as an operator may enter it.
    await server.database.db
      .update(landingSites)
      .set({ logoUrl: `${PUBLIC_BASE_URL}/brand/japan-arrival.svg` })
      .where(eq(landingSites.id, site!.id));
    const orderId = await insertOrder(server.database.db, { landingSiteId: site!.id });
    try {
      for (const host of hosts()) {
        const { context, page } = await newPage(browser);
        const violations = cspViolations(page);
        await signIn(page, host, member.email);
        await page.goto(`${host}/admin/view-order/${encodeId(orderId)}`);
        await page.getByRole('button', { name: 'View Email Content' }).click();
        const dialog = page.getByRole('dialog');
        // No document yet: the notice and the body agree.
        await dialog
          .getByText('No document is uploaded yet: this e-mail is sent when the document is uploaded')
          .waitFor();
        const mail = page.frameLocator('iframe[title="Email preview"]');
        await mail
          .getByText('No document is uploaded yet. This e-mail is sent when the document is uploaded')
          .waitFor();
        expect(await mail.getByText('attached to this e-mail:').count()).toBe(0);
        const logo = mail.locator('img').first();
        expect(await logo.getAttribute('src')).toBe('/brand/japan-arrival.svg');
        await expect.poll(() => loaded(logo), { message: `mail preview logo on ${host}` }).toBe(true);

        await page.goto(`${host}/track-order/${encodeId(orderId)}`);
        const publicLogo = page.locator('img.public-logo').first();
        await publicLogo.waitFor();
        await expect.poll(() => loaded(publicLogo), { message: `public logo on ${host}` }).toBe(true);
        expect(violations, host).toEqual([]);
        await context.close();
      }
    } finally {
      await server.database.db
        .update(landingSites)
        .set({ logoUrl: site!.logoUrl })
        .where(eq(landingSites.id, site!.id));
    }
  });
});
