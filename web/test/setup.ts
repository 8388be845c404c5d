/**
 * Every screen test: Testing Library's matchers, the request mock (server.ts) refusing any request no handler
 * answers, and a clean page between tests (no stored login, drafts or toasts carried over).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';
import './browser-gaps';

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
afterAll(() => server.close());
