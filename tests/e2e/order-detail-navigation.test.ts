/**
 * Issue 26 points 3 and 4: the order detail navigable (a sticky bar with status, assignee, urgency, moves and a
 * section index; sections collapsible and remembered per member) and one way to show time (the zone in the label,
 * configurable). Screenshots of the order detail at 1366x768 and 390x844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { insertOrder, type OrderValues } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, signIn, startServer, type E2EServer } from './harness';
import { instanceRendersOf, RENDER_COUNTER, renderLog, settleRenders } from './react-renders';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

async function session(srv: E2EServer, role: 'Team' | 'Manager', name: string, width = 1366, height = 768) {
  const member = await srv.createMember(role, name);
  const s = await newPage(browser, width, height);
  contexts.push(s.context);
  await signIn(s.page, srv.baseUrl, member.email);
  return s.page;
}

/** An order with every section shown: declarations yes, personal effects and other articles filled, arriving tomorrow. */
function longOrder(values: Partial<OrderValues> = {}) {
  const tomorrow = new Date(Date.now() + 86_400_000 + 9 * 3_600_000);
  return insertOrder(server.database.db, {
    declarationThree: 'yes',
    declarationFour: 'yes',
    declarationEight: 'yes',
    quantityOfUnaccompaniedArticles: 2,
    alcoholicBeverages: 3,
    articleName: 'Camera lens',
    quantity: 1,
    unit: 'piece',
    marketValue: '2000',
    currency: 'USD',
    dateOfArrivalInJapan: tomorrow.getUTCDate(),
    monthOfArrivalInJapan: tomorrow.getUTCMonth() + 1,
    yearOfArrivalInJapan: tomorrow.getUTCFullYear(),
    ...values,
  });
}

async function open(page: Page, baseUrl: string, orderId: number) {
  await page.goto(`${baseUrl}/admin/view-order/${encodeId(orderId)}`);
  await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
  await page
    .getByRole('navigation', { name: 'Sections of this order' })
    .getByRole('link', { name: 'Comments' })
    .waitFor();
}

const bar = (page: Page) => page.getByRole('region', { name: 'Order status and moves' });
const boxOf = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

/**
 * The section's top sits just below the sticky bar; a section near the end, that the page cannot scroll that far,
 * is below the bar with the page scrolled to its end.
 */
async function expectJumpedTo(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const [section, sticky] = await Promise.all([boxOf(page, `#${id}`), bar(page).boundingBox()]);
        const below = section.y - (sticky!.y + sticky!.height);
        const atEnd = await page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
        );
        const viewport = page.viewportSize()!.height;
        return below >= 0 && (below <= 24 || (atEnd && section.y < viewport - 40));
      },
      { timeout: 10_000 },
    )
    .toBe(true); // the page scrolls smoothly (Bootstrap's scroll-behavior)
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
}

/**
 * Back to the top at once (so a full-page screenshot has the bar in place). Scrolled again on each poll: a smooth
 * scroll still running from the last jump, or scroll anchoring after the index's highlight moved, can leave the page
 * a pixel down after one instant scroll (seen once in CI: scrollY stayed 1).
 */
async function toTop(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: 0, behavior: 'instant' });
        return window.scrollY;
      }),
    )
    .toBe(0);
}

describe('order detail: a sticky bar and a section index', () => {
  it("jumps to the customer's answers with a, and to any section from the index", async () => {
    const page = await session(server, 'Team', 'Nina Navigator');
    const orderId = await longOrder();
    await open(page, server.baseUrl, orderId);
    // The bar says who, which status, whom it is assigned to and how urgent it is.
    await bar(page).getByTestId('order-status').filter({ hasText: 'New' }).waitFor();
    await bar(page).getByTestId('order-assignee').filter({ hasText: 'Assigned to nobody' }).waitFor();
    await bar(page)
      .getByTestId('order-urgency')
      .filter({ hasText: /^Very urgent: arrives (today|tomorrow)$/ })
      .waitFor();
    const moves = bar(page).getByRole('group', { name: 'Move order to' }).getByRole('button');
    expect(await moves.count()).toBe(8);
    // The eight moves on one line at 1366 px: the bar stays short.
    const tops = new Set(
      await moves.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top))),
    );
    expect(tops.size).toBe(1);

    const answersTop = (await boxOf(page, '#entry-return-procedure-category')).y;
    expect(answersTop).toBeGreaterThan(768); // below the fold before the jump
    await page.keyboard.press('a');
    await expectJumpedTo(page, 'entry-return-procedure-category');
    await page.getByRole('heading', { name: 'Entry/Return Procedure Category' }).waitFor();
    // The index marks where the reader is.
    await expect.poll(() => bar(page).locator('a[aria-current="location"]').innerText()).toMatch(/^Answers/);

    await bar(page).getByRole('link', { name: 'Comments' }).click();
    await expectJumpedTo(page, 'comment-history');
    await bar(page).getByRole('link', { name: 'Remark' }).click();
    await expectJumpedTo(page, 'add-comment-below');
    await page.keyboard.press('a');
    await expectJumpedTo(page, 'entry-return-procedure-category');
    await screenshot(page, 'order-detail-1366-answers', { fullPage: false });
    await toTop(page);
    await screenshot(page, 'order-detail-1366');
  });

  it('keeps the bar with its move buttons in view at the bottom of the page', async () => {
    const page = await session(server, 'Team', 'Bo Bottom');
    const orderId = await longOrder();
    await open(page, server.baseUrl, orderId);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(() =>
        page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Enter Transaction Details' }).waitFor();
    const sticky = (await bar(page).boundingBox())!;
    expect(sticky.y).toBe(60); // right under the top bar
    const pending = bar(page).getByRole('group', { name: 'Move order to' }).getByRole('button', { name: 'Pending' });
    const button = (await pending.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(60);
    expect(button.y + button.height).toBeLessThanOrEqual(768);
    await screenshot(page, 'order-detail-1366-bottom', { fullPage: false });
    await pending.click();
    await bar(page).getByTestId('order-status').filter({ hasText: 'Pending' }).waitFor();
  });

  it('remembers a collapsed section after a reload and on the next order, for that member', async () => {
    const page = await session(server, 'Team', 'Cole Collapse');
    const first = await longOrder();
    const second = await longOrder();
    await open(page, server.baseUrl, first);
    const toggle = page.getByRole('button', { name: 'Passport details', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Enter'); // by keyboard
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#passport-details-body').isHidden()).toBe(true);

    await page.reload();
    await open(page, server.baseUrl, first);
    expect(
      await page.getByRole('button', { name: 'Passport details', exact: true }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await page.locator('#passport-details-body').isHidden()).toBe(true);
    expect(await page.locator('#basic-information-body').isVisible()).toBe(true);

    await open(page, server.baseUrl, second);
    expect(await page.locator('#passport-details-body').isHidden()).toBe(true);
    // The index opens a collapsed section it jumps to.
    await page.getByRole('button', { name: 'Passport details', exact: true }).click();
    await page.getByRole('button', { name: 'Process Log', exact: true }).click();
    expect(await page.locator('#process-log-body').isHidden()).toBe(true);
    await bar(page).getByRole('link', { name: 'Process Log' }).click();
    await expectJumpedTo(page, 'process-log');
    expect(await page.locator('#process-log-body').isVisible()).toBe(true);
  });

  it("reads no element's position in the frame's callbacks as the page opens: the section index waits until it is drawn (issue 27)", async () => {
    const member = await server.createMember('Team', 'Lea Layout');
    const s = await newPage(browser);
    contexts.push(s.context);
    // Each position read inside an animation-frame callback: it makes the browser lay the new page out there, ahead
    // of the frame's own layout.
    await s.context.addInitScript(() => {
      const reads: string[] = [];
      (window as unknown as { __readsInFrameCallbacks: string[] }).__readsInFrameCallbacks = reads;
      let inCallback = false;
      const requestFrame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) =>
        requestFrame((time) => {
          inCallback = true;
          try {
            callback(time);
          } finally {
            inCallback = false;
          }
        });
      const rect = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (inCallback) reads.push(this.id || this.className || this.tagName);
        return rect.call(this);
      };
    });
    await signIn(s.page, server.baseUrl, member.email);
    await open(s.page, server.baseUrl, await longOrder());
    await s.page.waitForTimeout(500);
    expect(
      await s.page.evaluate(() => (window as unknown as { __readsInFrameCallbacks: string[] }).__readsInFrameCallbacks),
    ).toEqual([]);
    // The index still follows the reader.
    await s.page.keyboard.press('a');
    await expect.poll(() => bar(s.page).locator('a[aria-current="location"]').innerText()).toMatch(/^Answers/);
  });

  it('draws each section once as the page opens: the sections saying they are there redraws the index alone (issue 27)', async () => {
    const member = await server.createMember('Team', 'Rena Renders');
    const s = await newPage(browser);
    contexts.push(s.context);
    await s.context.addInitScript(RENDER_COUNTER);
    await signIn(s.page, server.baseUrl, member.email);
    await open(s.page, server.baseUrl, await longOrder());
    await settleRenders(s.page, 500);
    // Sections whose content has no request of its own: drawn when the page mounts, and not again.
    for (const id of ['order-details', 'passport-details', 'basic-information', 'address-in-japan', 'process-log'])
      expect({ id, renders: await instanceRendersOf(s.page, `#${id}`) }).toEqual({ id, renders: 1 });
    // The index lists every section (it learnt of them after the page's first commit).
    expect(
      await bar(s.page).getByRole('navigation', { name: 'Sections of this order' }).getByRole('link').count(),
    ).toBe(8);
  });

  it("paints a View's first screen before the page below it: the window is full at once, the answers come next and nothing in sight moves (issue 27)", async () => {
    const page = await session(server, 'Team', 'Fay First', 1366, 900);
    await longOrder();
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    // What the commit that brings the order's page holds, and where its parts in sight stand once that frame is
    // drawn (a task posted from the frame's callbacks runs as its rendering ends; before it, the sections far from
    // the window still have content-visibility's placeholder height).
    await page.evaluate(() => {
      const seen: Record<string, unknown> = {};
      (window as unknown as { __first: object }).__first = seen;
      // Chromium's task scheduler (not yet in TypeScript's DOM types).
      const { scheduler } = window as unknown as {
        scheduler: { postTask(task: () => void, options: { priority: 'user-blocking' }): void };
      };
      const observer = new MutationObserver(() => {
        const odPage = document.querySelector('.od-page');
        if (!odPage) return;
        observer.disconnect();
        seen.answers = !!document.getElementById('entry-return-procedure-category');
        requestAnimationFrame(() =>
          scheduler.postTask(
            () => {
              seen.fillsTheWindow = odPage.getBoundingClientRect().bottom >= window.innerHeight;
              seen.uploadTop = document.getElementById('upload-document')?.getBoundingClientRect().top;
            },
            { priority: 'user-blocking' },
          ),
        );
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.locator('#entry-return-procedure-category').waitFor();
    const uploadTop = await page.evaluate(
      () => document.getElementById('upload-document')!.getBoundingClientRect().top,
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __first: object }).__first))
      .toEqual({ answers: false, fillsTheWindow: true, uploadTop });
    // The index lists the sections that came after.
    await expect
      .poll(() => bar(page).getByRole('navigation', { name: 'Sections of this order' }).getByRole('link').count())
      .toBe(8);
  });

  it("draws a View's first screen once before its paint: its forms are not drawn again in the same task (issue 27)", async () => {
    const member = await server.createMember('Team', 'Oona Once');
    const s = await newPage(browser, 1366, 900);
    contexts.push(s.context);
    await s.context.addInitScript(RENDER_COUNTER);
    await signIn(s.page, server.baseUrl, member.email);
    const orderId = await longOrder();
    await s.page.goto(`${server.baseUrl}/admin/order-history`);
    await s.page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await settleRenders(s.page, 500);
    const before = await renderLog(s.page);
    await s.page
      .locator('tbody tr')
      .filter({ hasText: String(orderId) })
      .getByRole('link', { name: 'View' })
      .click();
    await s.page.locator('#entry-return-procedure-category').waitFor();
    await settleRenders(s.page, 500);
    const after = await renderLog(s.page);
    // The commit that brought the order's page (its summary bar), and none drawn in the same task as another:
    // react-hook-form's useForm drew each form in sight again before the paint, and ran the page's effects with it.
    expect(after.orders.slice(before.commits).includes(true)).toBe(true);
    expect(after.chained.filter((commit) => commit > before.commits)).toEqual([]);
    // Still a form that answers: an empty remark shows its error (order-detail.test.ts and documents.test.ts have the rest).
    await s.page.getByRole('button', { name: 'Submit Remark' }).click();
    await s.page.getByText('Please enter your remark').waitFor();
    expect(await s.page.locator('#remark').getAttribute('aria-invalid')).toBe('true');
  });

  it('fits the bar on a phone: one line of moves and one of sections', async () => {
    const page = await session(server, 'Team', 'Pia Phone', 390, 844);
    const orderId = await longOrder({ surname: 'VANDERBERGHEMONTFORT', givenName: 'MAXIMILIANA' });
    await open(page, server.baseUrl, orderId);
    const sticky = (await bar(page).boundingBox())!;
    expect(sticky.height).toBeLessThan(844 / 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const answersLink = bar(page).getByRole('link', { name: 'Answers' });
    expect((await answersLink.boundingBox())!.x + (await answersLink.boundingBox())!.width).toBeGreaterThan(390); // off the strip
    await page.keyboard.press('a');
    await expectJumpedTo(page, 'entry-return-procedure-category');
    // The index's strip follows: the current entry is in sight.
    await expect.poll(() => answersLink.getAttribute('aria-current')).toBe('location');
    await expect
      .poll(async () => {
        const box = (await answersLink.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    await screenshot(page, 'order-detail-390-answers', { fullPage: false });
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(() =>
        page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight),
      )
      .toBe(true);
    await screenshot(page, 'order-detail-390-bottom', { fullPage: false });
    await toTop(page);
    await screenshot(page, 'order-detail-390-top', { fullPage: false });
    await screenshot(page, 'order-detail-390');
  });
});

describe('one way to show time: the zone in the label', () => {
  const createdAt = new Date('2026-07-15T17:05:09Z'); // summer: EDT in New York

  it("labels a queue's and the order detail's times with the zone (US Eastern by default), the hover saying how long ago", async () => {
    const page = await session(server, 'Team', 'Tim Time');
    const orderId = await longOrder({ surname: 'TIMEKEEPER' });
    const [row] = await server.database.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.orderId, orderId));
    await page.goto(`${server.baseUrl}/admin/recent-order`);
    const header = page.locator('thead th').filter({ hasText: 'Date & Time' });
    expect((await header.innerText()).replace(/\s+/g, ' ')).toBe('Date & Time (EST)');
    const cell = page
      .locator('tbody tr')
      .filter({ hasText: String(orderId) })
      .locator('time');
    const expected = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(row!.createdAt);
    const abbreviation = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
      .formatToParts(row!.createdAt)
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(await cell.innerText()).toBe(abbreviation === 'EST' ? expected : `${expected} ${abbreviation}`);
    expect(await cell.getAttribute('title')).toMatch(/^(now|\d+ seconds? ago|\d+ minutes? ago)$/);
    await screenshot(page, 'queue-time-zone-label');

    // A summer moment under an EST header carries its own label.
    await server.database.db.update(orders).set({ createdAt }).where(eq(orders.orderId, orderId));
    await open(page, server.baseUrl, orderId);
    const field = page.locator('.od-field').filter({ hasText: 'Order Date (EST)' }).locator('time');
    expect(await field.innerText()).toBe('2026-07-15 13:05:09 EDT');
    expect(await field.getAttribute('title')).toMatch(/ months? ago$/);
    await bar(page).getByRole('group', { name: 'Move order to' }).getByRole('button', { name: 'Pending' }).click();
    // Sections far below are drawn as they come near the screen (content-visibility): read as a person scrolls there.
    const log = page.getByRole('list', { name: 'Process log' });
    await log.scrollIntoViewIfNeeded();
    await expect.poll(() => log.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T/);
    const comments = page.locator('#comment-history thead');
    await comments.scrollIntoViewIfNeeded();
    await expect.poll(() => comments.innerText()).toContain('Date & Time (EST)');
  });

  it('shows every staff time in the configured zone (STAFF_TIME_ZONE) with its label', async () => {
    const tokyo = await startServer({ STAFF_TIME_ZONE: 'Asia/Tokyo' });
    try {
      const page = await session(tokyo, 'Team', 'Kei Tokyo');
      const orderId = await insertOrder(tokyo.database.db, { createdAt, surname: 'TOKYOTIME' });
      await page.goto(`${tokyo.baseUrl}/admin/order-history`);
      const header = page.locator('thead th').filter({ hasText: 'Date & Time' });
      expect((await header.innerText()).replace(/\s+/g, ' ')).toBe('Date & Time (GMT+9)');
      expect(
        await page
          .locator('tbody tr')
          .filter({ hasText: String(orderId) })
          .locator('time')
          .innerText(),
      ).toBe('2026-07-16 02:05');
      await open(page, tokyo.baseUrl, orderId);
      expect(
        await page.locator('.od-field').filter({ hasText: 'Order Date (GMT+9)' }).locator('time').innerText(),
      ).toBe('2026-07-16 02:05:09');
    } finally {
      await tokyo.close();
    }
  });
});
