/** The staff app: providers, the router and toasts (main.tsx starts it for staff addresses only). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** `notice`: a first toast (the sign-in app hands over its success message). */
export function startStaffApp(root: HTMLElement, notice?: string) {
  createRoot(root).render(
    <StrictMode>
      <App notice={notice} />
    </StrictMode>,
  );
}
