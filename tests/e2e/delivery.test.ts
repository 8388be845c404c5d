/**
 * The built app as a browser receives it (issue 27): no console error or CSP violation on any page (zod's
 * validators compiled without `new Function`), scripts and styles arrive brotli-compressed with a year's caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { encodeId } from '../../shared/ids';
import { selectRows } from '../../server/db/client';
import { holdRequests, launchBrowser, newPage, signIn, startServer, type E2EServer } from './harness';
import { RENDER_COUNTER, renderLog, settleRenders, type RenderLog } from './react-renders';

let server: E2EServer;
let browser: Browser;
let staffEmail = '';

beforeAll(async () => {
  server = await startServer();
  staffEmail = (await server.createMember('Admin', 'Delivery Admin')).email;
  await server.seedRecentOrders(40);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the page of the first order (a full load of its address); returns its id. */
async function openFirstOrder(page: Page): Promise<number> {
  const [{ order_id: orderId }] = (await selectRows<{ order_id: number }>(
    server.database.db,
    sql`select order_id from orders order by order_id limit 1`,
  )) as [{ order_id: number }];
  await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
  await page.locator('.od-page').waitFor();
  return orderId;
}

/** A staff member's queue, signed in and drawn, with the scripts the page asks for from the start. */
async function onQueueRecordingScripts() {
  const { context, page } = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.+\.js$/.test(request.url())) scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, server.baseUrl, staffEmail);
  await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
  return { context, page, scripts };
}

/** Console errors and CSP violations the page reports from now on. */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  return problems;
}

/**
 * Records each start of a browser locale service (an Intl object, localeCompare, toLocaleString) in `window.__intl`.
 * The first of a page costs 50-100 ms of its main thread in Chromium on the bench machine (issue 27), so a page
 * starts one only for what it shows. A plain script: the page's CSP forbids compiling one from a function's text.
 */
const RECORD_INTL = `(() => {
  const used = (window.__intl = []);
  // With RENDER_COUNTER: how many commits React had made when the first service started.
  const record = (name) => {
    if (!used.length && window.__renders) window.__intlFirstAtCommit = window.__renders.commits;
    used.push(name);
  };
  for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'Collator', 'PluralRules', 'ListFormat', 'DisplayNames', 'Segmenter']) {
    Intl[name] = new Proxy(Intl[name], {
      construct(target, args) { record(name); return Reflect.construct(target, args); },
      apply(target, self, args) { record(name); return Reflect.apply(target, self, args); },
    });
  }
  for (const [proto, method] of [[String.prototype, 'localeCompare'], [Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString']]) {
    const original = proto[method];
    proto[method] = function (...args) { record(method); return original.apply(this, args); };
  }
})();`;

/**
 * Counts every zod schema the page builds in `window.__zodSchemas`, through the hook zod calls for each one it
 * builds (`postProcessor` of its shared settings, which web/src/zod-jitless.ts keeps when it adds its own). Building
 * schemas nobody checks with was a large part of a staff page's module evaluation (674 on a queue's load
 * before decision 0035, ~100 ms of a phone's main thread), so a screen builds only the ones it checks with.
 */
const COUNT_SCHEMAS = `(() => {
  window.__zodSchemas = 0;
  globalThis.__zod_globalConfig = { postProcessor: () => { window.__zodSchemas += 1; } };
})();`;
const SCHEMAS_AT_QUEUE_LOAD = 40;
const SCHEMAS_AT_ORDER_PAGE_LOAD = 200;

/** Past the idle load of the order page's code (two seconds after the first screen), whose modules start none. */
async function idleCodeLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(`!!performance.getEntriesByType('resource').find((e) => e.name.includes('OrderDetailRoute'))`),
    )
    .toBe(true);
  await page.waitForTimeout(500);
}

describe('delivery of the built app', () => {
  it('shows no console error or CSP violation on sign-in, a queue, an order and the track page', async () => {
    const { context, page } = await newPage(browser);
    const problems = await watchProblems(page);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const orderId = await openFirstOrder(page);
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByLabel('Order ID').fill(String(orderId));
    await page.getByLabel('Email ID').fill('nobody@example.com');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });

  it('sends scripts and styles brotli-compressed and cached a year', async () => {
    const { context, page } = await newPage(browser);
    const assets: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (!/\/assets\/.+\.(?:js|css)$/.test(response.url())) return;
      const headers = await response.allHeaders();
      assets.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    });
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets.filter((a) => !/rolldown-runtime|app-name|eastern-time/.test(a.url))) {
      expect(asset, asset.url).toMatchObject({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    }
    await context.close();
  });

  it('starts a locale service only for what a page shows: none on the track form, times alone on a queue', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript({ content: RECORD_INTL });
    await page.goto(`${server.baseUrl}/track-order`);
    await page.getByRole('button', { name: 'TRACK ORDER' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate('window.__intl')).toEqual([]);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await idleCodeLoaded(page);
    // The rows' times and their hover texts; no collation (the country list comes sorted), no number formatting.
    const used = new Set(await page.evaluate<string[]>('window.__intl'));
    expect([...used].sort()).toEqual(['DateTimeFormat', 'RelativeTimeFormat']);
    await context.close();
  });

  it('starts none on a queue drawn as cards on a phone, which shows no time', async () => {
    const { context, page } = await newPage(browser, 412, 823);
    await page.addInitScript({ content: RECORD_INTL });
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('.queue-card').first().waitFor();
    await idleCodeLoaded(page);
    expect(await page.evaluate('window.__intl')).toEqual([]);
    // The same page on a desk-wide window draws its times, so this is not a page that never could.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.locator('table[aria-busy=false] tbody tr td time').first().waitFor();
    expect(await page.evaluate('window.__intl')).toContain('DateTimeFormat');
    await context.close();
  });

  it('on a cold load of a screen that shows times, starts the locale service while its code is on its way, before React draws', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await context.addInitScript(RENDER_COUNTER);
    await context.addInitScript({ content: RECORD_INTL });
    await openFirstOrder(page);
    expect(await page.evaluate('window.__intlFirstAtCommit'), 'commits before the order page started one').toBe(0);
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.locator('table[aria-busy=false] tbody tr td time').first().waitFor();
    expect(await page.evaluate('window.__intlFirstAtCommit'), 'commits before a queue started one').toBe(0);
    // Drawn as cards on a phone, a queue shows no time: none is started.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.locator('.queue-card').first().waitFor();
    expect(await page.evaluate('window.__intl')).toEqual([]);
    await context.close();
  });

  it('builds only the schemas a screen checks with as it loads: a queue next to none, the order page its forms', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript({ content: COUNT_SCHEMAS });
    await signIn(page, server.baseUrl, staffEmail);
    // As the rows are drawn (the order page's code is fetched two seconds later, when the browser is idle).
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    // 10 today (zod's own); the queue's filter fields (~200) only when the address or the filter bar has a filter.
    expect(await page.evaluate<number>('window.__zodSchemas')).toBeLessThanOrEqual(SCHEMAS_AT_QUEUE_LOAD);
    await openFirstOrder(page);
    // Its forms' fields (remark, transaction details, the mail fields), not the answers' and requests' schemas.
    const atOrderPage = await page.evaluate<number>('window.__zodSchemas');
    expect(atOrderPage).toBeGreaterThan(SCHEMAS_AT_QUEUE_LOAD);
    expect(atOrderPage).toBeLessThanOrEqual(SCHEMAS_AT_ORDER_PAGE_LOAD);
    await context.close();
  });

  it("asks for a queue's first page and an order with the screen's code on a cold load, and the screen takes that answer", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** Who asked for each API address, in order: the script at the top of the request's initiator stack. */
    const askedBy = new Map<string, string[]>();
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith('/api/admin/get-orders-')) return;
      const script = initiator.stack?.callFrames[0]?.url ?? initiator.type;
      askedBy.set(pathname, [...(askedBy.get(pathname) ?? []), new URL(script, server.baseUrl).pathname]);
    });
    const entry = /^\/assets\/index-[\w-]+\.js$/;
    // The first answer to the queue's first page is marked, so the screen shows whether it drew that one.
    let answered = 0;
    await page.route(/\/api\/admin\/get-orders-list\/orderHistory\?/, async (route) => {
      answered += 1;
      if (answered > 1) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { surname: string }[] };
      body.data[0]!.surname = 'EARLYANSWER';
      // With the answer's own headers: without its live-events-through header the page could not tell which events
      // the answer holds, and its live stream's hello read the queue again, sometimes before this answer was drawn.
      const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers();
      return route.fulfill({ status: response.status(), headers, json: body });
    });
    await page.addInitScript({
      content: `new MutationObserver(() => { if (document.body?.textContent?.includes('EARLYANSWER')) window.__drewEarly = true; }).observe(document, { subtree: true, childList: true, characterData: true });`,
    });

    await page.goto(`${server.baseUrl}/admin/order-history`);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    expect(askedBy.get('/api/admin/get-orders-list/orderHistory')?.[0]).toMatch(entry);
    await expect.poll(() => page.evaluate('window.__drewEarly === true')).toBe(true);
    await page.waitForTimeout(500);
    expect(answered, 'the queue read once (the live stream knew the answer held every event)').toBe(1);

    const orderId = await openFirstOrder(page);
    expect(askedBy.get(`/api/admin/get-orders-details/${orderId}`)?.[0]).toMatch(entry);

    // An address with a query (page 2) is not a plain first page: the screen asks for it itself.
    const before = askedBy.get('/api/admin/get-orders-list/orderHistory')!.length;
    await page.goto(`${server.baseUrl}/admin/order-history?page=2`);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const later = askedBy.get('/api/admin/get-orders-list/orderHistory')!.slice(before);
    expect(later.length).toBeGreaterThan(0);
    for (const script of later) expect(script).not.toMatch(entry);
    await context.close();
  });

  it("draws a cold load's first rows, and an order, as a deferred update that React renders in slices, and a clicked screen at once", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await context.addInitScript(RENDER_COUNTER);
    const [{ order_id: orderId }] = (await selectRows<{ order_id: number }>(
      server.database.db,
      sql`select order_id from orders order by order_id limit 1`,
    )) as [{ order_id: number }];
    const screens = [
      {
        address: '/admin/order-history',
        answer: /\/api\/admin\/get-orders-list\/orderHistory\?/,
        drawn: (log: RenderLog, commit: number) => log.rows[commit]! > 0,
      },
      {
        address: `/admin/view-order/${encodeId(orderId)}`,
        answer: new RegExp(`/api/admin/get-orders-details/${orderId}$`),
        drawn: (log: RenderLog, commit: number) => log.orders[commit] === true,
      },
    ];
    for (const screen of screens) {
      // The screen's answer is held until the page has drawn everything else, so what React commits after it is
      // let through is the answer's doing alone.
      const release = await holdRequests(page, screen.answer);
      await page.goto(`${server.baseUrl}${screen.address}`);
      await settleRenders(page, 700);
      const before = (await renderLog(page)).commits;
      release();
      await expect.poll(async () => (await renderLog(page)).commits).toBeGreaterThan(before + 1);
      await settleRenders(page, 700);
      const log = await renderLog(page);
      const drawnAt = log.headings.findIndex((_, commit) => commit >= before && screen.drawn(log, commit));
      // The answer's own commit keeps the loading state (a store update is drawn at once, in one task: the whole
      // screen would be); the screen is drawn by a later commit, of a render React did in its own tasks.
      expect(drawnAt, `${screen.address}: the commit that drew the screen`).toBeGreaterThan(before);
      expect(log.chained, `${screen.address}: commits made in the task of the one before`).not.toContain(drawnAt + 1);
      await page.unroute(screen.answer);
    }
    // A screen opened by a click draws its answer at once: the person is waiting for it. (The click waits a moment for
    // the answer, then shows the screen loading; the answer comes later here.)
    const release = await holdRequests(page, screens[0]!.answer);
    await page.locator('nav[aria-label="Main"] a[href="/admin/order-history"]').click();
    await page.locator('h1', { hasText: 'Order History' }).waitFor();
    await settleRenders(page, 700);
    const before = (await renderLog(page)).commits;
    release();
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    expect((await renderLog(page)).rows[before], 'rows in the first commit after the answer').toBeGreaterThan(0);
    await context.close();
  });

  it("shows the order page's heading while the order loads, where the order's page keeps it", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const [{ order_id: orderId }] = (await selectRows<{ order_id: number }>(
      server.database.db,
      sql`select order_id from orders order by order_id limit 1`,
    )) as [{ order_id: number }];
    const release = await holdRequests(page, new RegExp(`/api/admin/get-orders-details/${orderId}$`));
    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Order Details' });
    await page.getByRole('status').filter({ hasText: 'Loading order…' }).waitFor();
    const whileLoading = await heading.boundingBox();
    expect(whileLoading).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    release();
    await page.locator('.od-summary').waitFor();
    expect(await heading.boundingBox()).toEqual(whileLoading);
    expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
    await context.close();
  });

  it("keeps the app's logo and icon a year, so moving between screens asks the server for no image, and reads no SVG icon again", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, staffEmail);
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    const logo = await page.locator('header img').first().getAttribute('src');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(logo).toMatch(/^\/assets\/app-logo-[\w-]+\.svg$/);
    expect(icon).toMatch(/^\/assets\/app-icon-[\w-]+\.png$/);
    for (const image of [logo, icon]) {
      const answer = await page.request.get(`${server.baseUrl}${image}`);
      expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // What reaches the server from here on; an answer from the browser's cache is not a request.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: string[] = [];
    // Images read at all, from the cache too: Chromium reads the page's icon again after each in-app navigation, and
    // an SVG one is parsed as a document of its own, between the new screen's commit and its paint
    // (scripts/app-icon.mjs).
    const svgsRead: string[] = [];
    cdp.on('Network.responseReceived', ({ type, response }) => {
      if ((type === 'Image' || type === 'Other') && !response.fromDiskCache)
        asked.push(`${type} ${new URL(response.url).pathname} ${response.status}`);
      if (response.mimeType === 'image/svg+xml') svgsRead.push(`${type} ${new URL(response.url).pathname}`);
    });
    await page.locator('nav[aria-label="Main"] a[href="/admin/order-history"]').click();
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.locator('.od-page').waitFor();
    await page.goBack();
    await page.locator('table[aria-busy=false] tbody tr td').first().waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(svgsRead, 'SVG images read while moving between screens').toEqual([]);
    await context.close();
  });

  it("loads the order page's code while a queue is open and idle, so the first View does not wait for it", async () => {
    const { context, page, scripts } = await onQueueRecordingScripts();
    expect(scripts.some((s) => s.includes('OrderDetailRoute'))).toBe(false); // not part of the queue's first load
    // A couple of seconds after the first screen, the browser idle: the order page's chunk comes.
    await expect.poll(() => scripts.some((s) => s.includes('OrderDetailRoute'))).toBe(true);
    const before = scripts.length;
    await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.locator('.od-page').waitFor();
    expect(scripts.slice(before).filter((s) => s.includes('OrderDetailRoute'))).toEqual([]);
    await context.close();
  });

  it("asks for an order before the order page's code on a click that no pointer came before", async () => {
    const { context, page, scripts } = await onQueueRecordingScripts();
    // Within the seconds before the idle preload: the order page's code is not here yet, and both are asked for.
    expect(scripts.some((s) => s.includes('OrderDetailRoute'))).toBe(false);
    // A click alone, as an assistive technology's activation or a script sends it: no pointer over the link before.
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('tbody tr a')].find((a) => a.textContent === 'View')!.click(),
    );
    await page.locator('.od-page').waitFor();
    const started = await page.evaluate(() => {
      const startOf = (part: string) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes(part))?.startTime ?? NaN;
      return { order: startOf('/api/admin/get-orders-details/'), code: startOf('OrderDetailRoute') };
    });
    // The answer is what takes longest: its request goes first.
    expect(started.order).toBeLessThan(started.code);
    await context.close();
  });

  it("loads a screen's code as the pointer rests on its link, or the link is focused, before any click", async () => {
    const { context, page, scripts } = await onQueueRecordingScripts();
    const main = page.getByRole('navigation', { name: 'Main' });
    // Two report screens: neither is part of a queue's load, nor of the screens loaded while it is idle.
    const loaded = (chunk: string) => scripts.some((s) => s.includes(chunk));
    expect(loaded('CountryOrderListPage') || loaded('ProcessedOrderPage')).toBe(false);
    await main.getByRole('link', { name: 'Country Order List' }).hover();
    await expect.poll(() => loaded('CountryOrderListPage'), { message: 'on the pointer' }).toBe(true);
    await main.getByRole('link', { name: 'Order Processed' }).focus();
    await expect.poll(() => loaded('ProcessedOrderPage'), { message: 'on focus' }).toBe(true);
    // Still where it was: the code came, not the screen.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/admin');
    const before = scripts.length;
    await main.getByRole('link', { name: 'Country Order List' }).click();
    await page.getByRole('heading', { name: 'Country Order Details' }).waitFor();
    expect(scripts.slice(before).filter((s) => s.includes('CountryOrderListPage'))).toEqual([]);
    await context.close();
  });
});
