/** The staff app's start (main.tsx starts it for staff addresses; the sign-in app after a completed sign-in). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { staffTimeZone } from '../lib/time';
import { App } from './App';
import { createStaffApp, firstAddressLoaded, type StaffApp } from './staff-app';
import { loadLikelyScreens } from './router';
import { firstScreenShowsTimes } from './staff-paths';

/**
 * Draws the staff app at the browser's address once its screen's code and data are here. `app`: its router and query
 * cache when already created (main.tsx creates them first, staff-app.ts says why); `notice`: a first toast (the
 * sign-in hands over its message); `beforeFirstDraw`: what the page that was must do before it is replaced.
 */
export async function startStaffApp(
  root: HTMLElement,
  {
    app = createStaffApp(),
    notice,
    beforeFirstDraw,
  }: { app?: StaffApp; notice?: string; beforeFirstDraw?: () => Promise<void> } = {},
) {
  // The browser's locale service, after a sign-in: while the first screen's data is on its way, not inside its first
  // draw (on a first load the entry has started it already; the staff zone's check then costs a few milliseconds).
  if (firstScreenShowsTimes(window.location.pathname)) setTimeout(staffTimeZone, 0);
  await firstAddressLoaded(app.router);
  await beforeFirstDraw?.();
  // As a transition: React draws the first screen in slices, between which the browser may paint and answer input.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App notice={notice} {...app} />
      </StrictMode>,
    ),
  );
  loadLikelyScreens();
}
