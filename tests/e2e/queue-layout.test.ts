/**
 * Queues dense and whole, and phones (issue 26 points 1 and 2; docs/decisions/0026). Worst-case data (surnames of
 * 18+ capitals, long given names, e-mails of 40+ characters, long telephones, urgent and passed arrivals, every
 * button an Admin sees) in every staff queue and a Future Order month table:
 * - at 1920x1080, 1366x768 and 1280x720 every row is one line, every action button of every row is inside the
 *   window and not covered or clipped (the action column stays at the table's right while it scrolls sideways),
 *   the row count and the pager are on screen without scrolling the page, and at least 15 rows (10 at 1280x720)
 *   are on screen; a truncated name shows its full text on hover and on keyboard focus;
 * - at 390x844 the queues are a list of cards (name, id, arrival, status, actions) with every button inside the
 *   screen, the tiles a compact strip, the row count and pager in view; no page scrolls sideways at 360 or 390,
 *   public track and download pages included, whose targets are at least 24 px.
 * Screenshots of every staff queue at 1366x768 and 390x844 land in test-results/screenshots. What a queue shows and
 * does is in screen tests (web/src/features/queues); this file is what needs real CSS and a real window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { insertOrder, type OrderValues } from '../../server/test/order-factory';
import { TEST_PASSWORD } from '../../server/test/helper';
import { encodeId } from '../../shared/ids';
import { type E2EServer, launchBrowser, newPage, screenshot, signInThroughApi, startServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-queue-layout-'));
let server: E2EServer;
let browser: Browser;
let admin: { id: number; email: string };
let trackedOrder: { orderId: number; email: string };

const DAY = 86_400_000;
/** Rows per page in the test: more than the 15 that must be on screen. */
const LIMIT = 25;
const PER_QUEUE = LIMIT + 1; // a second page, so the pager shows
const FUTURE = new Date(Date.now() + 45 * DAY);

interface QueueCase {
  path: string;
  title: string;
  buttons: string[];
}
/** Every staff queue, with the buttons an Admin sees in each row. */
const QUEUES: QueueCase[] = [
  { path: '/admin/recent-order', title: 'New Order', buttons: ['View', 'Delete'] },
  { path: '/admin/my-order', title: 'My Order', buttons: ['View', 'Delete'] },
  { path: '/admin/priority-order', title: 'Priority Order', buttons: ['View', 'Delete'] },
  { path: '/admin/pending-order', title: 'Pending Orders', buttons: ['View'] },
  { path: '/admin/completed-order', title: 'Completed Orders', buttons: ['View'] },
  { path: '/admin/deleted-order', title: 'Deleted Orders', buttons: ['View'] },
  { path: '/admin/awaiting-response', title: 'Awaiting Response', buttons: ['View'] },
  { path: '/admin/awaiting-govt', title: 'Awaiting Govt', buttons: ['View'] },
  { path: '/admin/called', title: 'Customer Called', buttons: ['View'] },
  { path: '/admin/order-history', title: 'Order History', buttons: ['View'] },
  { path: '/admin/contact-customer', title: 'Contact Customer', buttons: ['View'] },
  { path: '/admin/refund-order', title: 'Refund Orders', buttons: ['View', 'Delete'] },
  { path: '/admin/chargeback', title: 'ChargeBack Orders', buttons: ['View', 'Pack 1', 'Pack 2', 'Delete'] },
  { path: `/admin/future-order?month=${FUTURE.getUTCMonth() + 1}`, title: 'Future Order', buttons: ['View', 'Delete'] },
];

const SURNAMES = [
  'WOLFESCHLEGELSTEINHAUSEN',
  'VANDERWESTHUIZENBERGH',
  'MWANGWANGAWARUWAMBWE',
  'OSTROWIECKIWSZEMBORSKA',
  'HOHENZOLLERNWITTELSBACH',
];
const GIVEN = ['MAXIMILIANA-WILHELMINA', 'BARTHOLOMEW-MONTGOMERY', 'WENCESLAUS-AUGUSTINUS', 'GWENDOLYNE-MARGUERITE'];

/** One worst-case order: long names, a 40+ character e-mail, a long telephone, arrival tomorrow or passed. */
function worstCase(i: number, overrides: Partial<OrderValues>): Partial<OrderValues> {
  const surname = SURNAMES[i % SURNAMES.length]!;
  const givenName = GIVEN[i % GIVEN.length]!;
  const arrival = new Date(Date.now() + (i % 3 === 0 ? -2 : i % 3 === 1 ? 1 : 20) * DAY);
  return {
    surname,
    givenName,
    email: `${givenName.toLowerCase()}.${surname.toLowerCase()}${i}@extraordinarily-long-mailbox.example`,
    personalPhoneCode: '1-868',
    personalTelephoneNumber: `86855501234${String(i).padStart(4, '0')}`,
    dateOfArrivalInJapan: arrival.getUTCDate(),
    monthOfArrivalInJapan: arrival.getUTCMonth() + 1,
    yearOfArrivalInJapan: arrival.getUTCFullYear(),
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
  admin = await server.createMember('Admin', 'Maximiliana Wolfeschlegelsteinhausen');
  const db = server.database.db;
  const kinds: Partial<OrderValues>[] = [
    { processStatus: 'New' },
    { processStatus: 'New', processingMode: 'priority' },
    { processStatus: 'New', processingMode: 'future', processingDate: FUTURE.toISOString().slice(0, 10) },
    { processStatus: 'Pending', assignedToId: admin.id, assignedAt: new Date() },
    { processStatus: 'Pending' },
    { processStatus: 'Awaiting' },
    { processStatus: 'AwaitingGovt' },
    { processStatus: 'Contact Customer' },
    { processStatus: 'Customer Called' },
    { processStatus: 'Completed' },
    { processStatus: 'Refunds' },
    { processStatus: 'ChargeBack' },
    { processStatus: 'Deleted' },
  ];
  let i = 0;
  for (const kind of kinds) {
    for (let n = 0; n < PER_QUEUE; n += 1) {
      i += 1;
      const refunded = kind.processStatus === 'Refunds' && n % 2 ? { refundDate: new Date() } : {};
      await insertOrder(db, worstCase(i, { ...kind, ...refunded }));
    }
  }
  const email = 'wenceslaus-augustinus.ostrowieckiwszemborska@extraordinarily-long-mailbox.example';
  trackedOrder = { orderId: await insertOrder(db, worstCase(0, { email, processStatus: 'Completed' })), email };
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const withLimit = (p: string) => `${p}${p.includes('?') ? '&' : '?'}limit=${LIMIT}`;

async function openQueue(page: Page, queue: QueueCase) {
  await page.goto(`${server.baseUrl}${withLimit(queue.path)}`);
  await page.getByRole('heading', { name: new RegExp(`^${queue.title}`) }).waitFor();
  // Every row of the page has arrived (a table row or a card), with its View link.
  await expect.poll(() => page.getByRole('link', { name: 'View' }).count(), { timeout: 15_000 }).toBe(LIMIT);
  await page.waitForTimeout(200); // the tiles' figures and fonts settle
}

/** What is wrong with a queue screen at a desktop width: an empty list is a pass. */
async function desktopProblems(page: Page, queue: QueueCase, minRowsOnScreen: number): Promise<string[]> {
  return page.evaluate(
    ({ buttons, minRowsOnScreen }) => {
      const problems: string[] = [];
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const scroller = document.querySelector<HTMLElement>('.queue-table-scroll')!;
      const box = scroller.getBoundingClientRect();
      const head = scroller.querySelector('thead')!.getBoundingClientRect();
      // The part of the table area that shows rows: under the header, above a horizontal scroll bar, in the window.
      const top = Math.max(head.bottom, 0);
      const bottom = Math.min(box.top + scroller.clientTop + scroller.clientHeight, vh);
      const left = Math.max(box.left + scroller.clientLeft, 0);
      const right = Math.min(box.left + scroller.clientLeft + scroller.clientWidth, vw);
      const hit = (el: Element, x: number, y: number) => {
        const at = document.elementFromPoint(x, y);
        return !!at && (at === el || el.contains(at));
      };
      const seen = (el: Element) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.top >= 0 &&
          r.bottom <= vh + 0.5 &&
          r.left >= 0 &&
          r.right <= vw + 0.5 &&
          hit(el, r.left + r.width / 2, r.top + r.height / 2)
        );
      };

      // Pager and row count: on screen with the page unscrolled.
      if (window.scrollY !== 0) problems.push(`page scrolled by ${window.scrollY} px at load`);
      const count = [...document.querySelectorAll('main *')].find(
        (el) =>
          el.children.length === 0 &&
          /^(Showing [\d,]+ to [\d,]+ of [\d,]+\+? entries|[\d,]+ orders)$/.test(el.textContent ?? ''),
      );
      if (!count) problems.push('no row count');
      else if (!seen(count))
        problems.push(
          `row count "${count.textContent}" not on screen (top ${Math.round(count.getBoundingClientRect().top)} px of ${vh})`,
        );
      const pager = document.querySelector('nav[aria-label="Pages"]');
      if (!pager) problems.push('no pager');
      else if (!seen(pager))
        problems.push(`pager not on screen (top ${Math.round(pager.getBoundingClientRect().top)} px of ${vh})`);

      const rows = [...scroller.querySelectorAll<HTMLTableRowElement>('tbody tr')];
      // Rows on screen before any scrolling: whole, under the header, not covered.
      const onScreen = rows.filter((tr) => {
        const r = tr.getBoundingClientRect();
        const cell = tr.cells[1]!.getBoundingClientRect();
        return (
          r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && hit(tr, cell.left + cell.width / 2, r.top + r.height / 2)
        );
      }).length;
      if (onScreen < minRowsOnScreen) problems.push(`${onScreen} rows on screen, fewer than ${minRowsOnScreen}`);

      const wrapped: string[] = [];
      const hidden = new Map<string, number>();
      const missing = new Set<string>();
      for (const tr of rows) {
        // One line: no text of the row breaks into two line boxes, and the row is not taller than a line of buttons.
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        let lines = 1;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          lines = Math.max(lines, tops.size);
        }
        const cells = [...tr.cells];
        const actions = [...cells[cells.length - 1]!.querySelectorAll('a, button')];
        const buttonTops = new Set(actions.map((b) => Math.round(b.getBoundingClientRect().top)));
        const cellStyle = getComputedStyle(cells[1]!);
        const oneLine =
          parseFloat(cellStyle.lineHeight) + parseFloat(cellStyle.paddingTop) + parseFloat(cellStyle.paddingBottom);
        const height = tr.getBoundingClientRect().height;
        if (
          lines > 1 ||
          buttonTops.size > 1 ||
          height > Math.max(oneLine, ...actions.map((b) => b.getBoundingClientRect().height + 2)) * 1.25 + 2
        ) {
          wrapped.push(
            `${cells[1]!.textContent} (${Math.round(height)} px, ${Math.max(lines, buttonTops.size)} lines)`,
          );
        }
        // Every button: bring the row to the middle of the table area, its left edge in view (no sideways scroll),
        // then the button must be whole inside the table area and the window and be what a click there reaches.
        tr.scrollIntoView({ block: 'center', inline: 'start', behavior: 'instant' });
        const names = actions.map((b) => b.textContent?.trim() ?? '');
        for (const name of buttons) if (!names.includes(name)) missing.add(name);
        for (const b of actions) {
          const r = b.getBoundingClientRect();
          const whole =
            r.left >= left - 0.5 && r.right <= right + 0.5 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
          if (!whole || !seen(b)) hidden.set(b.textContent ?? '', (hidden.get(b.textContent ?? '') ?? 0) + 1);
        }
      }
      if (wrapped.length)
        problems.push(`${wrapped.length} of ${rows.length} rows wrap, e.g. ${wrapped.slice(0, 2).join('; ')}`);
      for (const [name, n] of hidden) problems.push(`${name} out of sight or covered in ${n} of ${rows.length} rows`);
      if (missing.size) problems.push(`buttons missing: ${[...missing].join(', ')}`);
      if (document.documentElement.scrollWidth > vw)
        problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} px)`);
      return problems;
    },
    { buttons: queue.buttons, minRowsOnScreen },
  );
}

/** What is wrong with a queue screen on a phone: cards, buttons in the screen, pager in view, nothing sideways. */
async function phoneProblems(page: Page, queue: QueueCase): Promise<string[]> {
  return page.evaluate(
    ({ buttons }) => {
      const problems: string[] = [];
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      if (document.documentElement.scrollWidth > vw)
        problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} px in ${vw})`);
      const table = document.querySelector('.queue-table-scroll table');
      if (table && table.getBoundingClientRect().height > 0) problems.push('a table, not cards');
      const cards = [...document.querySelectorAll<HTMLElement>('[aria-label="Orders"] > li')];
      if (cards.length === 0) problems.push('no list of order cards');
      const tiles = document.querySelector('.dashboard-tiles');
      if (tiles && tiles.getBoundingClientRect().height > vh * 0.15)
        problems.push(`tiles ${Math.round(tiles.getBoundingClientRect().height)} px tall`);
      const hit = (el: Element) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!at && (at === el || el.contains(at));
      };
      const seen = (el: Element | null) => {
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.bottom <= vh + 0.5 && r.left >= 0 && r.right <= vw + 0.5 && hit(el);
      };
      const countText = () =>
        [...document.querySelectorAll('main *')].find(
          (el) =>
            el.children.length === 0 &&
            /^(Showing [\d,]+ to [\d,]+ of [\d,]+\+? entries|[\d,]+ orders)$/.test(el.textContent ?? ''),
        ) ?? null;
      const pager = () => document.querySelector('nav[aria-label="Pages"]');
      if (!seen(countText()) || !seen(pager())) problems.push('row count or pager not on screen at the top');
      const hidden = new Map<string, number>();
      const missing = new Set<string>();
      for (const card of cards) {
        const text = card.textContent ?? '';
        if (!/\d{6,}/.test(text)) problems.push(`a card without its order id: ${text.slice(0, 60)}`);
        if (!/\d{2}\/\d{2}\/\d{4}/.test(text)) problems.push(`a card without a date: ${text.slice(0, 60)}`);
        if (card.scrollWidth > card.clientWidth + 1) problems.push(`a card overflows sideways: ${text.slice(0, 40)}`);
        card.scrollIntoView({ block: 'center', behavior: 'instant' }); // Bootstrap makes the page's own scrolling smooth
        const actions = [...card.querySelectorAll('a, button')].filter((b) => b.closest('[data-card-actions]'));
        const names = actions.map((b) => b.textContent?.trim() ?? '');
        for (const name of buttons) if (!names.includes(name)) missing.add(name);
        for (const b of actions) {
          const r = b.getBoundingClientRect();
          if (!seen(b) || r.height < 24 || r.width < 24)
            hidden.set(b.textContent ?? '', (hidden.get(b.textContent ?? '') ?? 0) + 1);
        }
      }
      // Half-way down the list the row count and pager are still in view.
      if (!seen(countText()) || !seen(pager())) problems.push('row count or pager not on screen half-way down');
      for (const [name, n] of hidden)
        problems.push(`${name} out of sight or under 24 px in ${n} of ${cards.length} cards`);
      if (missing.size) problems.push(`buttons missing: ${[...missing].join(', ')}`);
      return problems;
    },
    { buttons: queue.buttons },
  );
}

async function adminPage(width: number, height: number) {
  const session = await newPage(browser, width, height);
  await signInThroughApi(session.page, server.baseUrl, admin.email);
  return session;
}

/**
 * The window at `width` x `height`, the page and the queue's table scrolled back to their start, drawn: as a load at
 * that size leaves them. The screen follows a resize as it does a load (its media queries, and the ResizeObserver
 * that marks cut names), so a queue opened once is checked at every size.
 */
async function atSize(page: Page, width: number, height: number) {
  await page.evaluate(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    for (const box of document.querySelectorAll('.queue-table-scroll'))
      box.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  });
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

const queueSlug = (queue: QueueCase) => queue.title.toLowerCase().replace(/\W+/g, '-');
/** The phone sizes checked: every queue at the first, the narrowest cases at the second too. */
const PHONES = [
  [390, 844],
  [360, 740],
] as const;

describe('queue layout with worst-case data', () => {
  it('at 1366x768, 1280x720 and 1920x1080 every queue row is one line with every button in sight, pager and row count on screen; a cut name shows whole on hover and focus', async () => {
    const problems: string[] = [];
    const sizes = [
      [1366, 768, 15],
      [1280, 720, 10],
      [1920, 1080, 15],
    ] as const;
    const { context, page } = await adminPage(1366, 768);
    for (const queue of QUEUES) {
      await openQueue(page, queue);
      for (const [width, height, minRows] of sizes) {
        await atSize(page, width, height);
        if (width === 1366) await screenshot(page, `queue-layout-${queueSlug(queue)}-1366`);
        problems.push(...(await desktopProblems(page, queue, minRows)).map((p) => `${queue.title} ${width}: ${p}`));
      }
    }
    await atSize(page, 1366, 768);
    await truncatedShowWhole(page);
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('at 390x844 every queue is a list of cards with every button in the screen, the tiles a compact strip, the pager in view; at 360 px nothing scrolls sideways', async () => {
    const problems: string[] = [];
    const narrowest = new Set([QUEUES[0]!, QUEUES[12]!, QUEUES[13]!]);
    const { context, page } = await adminPage(390, 844);
    for (const queue of QUEUES) {
      await openQueue(page, queue);
      for (const [width, height] of narrowest.has(queue) ? PHONES : PHONES.slice(0, 1)) {
        await atSize(page, width, height);
        // What the screen shows (the whole page is a long list of cards).
        if (width === 390) await screenshot(page, `queue-layout-${queueSlug(queue)}-390`, { fullPage: false });
        problems.push(...(await phoneProblems(page, queue)).map((p) => `${queue.title} ${width}: ${p}`));
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);
});

/** In New Orders' first row, the name and e-mail are cut with an ellipsis, and whole in a tooltip on hover and focus. */
async function truncatedShowWhole(page: Page) {
  await openQueue(page, QUEUES[0]!);
  const row = page.locator('tbody tr').first();
  for (const column of ['name', 'email'] as const) {
    const cell = row.locator(`[data-truncate="${column}"]`);
    const full = (await cell.textContent())!.trim();
    expect(full.length).toBeGreaterThan(30);
    expect(
      await cell.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis'),
    ).toBe(true);
    await cell.hover();
    await page.getByRole('tooltip').filter({ hasText: full }).waitFor();
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    // The cell is a tab stop only when it is cut; its focus shows the whole text too.
    await cell.focus();
    expect(await cell.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    await page.getByRole('tooltip').filter({ hasText: full }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
  }
}

/** Problems of a public page on a phone: sideways scroll, small targets, text under 12 px. */
async function publicProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw)
      problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} px in ${vw})`);
    for (const el of document.querySelectorAll<HTMLElement>('a, button, input, select, textarea')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // WCAG 2.5.8: a link inside a sentence is exempt.
      if (el.tagName === 'A' && el.closest('p') && !el.classList.contains('btn')) continue;
      if (r.width < 24 || r.height < 24)
        problems.push(
          `target "${(el.textContent || el.getAttribute('aria-label') || el.tagName).trim()}" ${Math.round(r.width)}x${Math.round(r.height)} px`,
        );
      if (r.right > vw + 0.5 || r.left < -0.5) problems.push(`"${el.textContent?.trim()}" outside the screen`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !node.textContent?.trim() ||
        !parent ||
        parent.closest('.visually-hidden, script, style') ||
        parent.getBoundingClientRect().width === 0
      )
        continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < 12) problems.push(`text "${node.textContent.trim().slice(0, 30)}" at ${size} px`);
    }
    return problems;
  });
}

describe('public pages on phones', () => {
  it('track and download at 360 and 390 px: no sideways scroll, readable text, targets of 24 px or more', async () => {
    // The finished document, uploaded by staff through the real API, so Download Now and a history line exist.
    const login = await fetch(`${server.baseUrl}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
    });
    const token = (await login.json()).jwtToken as string;
    const form = new FormData();
    form.set('orderId', String(trackedOrder.orderId));
    form.set('email', trackedOrder.email);
    form.set('mailServiceProvider', 'smtp');
    form.set(
      'uploadVisaDoc',
      new Blob([Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')])], {
        type: 'application/pdf',
      }),
      'card.pdf',
    );
    expect(
      (
        await fetch(`${server.baseUrl}/api/admin/upload-visa-document`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      ).status,
    ).toBe(200);

    const problems: string[] = [];
    for (const [width, height] of [
      [360, 740],
      [390, 844],
    ] as const) {
      const { context, page } = await newPage(browser, width, height);
      await page.goto(`${server.baseUrl}/track-order/${encodeId(trackedOrder.orderId)}`);
      await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
      await expect
        .poll(() =>
          page.locator('header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      problems.push(...(await publicProblems(page)).map((p) => `track ${width}: ${p}`));
      await screenshot(page, `public-track-${width}`);
      await page.getByLabel('Email ID').fill(trackedOrder.email);
      await page.getByRole('button', { name: 'TRACK ORDER' }).click();
      await page.waitForURL(/get-new-order-details/);
      await page.getByRole('button', { name: 'Download Now' }).click();
      await page.locator('.download-history tbody td:not(.empty-row)').first().waitFor();
      problems.push(...(await publicProblems(page)).map((p) => `download ${width}: ${p}`));
      await screenshot(page, `public-download-${width}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
