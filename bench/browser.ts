/**
 * What a person waits for in the browser, against the bench server serving a built web app (bench/run.ts):
 *  - Lighthouse (mobile preset, simulated throttling, Debian's Chromium) on sign-in, track, download, a queue and
 *    an order page: performance and accessibility, the median of BENCH_LIGHTHOUSE_RUNS runs per page (default 3);
 *  - felt latency (bench/felt.ts): six everyday actions, each from its input event to the frame that shows its
 *    result, p50 and p95 over runs.
 * Given two builds (an A/B: the current one and a baseline, the same server and database), both phases measure
 * them in turn, run by run, and compare them: the guard is that the current build costs nothing a person can feel.
 * `BENCH_ONLY=lighthouse` or `BENCH_ONLY=felt` runs one phase alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { chromium, type Browser } from 'playwright-core';
import { LOCALES } from '../shared/i18n/locales';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const CHROME_FLAGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(asRoot ? ['--no-sandbox'] : []),
];

/** A build of the web app and the address it is served at (the bench server's port for that build). */
export interface WebBuild {
  /** `current` (built by this run) or `baseline` (BENCH_AB_BASELINE). */
  name: string;
  baseUrl: string;
}

export interface BrowserTarget {
  /** A staff session's token (kept by the web app in localStorage `user`): valid on every build's port. */
  staffToken: string;
  /** An order to open, and its customer's e-mail (to track it and reach its download page). */
  order: { id: number; encodedId: string; email: string };
}

export interface LighthouseScore {
  build: string;
  page: string;
  url: string;
  /** The medians of the runs. */
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  /** Issue 27's absolute goals, reported when a build is measured alone. */
  goal: string;
  met: boolean;
  /** The audits of the run whose performance was the median. */
  audits: Record<string, string>;
}

export interface LighthouseComparison {
  page: string;
  current: { performance: number; accessibility: number };
  baseline: { performance: number; accessibility: number };
  /** The guard: neither score lower than the baseline's. */
  met: boolean;
}

/** Issue 27's goals: performance >= 95 on the light pages, >= 90 on the staff screens; accessibility 100 everywhere. */
const PAGES = (baseUrl: string, t: BrowserTarget) => [
  { page: 'sign-in', url: `${baseUrl}/`, staff: false, performanceGoal: 95 },
  { page: 'track', url: `${baseUrl}/track-order`, staff: false, performanceGoal: 95 },
  {
    page: 'download',
    url: `${baseUrl}/get-new-order-details/${t.order.encodedId}`,
    staff: false,
    performanceGoal: 95,
    customer: true,
  },
  // The public pages in every other language (docs/product/languages.md): each loads its own catalog and fonts.
  ...LOCALES.filter((locale) => locale !== 'en').flatMap((locale) => [
    { page: `track (${locale})`, url: `${baseUrl}/track-order?lang=${locale}`, staff: false, performanceGoal: 95 },
    {
      page: `download (${locale})`,
      url: `${baseUrl}/get-new-order-details/${t.order.encodedId}?lang=${locale}`,
      staff: false,
      performanceGoal: 95,
      customer: true,
    },
  ]),
  { page: 'queue (Order History)', url: `${baseUrl}/admin/order-history`, staff: true, performanceGoal: 90 },
  { page: 'order detail', url: `${baseUrl}/admin/view-order/${t.order.encodedId}`, staff: true, performanceGoal: 90 },
];

/** The customer's order token, as the track form gets it. */
async function customerAccess(baseUrl: string, t: BrowserTarget) {
  const res = await fetch(`${baseUrl}/api/front/track-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: t.order.id, email: t.order.email }),
  });
  const answer = (await res.json()) as { data?: { accessToken: string; expiresAt: string } };
  if (!res.ok || !answer.data) throw new Error(`tracking order ${t.order.id} failed: ${res.status}`);
  return { token: answer.data.accessToken, expiresAt: answer.data.expiresAt };
}

type PageSpec = ReturnType<typeof PAGES>[number];
type CustomerAccess = Awaited<ReturnType<typeof customerAccess>>;

/** What every first-visit tab of a Lighthouse sitting needs: its Chromium, the bench's target, the customer's access. */
interface Sitting {
  browser: PuppeteerBrowser;
  t: BrowserTarget;
  access: CustomerAccess;
}

/**
 * A fresh tab on `build` with `spec`'s storage set (the staff token, the customer's order token in that tab's session
 * storage) and an empty HTTP cache: a first visit. Returns it with the page's address on that build.
 */
async function firstVisitTab({ browser, t, access }: Sitting, build: WebBuild, spec: PageSpec) {
  const target = PAGES(build.baseUrl, t).find((p) => p.page === spec.page)!;
  const page = await browser.newPage();
  await page.goto(`${build.baseUrl}/api/health`);
  await page.evaluate(
    (token, id, customer) => {
      localStorage.clear();
      sessionStorage.clear();
      if (token) localStorage.setItem('user', JSON.stringify({ accessToken: token }));
      if (customer) sessionStorage.setItem(`order-access:${id}`, JSON.stringify(customer));
    },
    target.staff ? t.staffToken : '',
    t.order.id,
    target.customer ? access : null,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return { page, url: target.url };
}

/**
 * One load of every page on every build, not measured, before the first Lighthouse run. The first staff page a fresh
 * server serves starts its live hub: until then its answers cannot say which live events they reflect, so that page
 * reads its lists and counts again once the stream is up (lib/live-events-through.ts). The server's first answers of
 * each kind are slower too (statements prepared, code compiled). Unwarmed, both fell on whichever build's run came
 * first.
 */
async function warmUp(sitting: Sitting, builds: WebBuild[], pages: PageSpec[]) {
  for (const build of builds)
    for (const spec of pages) {
      const { page, url } = await firstVisitTab(sitting, build, spec);
      await page.goto(url, { waitUntil: 'networkidle2' });
      await page.close();
    }
}

/** One Lighthouse run of one page, in a first-visit tab, Lighthouse told not to reset its storage. */
async function lighthouseOnce(sitting: Sitting, port: number, build: WebBuild, spec: PageSpec) {
  const { page, url } = await firstVisitTab(sitting, build, spec);
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    undefined,
    page as never,
  );
  await page.close();
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  return lhr;
}

type LighthouseResult = Awaited<ReturnType<typeof lighthouseOnce>>;

const scoreOf = (lhr: LighthouseResult, category: 'performance' | 'accessibility') =>
  Math.round(100 * (lhr.categories[category]?.score ?? 0));

/** The figures worth a line: first and largest paint, blocking time, shifts, and the failed accessibility audits. */
function auditsOf(lhr: LighthouseResult): Record<string, string> {
  const pick = (id: string) => lhr.audits[id]?.displayValue ?? '';
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id))
    .map((a) => {
      const items = (a.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      return `${a.id} (${items
        .slice(0, 3)
        .map((i) => i.node?.selector)
        .filter(Boolean)
        .join('; ')})`;
    });
  return {
    fcp: pick('first-contentful-paint'),
    lcp: pick('largest-contentful-paint'),
    tbt: pick('total-blocking-time'),
    cls: pick('cumulative-layout-shift'),
    ...(failing.length ? { accessibilityFailures: failing.join(', ') } : {}),
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * `runs` Lighthouse runs of every page on every build, one at a time in one Chromium, after a warm-up load of each:
 * round by round, page by page, the builds in turn, first A then B, in the next round B then A, so neither a drift of
 * the machine's speed nor going first falls on one build.
 */
export async function lighthouseScores(builds: WebBuild[], t: BrowserTarget, runs: number): Promise<LighthouseScore[]> {
  const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  // BENCH_LIGHTHOUSE_PAGES=queue,order: only the pages whose names hold one of these words (to rerun a few).
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = PAGES('', t).filter((p) => !only || only.some((word) => p.page.includes(word)));
  const results = new Map<string, LighthouseResult[]>();
  const retried = new Map<string, string[]>();
  try {
    const sitting: Sitting = { browser, t, access: await customerAccess(builds[0]!.baseUrl, t) };
    await warmUp(sitting, builds, pages);
    for (let run = 0; run < runs; run++) {
      const inTurn = run % 2 ? [...builds].reverse() : builds;
      for (const spec of pages) {
        for (const build of inTurn) {
          const key = `${build.name}\n${spec.page}`;
          let lhr = await lighthouseOnce(sitting, chrome.port, build, spec);
          // A run Lighthouse could not finish (its trace lost, say: it asks to be run again) is run once more: its 0
          // would otherwise be a third of the median. The retry is said beside the page's figures.
          if (lhr.runtimeError) {
            retried.set(key, [...(retried.get(key) ?? []), `run ${run + 1}: ${lhr.runtimeError.code}`]);
            lhr = await lighthouseOnce(sitting, chrome.port, build, spec);
          }
          results.set(key, [...(results.get(key) ?? []), lhr]);
          // BENCH_LIGHTHOUSE_REPORTS=<folder>: each run's whole report (lighthouse's JSON), to read where the time goes.
          if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
            mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
            const file = `${build.name}-${spec.page.replace(/\W+/g, '-')}-${run + 1}.json`;
            writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
          }
        }
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return builds.flatMap((build) =>
    PAGES(build.baseUrl, t)
      .filter((target) => pages.some((p) => p.page === target.page))
      .map((target) => {
        const lhrs = results.get(`${build.name}\n${target.page}`)!;
        const retries = retried.get(`${build.name}\n${target.page}`) ?? [];
        const performance = median(lhrs.map((lhr) => scoreOf(lhr, 'performance')));
        const accessibility = median(lhrs.map((lhr) => scoreOf(lhr, 'accessibility')));
        const middle = lhrs.find((lhr) => scoreOf(lhr, 'performance') === performance)!;
        // A run Lighthouse could not finish twice scores 0: said, so a median is not read without it.
        const failed = lhrs.flatMap((lhr, run) =>
          lhr.runtimeError ? [`run ${run + 1}: ${lhr.runtimeError.message}`] : [],
        );
        return {
          build: build.name,
          page: target.page,
          url: target.url,
          performance,
          accessibility,
          runs: lhrs.map((lhr) => ({
            performance: scoreOf(lhr, 'performance'),
            accessibility: scoreOf(lhr, 'accessibility'),
          })),
          goal: `performance >= ${target.performanceGoal}, accessibility 100`,
          met: performance >= target.performanceGoal && accessibility === 100,
          audits: {
            ...auditsOf(middle),
            ...(retries.length ? { retriedRuns: retries.join('; ') } : {}),
            ...(failed.length ? { failedRuns: failed.join('; ') } : {}),
          },
        };
      }),
  );
}

/** Each page's medians, the current build beside the baseline: met when neither score is lower. */
export function compareLighthouse(scores: LighthouseScore[]): LighthouseComparison[] {
  return scores
    .filter((s) => s.build === 'current')
    .flatMap((current) => {
      const baseline = scores.find((s) => s.build === 'baseline' && s.page === current.page);
      if (!baseline) return [];
      const pick = (s: LighthouseScore) => ({ performance: s.performance, accessibility: s.accessibility });
      return [
        {
          page: current.page,
          current: pick(current),
          baseline: pick(baseline),
          met: current.performance >= baseline.performance && current.accessibility >= baseline.accessibility,
        },
      ];
    });
}

export function describeLighthouse(scores: LighthouseScore[], comparison: LighthouseComparison[]): string[] {
  const lines = scores.map(
    (s) =>
      `Lighthouse ${s.build.padEnd(8)} ${s.page.padEnd(22)} performance ${String(s.performance).padStart(3)}` +
      ` accessibility ${String(s.accessibility).padStart(3)} (median of ${s.runs.length}: ${s.runs.map((r) => r.performance).join(' ')})` +
      (comparison.length ? '' : ` (goal ${s.goal}: ${s.met ? 'met' : 'NOT met'})`) +
      ` FCP ${s.audits.fcp} LCP ${s.audits.lcp} TBT ${s.audits.tbt} CLS ${s.audits.cls}` +
      (s.audits.accessibilityFailures ? ` | accessibility failures: ${s.audits.accessibilityFailures}` : '') +
      (s.audits.retriedRuns ? ` | run again after ${s.audits.retriedRuns}` : '') +
      (s.audits.failedRuns ? ` | FAILED ${s.audits.failedRuns}` : ''),
  );
  return [
    ...lines,
    ...comparison.map(
      (c) =>
        `Lighthouse A/B ${c.page.padEnd(22)} performance ${c.current.performance} vs ${c.baseline.performance},` +
        ` accessibility ${c.current.accessibility} vs ${c.baseline.accessibility}` +
        ` (goal: neither lower than the baseline's: ${c.met ? 'met' : 'NOT met'})`,
    ),
  ];
}

/** Debian's Chromium driven by playwright-core, with the flags above (headless is playwright's own option). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });

/** A 1366 x 900 browser context whose pages start signed in as the staff member of `token`. */
export async function staffContext(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((accessToken) => {
    localStorage.setItem('user', JSON.stringify({ accessToken }));
  }, token);
  return context;
}
