/**
 * One `npm test`: unit tests, the API suite on embedded PGlite, the same API
 * suite on PostgreSQL when TEST_DATABASE_URL is set, and browser tests in
 * Debian's Chromium when it is installed (required when CI=true).
 */
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
const pgUrl = process.env.TEST_DATABASE_URL;

if (!hasChromium) {
  if (process.env.CI)
    throw new Error(`CI=true but Chromium is missing at ${chromium}: browser tests cannot be skipped in CI.`);
  console.warn(
    `\n[browser tests skipped] Chromium not found at ${chromium}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH) to run them.\n`,
  );
}
if (!pgUrl) {
  console.warn(
    '[PostgreSQL API suite skipped] set TEST_DATABASE_URL=postgres://user@host:5432/db to run the API suite on PostgreSQL too.\n',
  );
}

/**
 * Server tests that need no database: the unit project runs them once, rather than each API project again (a
 * test here that starts opening a database fails in the unit project, which provides no template).
 */
const SERVER_TESTS_WITHOUT_DATABASE = [
  'server/config.test.ts',
  'server/seed/progress.test.ts',
  'server/seed/demo-orders.test.ts',
  'server/lib/geoip.test.ts',
  'server/lib/response-serializer.test.ts',
  'server/features/exports/export-writers.test.ts',
  'server/features/invoices/invoice.pdf.test.ts',
  'server/features/disputes/dispute-state.test.ts',
  'server/lib/encryption/key-ring.test.ts',
  'server/db/repeated-statements.test.ts',
];

const apiProject = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude: SERVER_TESTS_WITHOUT_DATABASE,
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/fail-on-console-error.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files in one worker share loaded modules: every file builds its own app and database anyway, and the
    // per-process caches are kept per database handle (lib/per-object.ts). Importing the server afresh per file
    // cost ~3 s a file, about a third of the API suites' time (docs/decisions/0043).
    isolate: false,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: [
        'shared/**/*.test.ts',
        'web/src/**/*.test.ts',
        ...SERVER_TESTS_WITHOUT_DATABASE,
        'tests/budgets/**/*.test.ts',
        'tests/product-docs/**/*.test.ts',
        'tests/lint/**/*.test.ts',
      ],
      environment: 'node',
      setupFiles: ['server/test/fail-on-console-error.ts'],
      // A guard against a hang, as in the other projects, not a measure: beside the browser suite on a busy 2-core
      // machine, a test that reads a tree of files or compresses a build runs past Vitest's default five seconds.
      testTimeout: 30_000,
    },
  },
  {
    // Screens in jsdom against a request mock (web/test): behaviour below the browser, in seconds.
    test: {
      name: 'web',
      include: ['web/src/**/*.test.tsx'],
      // jsdom, with Node's Blob, File and FormData, which Node 24's fetch requires (web/test/jsdom-environment.ts).
      environment: './web/test/jsdom-environment.ts',
      setupFiles: ['web/test/setup.ts', 'server/test/fail-on-console-error.ts'],
      // A file's first test compiles the screens it opens (seconds on a busy two-core machine) and then waits on
      // findBy (web/test/setup.ts): Vitest's 5 s default would fail it for the compiling, not for the screen. A test
      // waits several times, each within findBy's 10 s: beside CI's other suites one took 16 s (1.5 s alone), so the
      // limit leaves room for three slow waits; it only delays a real failure, which findBy names first.
      testTimeout: 30_000,
      // Files in one worker share loaded modules (React, the app's screens): each file renders its own app and resets
      // the request mock and storage between tests (web/test/setup.ts). Imported afresh per file, the modules were
      // about half of the project's time.
      isolate: false,
      // Through Vite, as the app's build takes it: left to Node, `react-router/dom` and `react-router` may load as
      // two copies (CommonJS and ES module), and the router's context of one is not the other's.
      server: { deps: { inline: [/react-router/] } },
    },
    resolve: { conditions: ['module', 'browser', 'development'] },
  },
  apiProject('api-pglite', { TEST_DB: 'pglite' }),
];
if (pgUrl) projects.push(apiProject('api-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl }));
if (hasChromium) {
  projects.push({
    test: {
      name: 'browser',
      include: ['tests/e2e/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/e2e/global-setup.ts'],
      setupFiles: ['server/test/fail-on-console-error.ts'],
      env: { CHROMIUM_PATH: chromium },
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // expect.poll gives up after 1 s by default: too short for a screen's first data on a loaded two-core machine
      // (a CI run failed on the tile counts of a page just signed in). Polls wait for a state to arrive, so a
      // longer limit only delays a real failure.
      expect: { poll: { timeout: 10_000 } },
      // Two files at a time, after the other projects (a group of its own): a journey mostly waits on its browser and
      // server, so one file at a time used about two thirds of one core (docs/decisions/0058).
      fileParallelism: true,
      // Files in one worker share loaded modules as the API suites do (each file starts its own server, database and
      // browser anyway): importing the server afresh cost ~3 s a file (docs/decisions/0043).
      isolate: false,
      sequence: { groupOrder: 1 },
    },
  });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
