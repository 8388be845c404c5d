/**
 * How much React renders on a queue page (issue 27), as counts, not times (tests/e2e/react-renders.ts counts them).
 * Measured on New Orders (1366 x 900):
 *  - the load: commits and component renders from navigation until the page has been still for a second, and how
 *    many of them came after the commit that drew the rows;
 *  - ticking one row's checkbox;
 *  - a colleague opening the first row's order (a second session): what its presence mark costs the page;
 *  - a click on the sidebar's Order History until its rows are drawn and the page is still (the frame, the new
 *    screen, its rows);
 *  - a click on the first row's View until the order page is drawn and still.
 * Beside each, the queue rows drawn (the name cell's renders), the part that grows with the page size. A phase of
 * `npm run bench` (`BENCH_ONLY=renders`); also runs alone against any server:
 *   npx tsx bench/renders.ts http://127.0.0.1:3000 <staff token> <a colleague's staff token>
 * (RENDERS_TOP=20 adds the most rendered components by name: readable with a build made with `vite build --minify false`.)
 */
import type { Page } from 'playwright-core';
import { encodeId } from '../shared/ids';
import { RENDER_COUNTER, renderLog, rendersOf, settleRenders, type RenderLog } from '../tests/e2e/react-renders';
import { launchChromium, staffContext, type BrowserTarget } from './browser';

export interface RenderCounts {
  scenario: string;
  commits: number;
  renders: number;
  /** Queue rows drawn (the name cell's renders: once per row drawn). */
  rowsDrawn: number;
  /** Commits drawn in the same task as the one before them: the browser could not paint in between. */
  chained: number;
  top?: string;
}

const TOP = Number(process.env.RENDERS_TOP ?? 0);
/** The name cell's component renders once per row drawn (not the truncated text inside it, which also draws itself when its column's width changes). */
const NAME_CELL = 'tbody tr td.queue-cell-name';

function difference(after: RenderLog, before: RenderLog, namesDrawn: [number, number], scenario: string): RenderCounts {
  const byName = Object.entries(after.byName)
    .map(([name, n]) => [name, n - (before.byName[name] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return {
    scenario,
    commits: after.commits - before.commits,
    renders: after.renders - before.renders,
    rowsDrawn: namesDrawn[1] - namesDrawn[0],
    chained: after.chained.length - before.chained.length,
    ...(TOP
      ? {
          top: byName
            .slice(0, TOP)
            .map(([name, n]) => `${name} ${n}`)
            .join(', '),
        }
      : {}),
  };
}

/** Measures one change made by `act` until the page is still again. */
async function measure(page: Page, scenario: string, act: () => Promise<void>): Promise<RenderCounts> {
  const before = await renderLog(page);
  const namesBefore = await rendersOf(page, NAME_CELL);
  await act();
  await settleRenders(page, 500);
  const namesAfter = await rendersOf(page, NAME_CELL);
  // -1: no queue row on the page now (the order page), so none drawn.
  return difference(await renderLog(page), before, [namesBefore, namesAfter < 0 ? namesBefore : namesAfter], scenario);
}

export async function reactRenders(t: BrowserTarget): Promise<RenderCounts[]> {
  const browser = await launchChromium();
  const results: RenderCounts[] = [];
  try {
    const context = await staffContext(browser, t.staffToken);
    await context.addInitScript(RENDER_COUNTER);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/admin`);
    await page.waitForSelector('table tbody tr td:nth-child(2)');
    await settleRenders(page);
    const loaded = await renderLog(page);
    const empty: RenderLog = {
      commits: 0,
      renders: 0,
      byName: {},
      headings: [],
      rows: [],
      orders: [],
      times: [],
      chained: [],
    };
    const namesDrawn = await rendersOf(page, NAME_CELL);
    results.push(difference(loaded, empty, [0, namesDrawn], 'load New Orders (until still for 1 s)'));
    results.push(
      difference(
        loaded,
        loaded.rowsAt ?? loaded,
        [namesDrawn, namesDrawn],
        'of which after the commit that drew the rows',
      ),
    );
    results.push(
      await measure(page, "tick one row's checkbox", () => page.locator('tbody input[type=checkbox]').first().check()),
    );
    const orderId = Number((await page.locator('tbody tr td:nth-child(2)').first().textContent())?.match(/\d+/)?.[0]);
    // Only another member's presence is marked: without a colleague's token this scenario is left out.
    if (t.colleagueToken) {
      const colleague = await staffContext(browser, t.colleagueToken);
      results.push(
        await measure(page, 'a colleague opens the first row', async () => {
          const other = await colleague.newPage();
          await other.goto(`${t.baseUrl}/admin/view-order/${encodeId(orderId)}`);
          await other.waitForSelector('.od-page');
          await page.locator('tbody tr').first().locator('.live-eye').waitFor({ timeout: 5000 });
        }),
      );
      await colleague.close();
    }
    results.push(
      await measure(page, 'click Order History in the sidebar', async () => {
        await page.locator('nav[aria-label="Main"] a[href="/admin/order-history"]').click();
        await page.waitForSelector('table[aria-busy=false] tbody tr td:nth-child(2)');
      }),
    );
    results.push(
      await measure(page, "click the first row's View", async () => {
        await page.locator('tbody tr').first().getByRole('link', { name: 'View' }).click();
        await page.waitForSelector('.od-page');
      }),
    );
  } finally {
    await browser.close();
  }
  return results;
}

export function describeRenders(results: RenderCounts[]): string[] {
  return results.map(
    (r) =>
      `React ${r.scenario.padEnd(46)} ${String(r.commits).padStart(3)} commits ${String(r.renders).padStart(5)} component renders` +
      ` (rows drawn ${r.rowsDrawn}, drawn again before a paint ${r.chained})${r.top ? ` | ${r.top}` : ''}`,
  );
}

if (process.argv[1]?.endsWith('renders.ts')) {
  const [baseUrl, staffToken, colleagueToken] = process.argv.slice(2);
  if (!baseUrl || !staffToken)
    throw new Error('usage: tsx bench/renders.ts <base url> <staff token> [colleague token]');
  const results = await reactRenders({
    baseUrl,
    staffToken,
    ...(colleagueToken ? { colleagueToken } : {}),
    order: { id: 0, encodedId: '', email: '' },
  });
  for (const line of describeRenders(results)) console.log(line);
}
