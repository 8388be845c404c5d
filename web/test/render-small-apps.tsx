/**
 * The two small apps main.tsx starts outside the staff app, opened as it opens them: at an address of the page
 * (`window.location`), by their start function, in a container of the page. The sign-in app hands a completed
 * sign-in to the staff app in the same container, on the browser's history, as in the product.
 *
 * Neither start function hands out its React root, so the roots the app's code creates are noted as it creates them
 * (react-dom/client's createRoot, wrapped by web/test/setup.ts) and unmounted after each test (closeSmallApps, called
 * by setup.ts): a root left mounted would keep its toast container, which would take the next test's first toasts.
 * Both the mock and the hook are in the setup file because the web project's files share loaded modules
 * (`isolate: false`): this module runs once per worker, so a `vi.mock` or `afterEach` of its own would hold for the first
 * file of a worker that imports it only (Vitest: setupFiles, "If isolation is disabled, imported modules are cached, but
 * the setup file itself is executed again before each test file").
 */
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';

/** The roots the apps' code created (react-dom/client's createRoot, wrapped by setup.ts), one list per worker. */
const roots: Root[] = [];
export const noteRoot = (root: Root) => void roots.push(root);

export interface OpenedApp {
  user: ReturnType<typeof userEvent.setup>;
  /** The address the page shows now (path and query). */
  location(): string;
}

const containers: HTMLElement[] = [];

function container(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  containers.push(element);
  return element;
}

const opened = (): OpenedApp => ({
  user: userEvent.setup(),
  location: () => `${window.location.pathname}${window.location.search}`,
});

/** The sign-in app at `url` (normally `/`), with whatever login the test stored beforehand. */
export async function openSignInApp(url = '/'): Promise<OpenedApp> {
  window.history.replaceState(null, '', url);
  const { startSignInApp } = await import('../src/app/SignInApp');
  const element = container();
  await act(async () => {
    await startSignInApp(element);
  });
  return opened();
}

/** The public app at `url`. */
export async function openPublicApp(url: string): Promise<OpenedApp> {
  // The public pages' own navigation keeps the address it last saw: `navigate` sets the page's and its own.
  const { navigate } = await import('../src/features/public/public-router');
  navigate(url, { replace: true });
  const { startPublicApp } = await import('../src/features/public/PublicApp');
  const { startingLocale } = await import('../src/features/public/i18n/starting-locale');
  const element = container();
  await act(async () => {
    startPublicApp(element, startingLocale());
  });
  return opened();
}

/** After each test (setup.ts): unmounts the roots the apps created and removes their containers. */
export async function closeSmallApps() {
  if (roots.length) {
    // The sign-in app's toasts keep their root in their module: it forgets it here, or a later failure would go to it.
    const { removeSignInToasts } = await import('../src/app/sign-in-toasts');
    act(() => {
      removeSignInToasts();
      for (const root of roots.splice(0)) root.unmount();
    });
  }
  for (const element of containers.splice(0)) element.remove();
}
