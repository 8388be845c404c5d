/**
 * Counts what React renders in a page (issue 27), for the browser tests and the bench (bench/renders.ts). React's
 * production build reports every commit to `__REACT_DEVTOOLS_GLOBAL_HOOK__` when one exists, so the page is given
 * a small one before its scripts run (`context.addInitScript(RENDER_COUNTER)`). A component counts as rendered in a
 * commit when it mounted or did work in it (React's PerformedWork flag); subtrees React did not enter are skipped,
 * as React DevTools' profiler skips them. Counts are kept by component name (minified in a production build) and by
 * component type, so a test can ask for the renders of the component that drew a given element, whatever its name.
 */
import type { Page } from 'playwright-core';

/**
 * The hook, as a script text: the bench runs through tsx, whose transform would add helpers the page does not have.
 * Fiber tags counted: 0 function, 1 class, 11 forwardRef, 14 memo, 15 simple memo; flag 1 is PerformedWork.
 */
export const RENDER_COUNTER = `(() => {
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const log = { commits: 0, renders: 0, byName: {}, headings: [], rows: [], orders: [], times: [], chained: [] };
  let checkpointPending = false;
  const byType = new Map();
  const byInstance = new WeakMap();
  window.__renders = log;
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return '?';
    const inner = type.type || type.render || type;
    return type.displayName || inner.displayName || inner.name || type.name || 'Anonymous';
  };
  const visit = (fiber, mounting) => {
    const previous = fiber.alternate;
    const mounted = mounting || previous === null;
    if (COMPONENT_TAGS.has(fiber.tag) && (mounted || (fiber.flags & 1) !== 0)) {
      log.renders++;
      const name = nameOf(fiber);
      log.byName[name] = (log.byName[name] || 0) + 1;
      byType.set(fiber.type, (byType.get(fiber.type) || 0) + 1);
      // One count per component instance: React keeps two fibers per instance and swaps them, so both share it.
      const count = byInstance.get(fiber) || (previous && byInstance.get(previous)) || { renders: 0 };
      count.renders++;
      byInstance.set(fiber, count);
      if (previous) byInstance.set(previous, count);
    }
    // A child list React did not enter is the same list as before: nothing under it rendered.
    if (!mounted && previous && fiber.child === previous.child) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child, mounted);
  };
  /** The nearest component above this element: the one that drew it. */
  const drawerOf = (element) => {
    const key = element && Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
    let fiber = key ? element[key] : null;
    while (fiber && !COMPONENT_TAGS.has(fiber.tag)) fiber = fiber.return;
    return fiber;
  };
  /** Renders so far of the component that drew this element, all its instances together. */
  window.__rendersOf = (element) => {
    const fiber = drawerOf(element);
    return fiber ? byType.get(fiber.type) || 0 : -1;
  };
  /** Renders so far of the one component instance that drew this element. */
  window.__instanceRendersOf = (element) => {
    const fiber = drawerOf(element);
    const count = fiber && (byInstance.get(fiber) || (fiber.alternate && byInstance.get(fiber.alternate)));
    return fiber ? (count ? count.renders : 0) : -1;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      log.commits++;
      // A commit before the microtasks of the one before it ran: React drew again in the same task (an urgent update
      // during that commit), so the browser could not paint in between.
      if (checkpointPending) log.chained.push(log.commits);
      checkpointPending = true;
      queueMicrotask(() => {
        checkpointPending = false;
      });
      visit(root.current, false);
      // Which screen each commit left on the page: its first heading.
      log.headings.push(document.querySelector('h1')?.textContent ?? '');
      // And how many queue rows (loading rows are in the table's foot, not counted).
      log.rows.push(document.querySelectorAll('table tbody tr td:nth-child(2)').length);
      // And whether an order's page is drawn (its heading is there while it loads; its summary bar is not).
      log.orders.push(document.querySelector('.od-summary') !== null);
      log.times.push(performance.now());
      // The first commit that drew queue rows (a table row's order id cell, or a phone's card).
      if (!log.rowsAt && document.querySelector('table tbody tr td:nth-child(2), .queue-card[data-row-index]'))
        log.rowsAt = { commits: log.commits, renders: log.renders, byName: { ...log.byName }, chained: [...log.chained] };
    },
  };
})();`;

export interface RenderLog {
  commits: number;
  renders: number;
  byName: Record<string, number>;
  /** The page's first heading after each commit, in order: which commit drew a new screen. */
  headings: string[];
  /** The queue rows on the page after each commit, in order. */
  rows: number[];
  /** Whether an order's page was drawn after each commit, in order. */
  orders: boolean[];
  /** When each commit happened (the page's performance.now()). */
  times: number[];
  /** Commits (their numbers, from 1) made in the same task as the commit before them, with no paint possible between. */
  chained: number[];
  /** The counts at the first commit that drew queue rows. */
  rowsAt?: RenderLog;
}

export const renderLog = (page: Page) =>
  page.evaluate('JSON.parse(JSON.stringify(window.__renders))') as Promise<RenderLog>;

/** Renders so far of the component that drew the first element `selector` matches (-1: no such element). */
export const rendersOf = (page: Page, selector: string) =>
  page.evaluate(`window.__rendersOf(document.querySelector(${JSON.stringify(selector)}))`) as Promise<number>;

/**
 * Renders so far of the one component instance that drew the first element `selector` matches (-1: no such
 * element): for a component of which the page holds many, such as a link of the sidebar.
 */
export const instanceRendersOf = (page: Page, selector: string) =>
  page.evaluate(`window.__instanceRendersOf(document.querySelector(${JSON.stringify(selector)}))`) as Promise<number>;

/** Waits until the page has committed nothing for `quietMs`. */
export async function settleRenders(page: Page, quietMs = 1000) {
  let last = -1;
  for (;;) {
    const { commits } = await renderLog(page);
    if (commits === last) return;
    last = commits;
    await page.waitForTimeout(quietMs);
  }
}

/**
 * One key typed into the search box `box` as the browser gives it, React's commit for it read at the next frame (well
 * within the box's 500 ms wait): how often the box drew, how often the component that drew `screen` drew, and whether
 * the search already reached the address. A box that keeps its own text draws alone (components/SearchBox.tsx).
 */
export const typeOneKey = (page: Page, box: string, screen: string, key: string) =>
  page.evaluate(`(async () => {
    const box = document.querySelector(${JSON.stringify(box)});
    const screen = () => window.__rendersOf(document.querySelector(${JSON.stringify(screen)}));
    const before = { box: window.__rendersOf(box), screen: screen() };
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    set.call(box, box.value + ${JSON.stringify(key)});
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return {
      box: window.__rendersOf(box) - before.box,
      screen: screen() - before.screen,
      searched: location.search.includes('q='),
    };
  })()`) as Promise<{ box: number; screen: number; searched: boolean }>;
