/**
 * Opens a screen once before a file's tests (beforeAll), then leaves a clean page: the first opening in a file
 * compiles the screen's code and styles, seconds on a busy machine, which a test's waits for the screen would
 * otherwise have to cover.
 */
import { cleanup } from '@testing-library/react';
import { renderStaffApp, screen } from './render-app';
import { server } from './server';

/** `answer` adds the handlers the screen needs to draw; `drawn` is a text it shows once it has. */
export async function openOnce(url: string, drawn: string | RegExp, answer: () => void = () => undefined) {
  answer();
  await renderStaffApp(url, { as: 'Admin' });
  await screen.findAllByText(drawn, {}, { timeout: 60_000 });
  cleanup();
  server.resetHandlers();
  localStorage.clear();
}
