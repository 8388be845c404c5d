/** The staff app: providers, the router and toasts (main.tsx starts it for staff addresses only). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadScreens } from './router';

export { preloadScreens };

/**
 * `notice`: a first toast (the sign-in app hands over its success message). The first screen's code is loaded
 * first (router.tsx preloadScreens).
 */
export async function startStaffApp(root: HTMLElement, notice?: string) {
  await preloadScreens(window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <App notice={notice} />
    </StrictMode>,
  );
}
