/**
 * Issue 26 point 7: axe-core (injected into the page) finds no serious or critical violation on the login, track,
 * download, a queue and the order detail pages, at a laptop and a phone width; every control of the order
 * detail's sticky bar and sections is reached by Tab and shows a focus ring.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { landingSites } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { holdRequests, launchBrowser, newPage, signIn, startServer, type E2EServer } from './harness';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: E2EServer;
let browser: Browser;
let orderId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const [site] = await server.database.db.select().from(landingSites).limit(1);
  orderId = await insertOrder(server.database.db, {
    landingSiteId: site!.id,
    email: 'axe.tester@mail.example',
    declarationThree: 'yes',
    alcoholicBeverages: 2,
    articleName: 'Camera',
    declarationFour: 'yes',
    quantity: 1,
    unit: 'piece',
    marketValue: '100',
    currency: 'USD',
  });
  await server.createMember('Team', 'Seed Staff');
  await server.seedRecentOrders(40);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

async function page(width: number, height: number): Promise<Page> {
  const s = await newPage(browser, width, height);
  contexts.push(s.context);
  // No fades: axe measures colours as drawn, and a dialog half faded in reads as low contrast.
  await s.page.emulateMedia({ reducedMotion: 'reduce' });
  return s.page;
}

/** Serious and critical violations of WCAG 2.x A/AA and best practice, one line per element, so a failure says where. */
async function axe(p: Page): Promise<string[]> {
  await p.evaluate(AXE_SOURCE);
  const results = (await p.evaluate(async () => {
    const run = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe
      .run;
    return run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
  })) as AxeResults;
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v: Result) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
      ),
    );
}

const SIZES = [
  [1366, 768],
  [390, 844],
] as const;

describe('axe-core: no serious or critical violation', () => {
  for (const [width, height] of SIZES) {
    it(`on the public pages at ${width} px: login, track, download`, async () => {
      const p = await page(width, height);
      await p.goto(`${server.baseUrl}/`);
      await p.getByLabel('Email').waitFor();
      expect(await axe(p)).toEqual([]);

      await p.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
      await p.getByLabel('Email ID').fill('axe.tester@mail.example');
      expect(await axe(p)).toEqual([]);
      await p.getByRole('button', { name: 'TRACK ORDER' }).click();
      await p.waitForURL(`${server.baseUrl}/get-new-order-details/${encodeId(orderId)}`);
      await p.getByRole('alert').first().waitFor();
      expect(await axe(p)).toEqual([]);
    });

    it(`on a queue and the order detail at ${width} px`, async () => {
      const member = await server.createMember('Manager', `Ada Axe ${width}`);
      const p = await page(width, height);
      await signIn(p, server.baseUrl, member.email);
      // The queue's answer held back first: its loading rows are on the screen too, and must pass as well.
      const release = await holdRequests(p, '**/api/admin/get-orders-list/**');
      await p.goto(`${server.baseUrl}/admin/recent-order`);
      await p.locator('.queue-placeholder > *').nth(5).waitFor();
      expect(await axe(p)).toEqual([]);
      release();
      // The orders themselves: a table's rows from 768 px, a list of cards below (the queue's phone layout).
      await p.locator('[aria-busy=false] [data-row-index="5"]').waitFor();
      expect(await axe(p)).toEqual([]);

      await p.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
      await p
        .getByRole('navigation', { name: 'Sections of this order' })
        .getByRole('link', { name: 'Comments' })
        .waitFor();
      await p.getByRole('table').first().waitFor();
      expect(await axe(p)).toEqual([]);
      // A collapsed section and the keyboard help are part of the page too.
      await p.getByRole('button', { name: 'Passport details', exact: true }).click();
      await p.keyboard.press('Shift+?');
      await p.getByRole('dialog', { name: 'Order keyboard shortcuts' }).waitFor();
      expect(await axe(p)).toEqual([]);
    });
  }
});

/** Tab through the page `presses` times; each focused element's tag and name, and whether a ring is drawn around it. */
async function tabWalk(p: Page, presses: number): Promise<{ name: string; ring: boolean }[]> {
  await p.locator('body').focus();
  const seen: { name: string; ring: boolean }[] = [];
  for (let i = 0; i < presses; i += 1) {
    await p.keyboard.press('Tab');
    const focused = await p.evaluate(() => {
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

describe('keyboard: every control reached by Tab, with a visible focus ring', () => {
  it('on a queue: the tiles, the row check boxes and the row buttons', async () => {
    const member = await server.createMember('Manager', 'Quinn Queue');
    const p = await page(1366, 768);
    await signIn(p, server.baseUrl, member.email);
    await p.goto(`${server.baseUrl}/admin/recent-order`);
    await p.locator('tbody tr').nth(5).waitFor();
    const seen = await tabWalk(p, 80);
    const names = seen.map((s) => s.name);
    for (const expected of [
      'a:New Orders',
      'input:Select all rows on this page',
      'input:Select order',
      'a:View',
      'button:Delete',
    ]) {
      expect(
        names.some((n) => n.startsWith(expected) || n.includes(expected.slice(2))),
        `${expected} reached by Tab`,
      ).toBe(true);
    }
    expect(seen.filter((s) => !s.ring).map((s) => s.name)).toEqual([]);
  });

  it('tabs through the sticky bar, the section index and the section toggles; Enter and Space use them', async () => {
    const member = await server.createMember('Team', 'Kai Keyboard');
    const p = await page(1366, 768);
    await signIn(p, server.baseUrl, member.email);
    await p.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    await p
      .getByRole('navigation', { name: 'Sections of this order' })
      .getByRole('link', { name: 'Comments' })
      .waitFor();
    const seen = await tabWalk(p, 120);
    const names = seen.map((s) => s.name);
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
        names.some((n) => n.startsWith(expected)),
        `${expected} reached by Tab`,
      ).toBe(true);
    }
    expect(seen.filter((s) => !s.ring).map((s) => s.name)).toEqual([]);

    // Enter on an index link jumps; Space on a section toggle collapses it.
    const answers = p
      .getByRole('navigation', { name: 'Sections of this order' })
      .getByRole('link', { name: 'Answers' });
    await answers.focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('entry-return-procedure-category');
    const toggle = p.getByRole('button', { name: 'Basic Information', exact: true });
    await toggle.focus();
    await p.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
