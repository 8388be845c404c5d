/**
 * Every public page and every staff screen an Admin can open, at a laptop's 1366x768 and a phone's 390x844: axe-core
 * (injected into the page) finds no serious or critical violation, the page never scrolls sideways (a wide table
 * scrolls inside its own box), and nothing logs an error. Then the keyboard: every control of a queue and of the
 * order page is reached by Tab and shows a focus ring. The screenshots (test-results/screenshots/screen-*) are the
 * ones looked at before a screen change is called done.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { landingSites } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { DASHBOARD_TILES, SIDEBAR_LINKS } from '../../web/src/features/layout/navigation';
import { paths } from '../../web/src/lib/paths';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CUSTOMER_EMAIL = 'axe.tester@mail.example';

let server: E2EServer;
let browser: Browser;
let admin: { email: string };
let orderId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const [site] = await server.database.db.select().from(landingSites).limit(1);
  // Every part of the order page drawn: customs answers, other articles.
  orderId = await insertOrder(server.database.db, {
    landingSiteId: site!.id,
    email: CUSTOMER_EMAIL,
    declarationThree: 'yes',
    alcoholicBeverages: 2,
    articleName: 'Camera',
    declarationFour: 'yes',
    quantity: 1,
    unit: 'piece',
    marketValue: '100',
    currency: 'USD',
  });
  admin = await server.createMember('Admin', 'Tour Admin');
  await server.seedRecentOrders(60);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What shows a screen is reading: a spinner, or a list dimmed while its data is read again (aria-busy). */
const BUSY = 'main .spinner-border, main [aria-busy="true"]';

/**
 * Serious and critical violations of WCAG 2.x A/AA and best practice, one line per element, so a failure says where.
 * Judged on a screen at rest: a list read again while axe runs (the live stream's first hello may ask for the lists
 * again) is dimmed, and its rows would read as low contrast; such a reading is taken again once the screen is still.
 */
async function axe(page: Page): Promise<string[]> {
  // Once per document: a screen reached in the app keeps the one injected on an earlier screen.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  for (let attempt = 1; ; attempt += 1) {
    await expect.poll(() => page.locator(BUSY).count(), { timeout: 15_000 }).toBe(0);
    const { results, busyMeanwhile } = (await page.evaluate(async (busy) => {
      let busyMeanwhile = false;
      const watch = new MutationObserver(() => {
        if (document.querySelector(busy)) busyMeanwhile = true;
      });
      watch.observe(document.body, { subtree: true, childList: true, attributes: true });
      const run = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe
        .run;
      const results = await run(document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      });
      watch.disconnect();
      return { results, busyMeanwhile: busyMeanwhile || document.querySelector(busy) !== null };
    }, BUSY)) as { results: AxeResults; busyMeanwhile: boolean };
    if (busyMeanwhile && attempt < 3) continue;
    return results.violations
      .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v: Result) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
        ),
      );
  }
}

/** A staff screen of the tour: `linked` when a tile or the sidebar links to it; `path()` once the order exists. */
interface StaffScreen {
  name: string;
  linked: boolean;
  path: () => string;
}
const ORDER_DETAIL: StaffScreen = { name: 'Order detail', linked: false, path: () => paths.admin.viewOrder(orderId) };
const STAFF_SCREENS: StaffScreen[] = [
  ...[...DASHBOARD_TILES, ...SIDEBAR_LINKS]
    .filter((link) => link.to !== '/logout')
    .map((link) => ({ name: link.label, linked: true, path: () => link.to })),
  ORDER_DETAIL,
  { name: 'Process logs of an order', linked: false, path: () => paths.admin.viewProcessLogs(orderId) },
];
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The open staff app's link to `path` followed, as a click does, whether the sidebar is folded away (a phone) or not.
 * The last screen's toasts are closed first, so that the next screen is judged and pictured with its own only.
 */
async function followLink(page: Page, path: string) {
  const closeToast = page.getByRole('button', { name: 'close', exact: true });
  await closeToast.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await expect.poll(() => closeToast.count()).toBe(0);
  const before = await page.locator('main h1').first().textContent();
  await page.locator(`a[href="${path}"]`).first().dispatchEvent('click');
  await page.waitForURL(`${server.baseUrl}${path}`);
  // The address changes as the router commits; the new screen is drawn once its heading has replaced the old one.
  await expect.poll(() => page.locator('main h1').first().textContent()).not.toBe(before);
}

/**
 * A staff screen opened as a member opens it, once loaded: no spinner, no busy table, no "Loading…" left. A screen the
 * frame links to (a tile, the sidebar) is reached by its link in the app already open (the tour signs in at the first
 * one); the order's own screens, which no menu links to, by their address.
 */
async function visit(page: Page, screen: StaffScreen) {
  const path = screen.path();
  const here = new URL(page.url()).pathname;
  if (screen.linked && here.startsWith('/admin')) {
    if (here !== path) await followLink(page, path);
  } else {
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('main h1').first().waitFor();
  }
  // The live stream keeps a request open, so the network is never idle: the screen says when it has its data (no
  // "Loading…"; axe() waits for nothing busy), and the top bar when the stream is up (its hello may ask for the lists
  // again).
  await page
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor();
  await expect.poll(() => page.getByText(/^Loading…?$/).count(), { timeout: 15_000 }).toBe(0);
}

describe.each([
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])('every page at $width x $height', ({ width, height }) => {
  it('has no serious axe violation, no sideways scroll and no console error', async () => {
    const { context, page } = await newPage(browser, width, height);
    // No fades: axe measures colours as drawn, and a dialog half faded in reads as low contrast.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const violations: string[] = [];
    const wide: string[] = [];
    const check = async (name: string) => {
      violations.push(...(await axe(page)).map((v) => `${name}: ${v}`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) wide.push(`${name}: ${overflow} px wider than the window`);
    };

    // The public pages: sign-in, the track form, the customer's download page.
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('Email').waitFor();
    await check('Sign-in');
    await page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
    await page.getByLabel('Email ID').fill(CUSTOMER_EMAIL);
    await check('Track order');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.waitForURL(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
    await page.getByRole('alert').first().waitFor();
    await check('Order download');

    await signInThroughApi(page, server.baseUrl, admin.email, { path: STAFF_SCREENS[0]!.path() });
    for (const screen of STAFF_SCREENS) {
      await visit(page, screen);
      await check(screen.name);
      await screenshot(page, `screen-${slug(screen.name)}-${width}`, { fullPage: false });
    }
    // The order page's collapsed section and its keyboard help are part of it too.
    await visit(page, ORDER_DETAIL);
    await page.getByRole('button', { name: 'Passport details', exact: true }).click();
    await page.keyboard.press('Shift+?');
    await page.getByRole('dialog', { name: 'Order keyboard shortcuts' }).waitFor();
    await check('Order detail with a section collapsed and its keyboard help');
    await context.close();

    // The first few in the message's first line: a CI log that keeps one line of a failure still says where.
    expect({ violations, wide, errors }, [...violations, ...wide, ...errors].slice(0, 3).join(' | ')).toEqual({
      violations: [],
      wide: [],
      errors: [],
    });
  }, 300_000);
});

/** Tab through the page `presses` times; each focused element's tag and name, and whether a ring is drawn around it. */
async function tabWalk(page: Page, presses: number): Promise<{ name: string; ring: boolean }[]> {
  await page.locator('body').focus();
  const seen: { name: string; ring: boolean }[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return {
        name: `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`,
        ring,
      };
    });
    if (focused) seen.push(focused);
  }
  return seen;
}

describe('keyboard', () => {
  it('reaches every control of a queue and of the order page by Tab, each with a visible focus ring', async () => {
    const member = await server.createMember('Manager', 'Kai Keyboard');
    const { context, page } = await newPage(browser, 1366, 768);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInThroughApi(page, server.baseUrl, member.email, { path: '/admin/recent-order' });
    await page.locator('tbody tr').nth(5).waitFor();
    const onQueue = await tabWalk(page, 80);
    for (const expected of [
      'a:New Orders',
      'input:Select all rows on this page',
      'input:Select order',
      'a:View',
      'button:Delete',
    ]) {
      expect(
        onQueue.some((s) => s.name.startsWith(expected) || s.name.includes(expected.slice(2))),
        `queue: ${expected} reached by Tab`,
      ).toBe(true);
    }
    expect(onQueue.filter((s) => !s.ring).map((s) => `queue: ${s.name}`)).toEqual([]);

    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    const index = page.getByRole('navigation', { name: 'Sections of this order' });
    await index.getByRole('link', { name: 'Comments' }).waitFor();
    const onOrder = await tabWalk(page, 120);
    for (const expected of [
      'a:Remarkr',
      'a:Answersa',
      'a:Commentsc',
      'button:Pending',
      'button:Passport details',
      'button:Comment History',
      'textarea:',
    ]) {
      expect(
        onOrder.some((s) => s.name.startsWith(expected)),
        `order page: ${expected} reached by Tab`,
      ).toBe(true);
    }
    expect(onOrder.filter((s) => !s.ring).map((s) => `order page: ${s.name}`)).toEqual([]);

    // Enter on an index link jumps; Space on a section toggle collapses it.
    await index.getByRole('link', { name: 'Answers' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('entry-return-procedure-category');
    const toggle = page.getByRole('button', { name: 'Basic Information', exact: true });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
