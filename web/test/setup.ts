/**
 * Every screen test: Testing Library's matchers, the request mock (server.ts) refusing any request no handler
 * answers, and a clean page between tests (no stored login, drafts or toasts carried over).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';
import './browser-gaps';
import { closeSmallApps } from './render-small-apps';

// The roots the small apps' code creates, noted for closeSmallApps (render-small-apps.tsx). Here, because a setup file
// runs again before each test file while other modules are loaded once per worker (`isolate: false`).
vi.mock('react-dom/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/client')>();
  const { noteRoot } = await import('./render-small-apps');
  return {
    ...actual,
    createRoot: (...args: Parameters<typeof actual.createRoot>) => {
      const root = actual.createRoot(...args);
      noteRoot(root);
      return root;
    },
  };
});

// A screen's first use in a file compiles its modules (seconds on a two-core machine busy with other suites): findBy
// waits that long. Within the web project's limit per test (vitest.config.ts), which leaves room for the rest.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
// Registered last, so it runs first (after-hooks run in reverse order): the small apps' roots unmounted before the
// page's storage and address are reset, as when the hook was render-small-apps.tsx's own.
afterEach(closeSmallApps);
afterAll(() => server.close());
