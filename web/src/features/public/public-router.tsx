/**
 * The public pages' own navigation: two screens and a not-found page do not need a router library, and
 * the customer's phone should not download one. The address is the state: `navigate` pushes it and tells the
 * subscribers; Back and Forward arrive as popstate. A one-page notice (what a toast said before) travels with
 * the navigation and lasts until the next one.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export interface Notice {
  kind: 'success' | 'danger' | 'info';
  text: string;
}

let notice: Notice | null = null;
let snapshot: { path: string; notice: Notice | null } = { path: window.location.pathname, notice };
const listeners = new Set<() => void>();

function changed() {
  snapshot = { path: window.location.pathname, notice };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', onPopState);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) window.removeEventListener('popstate', onPopState);
  };
}

function onPopState() {
  notice = null;
  changed();
}

export function navigate(to: string, options: { replace?: boolean; notice?: Notice } = {}) {
  notice = options.notice ?? null;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  changed();
}

/** The current path and the notice that came with it. */
export const useLocation = () => useSyncExternalStore(subscribe, () => snapshot);

export function dismissNotice() {
  notice = null;
  changed();
}

/** A link inside the public pages: a plain left click navigates without reloading. */
export function PublicLink({ to, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...props} />;
}
