/**
 * Browser test harness: the real server (built web app + API on a fresh
 * database) on a random local port, and Debian's Chromium driven by
 * playwright-core (never a downloaded browser).
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { teamMembers } from '../../server/db/schema';
import { hashPassword } from '../../server/features/auth/auth.service';
import { MailWorker } from '../../server/features/mail/mail.worker';
import { storageFor } from '../../server/lib/storage';
import { createTestDatabase, TEST_PASSWORD } from '../../server/test/helper';
import { TEST_ENCRYPTION_KEYS, TEST_KEY_RING } from '../../server/test/test-keys';
import { loadDemoOrders, RECENT_SPAN_DAYS } from '../../server/seed/load-orders';
import type { Database } from '../../server/db/client';
import type { Role } from '../../shared/roles';

export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

export interface E2EServer {
  baseUrl: string;
  database: Database;
  createMember(role: Role, name: string): Promise<{ id: number; email: string; name: string }>;
  /** Demo orders over the last 120 days: as on a live service, mostly closed, a couple of days' intake New. */
  seedOrders(count: number): Promise<void>;
  /** Demo orders of the last four days: queues full of work (about half New, a sixth in progress). */
  seedRecentOrders(count: number): Promise<void>;
  /** Cuts every open connection, as a restart or a network drop would (browsers reconnect on their own). */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * `mailWorker`: send queued mails as the running service does (server/main.ts), through the providers `env` names
 * (an SMTP_URL of a test peer); off by default, so no test's mail lands in a local outbox it did not choose.
 */
export async function startServer(
  env: Record<string, string> = {},
  { mailWorker = false }: { mailWorker?: boolean } = {},
): Promise<E2EServer> {
  // The API tests' key: the order factory and the seed's loader seal with it, and the server opens with it.
  const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS, ...env });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'e2e-secret-'.padEnd(40, 'x'),
    webDist: inject('webDist'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const worker = mailWorker ? new MailWorker({ db: database.db, config, storage: storageFor(config) }) : null;
  worker?.start();
  const passwordHash = await hashPassword(TEST_PASSWORD);
  let n = 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async createMember(role, name) {
      n += 1;
      const email = `${role.replace(/\s/g, '').toLowerCase()}${n}@e2e.example`;
      const [row] = await database.db
        .insert(teamMembers)
        .values({ name, email, type: role, passwordHash })
        .returning({ id: teamMembers.id });
      return { id: row!.id, email, name };
    },
    seedOrders: async (count) => {
      await loadDemoOrders(database, { count, seed: 7, ring: TEST_KEY_RING });
    },
    seedRecentOrders: async (count) => {
      await loadDemoOrders(database, { count, seed: 7, spanDays: RECENT_SPAN_DAYS, ring: TEST_KEY_RING });
    },
    dropConnections: () => {
      app.server.closeAllConnections();
    },
    async close() {
      await worker?.stop();
      await app.close();
      await database.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(
  browser: Browser,
  width = 1366,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  // Surface page errors in the test output.
  page.on('pageerror', (error) => {
    console.warn(`[page error] ${error.message}`);
  });
  return { context, page };
}

export async function signIn(page: Page, baseUrl: string, email: string, password = TEST_PASSWORD) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/**
 * Signs in through the API (no sign-in screen) and opens `path` (default: the home queue): for journeys that are
 * not about signing in. The token goes where the web app keeps it (local storage `user`), written from a small
 * same-origin answer (the health check) so no screen has started before it is there.
 */
export async function signInThroughApi(
  page: Page,
  baseUrl: string,
  email: string,
  { password = TEST_PASSWORD, path = '/admin' }: { password?: string; path?: string } = {},
) {
  const response = await page.request.post(`${baseUrl}/api/admin/admin-login`, { data: { email, password } });
  const body = (await response.json()) as { status: number; message: string; jwtToken?: string };
  if (body.status !== 1 || !body.jwtToken) throw new Error(`API sign-in of ${email} refused: ${body.message}`);
  await page.goto(`${baseUrl}/api/health/live`);
  await page.evaluate((token) => localStorage.setItem('user', JSON.stringify({ accessToken: token })), body.jwtToken);
  await page.goto(`${baseUrl}${path}`);
}

/**
 * Holds the page's requests to `urls` (a glob or a pattern each) until the returned `release` is called, to look at
 * the screen while they are on their way; after it they go through. Called again for the same address, the newer
 * hold takes that address's next requests.
 */
export async function holdRequests(page: Page, ...urls: (string | RegExp)[]): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const url of urls) {
    await page.route(url, async (route) => {
      await held;
      await route.continue();
    });
  }
  return release;
}

/** The whole page by default; `fullPage: false` shows the window as the user sees it (sticky bars where they stick). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
}

/** A dashboard tile's count (`field`: a folder-count field such as newOrdersCount). */
export const tile = (page: Page, field: string) => page.locator(`.dashboard-tiles [data-count="${field}"] .tile-count`);
export const tileNumber = async (page: Page, field: string) =>
  Number((await tile(page, field).textContent())?.replaceAll(',', ''));
/** The queue table's row of one order (its Order Id cell). */
export const orderRow = (page: Page, orderId: number) =>
  page.locator('tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${orderId}$`) }) });
