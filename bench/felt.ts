/**
 * Felt latency: six everyday actions of a staff member, as a person sees them, in Chromium driven by playwright-core
 * (1366 x 900), each p50 and p95 over runs:
 *  - a queue link: the sidebar's Order History, from New Orders, to its rows drawn;
 *  - View: the first row's View to the order page drawn (its summary naming that order), and, from the same click,
 *    to its whole first screen drawn (the remark form and the mail history, which the page may draw a frame later);
 *  - a page change: the pager's Next page to the next page's rows drawn;
 *  - a filter applied: Processing mode Priority chosen in the filter panel, Apply filters to the filtered rows drawn;
 *  - a search: the last key typed in the queue's search box to its results drawn (with the box's 500 ms wait);
 *  - a status move, as a member moves an order they opened from a queue (Awaiting Response): the order page's move
 *    button (Pending) until the page shows the order moved, plus the sidebar's link back to the queue until it is
 *    drawn without the order (a queue's own bulk move keeps a moved row on screen 4 s, by design: a fixed wait that
 *    would hide any change). The order is moved back through the API after the run, so every run moves the same
 *    order out of the same queue.
 * Each time runs from the input event (a real click or key press from the driver; the event's own time stamp) to
 * the end of the frame that first shows the result. Elements are found as a person finds them: by their role, label
 * or text. A mouse rests on what it clicks before the click, and the page rests between actions, as people do.
 * Each run opens a fresh page (an empty query cache; code from the HTTP cache after the first, unrecorded run).
 * Given two builds (an A/B), every run is made on each in turn (A, B, A, B...) in one browser, one context each.
 */
import type { Locator, Page } from 'playwright-core';
import { launchChromium, staffContext, type BrowserTarget, type WebBuild } from './browser';

export interface FeltLatency {
  build: string;
  action: string;
  runs: number;
  p50: number;
  p95: number;
  /** Information only: the action's API call (the browser's resource timing), start to answer. */
  apiP50: number;
  apiP95: number;
  note?: string;
}

export interface FeltComparison {
  action: string;
  current: { p50: number; p95: number };
  baseline: { p50: number; p95: number };
  p50Ratio: number;
  p95Ratio: number;
  /** The guard: p50 within P50_LIMIT and p95 within P95_LIMIT of the baseline's. */
  met: boolean;
}

export const P50_LIMIT = 1.1;
export const P95_LIMIT = 1.2;

/** How long a mouse rests on what it clicks, on the short side of what people do (a few hundred ms). */
const POINTER_REST_MS = 150;

/**
 * The pause before each measured action, on the short side of a person's next move: the page's own work after the
 * last one (its counts, saved views and live stream answering) is done, and is not counted in the next action.
 */
const ACTION_REST_MS = 300;

/** The queue whose order the status move moves (a sidebar link, so the member goes back to it by that link). */
const MOVE_QUEUE = {
  path: '/admin/awaiting-response',
  title: 'Awaiting Response',
  link: /^Awaiting Customer\b/,
  status: 'Awaiting',
  statusLabel: 'Awaiting Response',
  list: '/api/admin/get-orders-list/awaitingOrder',
};
/** Where the status move moves it (a move button's label on the order page). */
const MOVE_TARGET = 'Pending';

/** The longest an action may take before the run is abandoned as broken. */
const ACTION_TIMEOUT_MS = 30_000;

const ACTIONS = {
  queue: 'click a queue link -> rows drawn',
  view: 'click View -> order page drawn',
  viewScreen: 'click View -> its first screen drawn',
  page: 'click Next page -> its rows drawn',
  filter: 'apply a filter -> filtered rows drawn',
  search: 'type a search -> results drawn',
  move: 'move a status -> the row gone from its queue',
} as const;
type Action = keyof typeof ACTIONS;

const NOTES: Partial<Record<Action, string>> = {
  search: "includes the search box's 500 ms wait after the last key (product rule)",
  move:
    "the order page's move button to the page showing the move, plus the sidebar's link back to the queue drawn " +
    "without the order (the member's pause between the two left out); the API figure is the move's own call",
};

/** The order numbers of the queue's rows as the page shows them (each row's box is labelled "Select order N"). */
const ROW_IDS = `[...document.querySelectorAll("table tbody input[type=checkbox]")]
  .map((box) => /^Select order (\\d+)$/.exec(box.getAttribute("aria-label") ?? "")?.[1]).filter(Boolean)`;
/** The queue's table is not saying it is loading (aria-busy), and shows rows. */
const ROWS_SETTLED = `(!document.querySelector("table[aria-busy=true]") && (${ROW_IDS}).length > 0)`;
/** Rows settled, and other rows than when the action began (`before`, read then). */
const OTHER_ROWS = `(${ROWS_SETTLED} && (${ROW_IDS}).join() !== before)`;

interface Sample {
  total: number;
  api: number;
  /** With `complete`: the time to the end of the frame that first shows it. */
  complete?: number;
}

/**
 * Arms the page for one action, runs `act` (the driver's real input), and resolves with the time from the first
 * trusted `startEvent` to the end of the frame after the DOM first satisfies `drawn` (a script expression; `before`
 * holds the row ids at arming). The check runs on every DOM change (a MutationObserver: no polling interval added).
 * The frame's end is the first user-blocking task posted from its animation-frame callbacks: by then the browser
 * has done that frame's style, layout and paint. `api`: the last request whose address holds it, start to answer.
 * `complete` (another script expression): the sample's `complete` is the time to the frame that first shows it too.
 */
async function timeAction(
  page: Page,
  startEvent: 'click' | 'keydown',
  drawn: string,
  api: string,
  act: () => Promise<void>,
  complete = 'true',
): Promise<Sample> {
  // One script text, evaluated by the driver (the page's CSP forbids the page itself to compile code).
  await page.evaluate(`(() => {
    performance.clearResourceTimings();
    const before = (${ROW_IDS}).join();
    const isDrawn = () => (${drawn});
    const isComplete = () => (${complete});
    let start = NaN;
    window.__benchAction = new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => check());
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error("not drawn within ${ACTION_TIMEOUT_MS} ms of the ${startEvent}: " + ${JSON.stringify(drawn)} + " / " + ${JSON.stringify(complete)}));
      }, ${ACTION_TIMEOUT_MS});
      // A user-blocking task runs as soon as the frame's rendering ends, ahead of the tasks the page queued before
      // it (React's effects, timers), which a plain message would wait behind.
      const frameEnd = () => new Promise((done) =>
        requestAnimationFrame(() => scheduler.postTask(() => done(performance.now() - start), { priority: "user-blocking" })));
      let total, complete;
      const check = () => {
        if (Number.isNaN(start)) return;
        if (!total && isDrawn()) total = frameEnd();
        if (!complete && isComplete()) complete = frameEnd();
        if (!total || !complete) return;
        observer.disconnect();
        clearTimeout(timer);
        void Promise.all([total, complete]).then(([total, complete]) => {
          const call = performance.getEntriesByType("resource").filter((e) => e.name.includes(${JSON.stringify(api)})).at(-1);
          resolve({ total, complete, api: call ? call.responseEnd - call.startTime : NaN });
        });
      };
      const onStart = (event) => {
        if (!event.isTrusted) return;
        removeEventListener(${JSON.stringify(startEvent)}, onStart, { capture: true });
        start = event.timeStamp;
        queueMicrotask(check);
      };
      addEventListener(${JSON.stringify(startEvent)}, onStart, { capture: true });
      observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
    });
    window.__benchAction.catch(() => undefined);
  })()`);
  await act();
  return page.evaluate<Sample>('window.__benchAction');
}

/** A mouse reaching `target`, resting on it, and clicking. */
async function pointAndClick(page: Page, target: Locator) {
  await target.hover();
  await page.waitForTimeout(POINTER_REST_MS);
  await target.click();
}

/** The queue's row of order `orderId`, found by its box's label. */
const rowOf = (page: Page, orderId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select order ${orderId}`, exact: true }) });

/** Waits until the queue shows its rows (a setup step, not timed; the driver asks, since the page's CSP forbids eval). */
async function rowsSettled(page: Page) {
  const until = Date.now() + ACTION_TIMEOUT_MS;
  while (!(await page.evaluate<boolean>(ROWS_SETTLED))) {
    if (Date.now() > until) throw new Error(`no queue rows within ${ACTION_TIMEOUT_MS} ms at ${page.url()}`);
    await page.waitForTimeout(50);
  }
}

/** One run of the six actions on one build, in a fresh page; returns each action's sample and the moved order. */
async function oneRun(
  page: Page,
  build: WebBuild,
  searchTerm: string,
): Promise<{ samples: Record<Action, Sample>; moved: number }> {
  const rest = () => page.waitForTimeout(ACTION_REST_MS);
  const queueList = '/api/admin/get-orders-list/orderHistory';
  const sidebar = page.getByRole('navigation', { name: 'Main' });

  // New Orders (the staff app's start page), then the sidebar's Order History.
  await page.goto(`${build.baseUrl}/admin`);
  await rowsSettled(page);
  await rest();
  const queue = await timeAction(
    page,
    'click',
    `location.pathname === "/admin/order-history" && [...document.querySelectorAll("h1")].some((h) => h.textContent.trim() === "Order History") && ${ROWS_SETTLED}`,
    queueList,
    () => pointAndClick(page, sidebar.getByRole('link', { name: /^Order History\b/ })),
  );

  // The first row's View, to the order page showing that order.
  await rest();
  const [first] = await page.evaluate<string[]>(ROW_IDS);
  const view = await timeAction(
    page,
    'click',
    `location.pathname.startsWith("/admin/view-order/") && [...(document.querySelector('[role=region][aria-label="Order status and moves"]')?.querySelectorAll("*") ?? [])].some((e) => e.textContent.trim() === "Order ${first}")`,
    '/api/admin/get-orders-details/',
    () => pointAndClick(page, rowOf(page, first!).getByRole('link', { name: 'View', exact: true })),
    `[...document.querySelectorAll("button")].some((b) => b.textContent.trim() === "Submit Remark") && [...document.querySelectorAll("h2, h3")].some((h) => h.textContent.trim() === "Email History")`,
  );

  // Back to Order History, then the pager's next page.
  await page.goBack();
  await rowsSettled(page);
  await rest();
  const nextPage = await timeAction(page, 'click', OTHER_ROWS, queueList, () =>
    pointAndClick(page, page.getByRole('navigation', { name: 'Pages' }).getByLabel('Next page')),
  );

  // The filter panel: Processing mode Priority, then Apply filters.
  await rest();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Processing mode').selectOption({ label: 'Priority' });
  await rest();
  const filter = await timeAction(page, 'click', OTHER_ROWS, queueList, () =>
    pointAndClick(page, page.getByRole('button', { name: 'Apply filters' })),
  );

  // Order History afresh; the search box holds all but the term's last key, which is then typed.
  await page.goto(`${build.baseUrl}/admin/order-history`);
  await rowsSettled(page);
  const box = page.getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill(searchTerm.slice(0, -1));
  await rest();
  const search = await timeAction(page, 'keydown', OTHER_ROWS, '/api/admin/search-order', () =>
    box.press(searchTerm.slice(-1)),
  );

  // Awaiting Response's last row of its first page (an order the other actions and Lighthouse never open): View
  // (not timed), then its move to Pending until the page shows it moved, then the sidebar's link back to the queue
  // until the queue is drawn without it.
  await page.goto(`${build.baseUrl}${MOVE_QUEUE.path}`);
  await rowsSettled(page);
  const moved = (await page.evaluate<string[]>(ROW_IDS)).at(-1)!;
  await rowOf(page, moved).getByRole('link', { name: 'View', exact: true }).click();
  const moves = page.getByRole('group', { name: 'Move order to' });
  await moves.getByRole('button', { name: MOVE_TARGET, exact: true }).waitFor();
  await rest();
  const moveButtons = `[...document.querySelectorAll('[role=group][aria-label="Move order to"] button')].map((b) => b.textContent.trim())`;
  const moveShown = await timeAction(
    page,
    'click',
    `(${moveButtons}).includes(${JSON.stringify(MOVE_QUEUE.statusLabel)}) && !(${moveButtons}).includes(${JSON.stringify(MOVE_TARGET)})`,
    '/api/admin/move-order-status',
    () => pointAndClick(page, moves.getByRole('button', { name: MOVE_TARGET, exact: true })),
  );
  await rest();
  const backToQueue = await timeAction(
    page,
    'click',
    `location.pathname === ${JSON.stringify(MOVE_QUEUE.path)} && [...document.querySelectorAll("h1")].some((h) => h.textContent.trim() === ${JSON.stringify(MOVE_QUEUE.title)}) && ${ROWS_SETTLED} && !(${ROW_IDS}).includes(${JSON.stringify(moved)})`,
    MOVE_QUEUE.list,
    () => pointAndClick(page, sidebar.getByRole('link', { name: MOVE_QUEUE.link })),
  );
  // What the member waited for, their own pause between the two clicks left out; the API figure is the move's call.
  const move = { total: moveShown.total + backToQueue.total, api: moveShown.api };

  const viewScreen = { total: view.complete!, api: view.api };
  return { samples: { queue, view, viewScreen, page: nextPage, filter, search, move }, moved: Number(moved) };
}

/** The moved order back to its queue's status, as a member would move it back (the API's move). */
async function moveBack(build: WebBuild, token: string, orderId: number) {
  const res = await fetch(`${build.baseUrl}/api/admin/move-order-status`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: [orderId], updatingStatus: MOVE_QUEUE.status }),
  });
  if (!res.ok)
    throw new Error(`moving order ${orderId} back to ${MOVE_QUEUE.status} failed: ${res.status} ${await res.text()}`);
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;

/** `runs` runs of the six actions on each build in turn, after one unrecorded run each (it fills the HTTP cache). */
export async function feltLatency(
  builds: WebBuild[],
  t: BrowserTarget,
  runs: number,
  searchTerm: string,
): Promise<FeltLatency[]> {
  const browser = await launchChromium();
  const samples = new Map(builds.map((b) => [b.name, [] as Record<Action, Sample>[]]));
  try {
    const contexts = await Promise.all(builds.map(() => staffContext(browser, t.staffToken)));
    for (let run = 0; run < runs + 1; run++) {
      for (const [index, build] of builds.entries()) {
        const page = await contexts[index]!.newPage();
        let moved: number | undefined;
        try {
          const result = await oneRun(page, build, searchTerm);
          moved = result.moved;
          if (run > 0) samples.get(build.name)!.push(result.samples);
        } finally {
          await page.close();
          if (moved !== undefined) await moveBack(build, t.staffToken, moved);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return builds.flatMap((build) =>
    (Object.keys(ACTIONS) as Action[]).map((action) => {
      const list = samples.get(build.name)!.map((s) => s[action]);
      const totals = list.map((s) => s.total);
      const apis = list.map((s) => s.api).filter(Number.isFinite);
      const note = NOTES[action];
      return {
        build: build.name,
        action: ACTIONS[action],
        runs: list.length,
        p50: round(percentile(totals, 0.5)),
        p95: round(percentile(totals, 0.95)),
        apiP50: round(percentile(apis, 0.5)),
        apiP95: round(percentile(apis, 0.95)),
        ...(note ? { note } : {}),
      };
    }),
  );
}

/** Each action, the current build beside the baseline: p50 within 1.1x, p95 within 1.2x. */
export function compareFelt(felt: FeltLatency[]): FeltComparison[] {
  return felt
    .filter((f) => f.build === 'current')
    .flatMap((current) => {
      const baseline = felt.find((f) => f.build === 'baseline' && f.action === current.action);
      if (!baseline) return [];
      const p50Ratio = Math.round((100 * current.p50) / baseline.p50) / 100;
      const p95Ratio = Math.round((100 * current.p95) / baseline.p95) / 100;
      return [
        {
          action: current.action,
          current: { p50: current.p50, p95: current.p95 },
          baseline: { p50: baseline.p50, p95: baseline.p95 },
          p50Ratio,
          p95Ratio,
          met: p50Ratio <= P50_LIMIT && p95Ratio <= P95_LIMIT,
        },
      ];
    });
}

export function describeFelt(felt: FeltLatency[], comparison: FeltComparison[]): string[] {
  if (comparison.length) {
    return comparison.map((c) => {
      const api = felt.find((f) => f.build === 'current' && f.action === c.action);
      return (
        `${c.action.padEnd(46)} p50 ${c.current.p50} vs ${c.baseline.p50} ms (${c.p50Ratio}x)` +
        ` p95 ${c.current.p95} vs ${c.baseline.p95} ms (${c.p95Ratio}x)` +
        ` (goal <= ${P50_LIMIT}x / <= ${P95_LIMIT}x: ${c.met ? 'met' : 'NOT met'})` +
        (api && Number.isFinite(api.apiP50) ? ` | API p50 ${api.apiP50} ms` : '')
      );
    });
  }
  return felt.map(
    (f) =>
      `${f.action.padEnd(46)} p50 ${f.p50} ms p95 ${f.p95} ms` +
      (Number.isFinite(f.apiP50) ? ` | API p50 ${f.apiP50} ms p95 ${f.apiP95} ms` : '') +
      (f.note ? ` (${f.note})` : ''),
  );
}
