/** The staff app: providers, the router and toasts (main.tsx starts it for staff addresses only). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadLikelyScreens, preloadScreens, preloadScreensOnIntent } from './router';

/** For the sign-in app, which loads the destination's screens before it hands over. */
export { preloadScreens };

/**
 * `notice`: a first toast (the sign-in app hands over its success message). The first screen's code is loaded
 * first (router.tsx preloadScreens).
 */
export async function startStaffApp(root: HTMLElement, notice?: string) {
  await preloadScreens(window.location.pathname);
  // As a transition: React draws the first screen in slices, between which the browser may paint and answer input
  // (one long task instead was most of a staff page's total blocking time in Lighthouse).
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App notice={notice} />
      </StrictMode>,
    ),
  );
  preloadLikelyScreens();
  preloadScreensOnIntent();
}
