import { startTransition, useCallback, type MouseEvent } from 'react';
import { useLinkClickHandler, useNavigate, type To } from 'react-router';

/**
 * A router navigation started as a transition. The staff's everyday navigations go through here: the frame's links
 * and every link to an order (`useLinkClickAsTransition`), a key's or an answer's way to an order
 * (`useNavigateAsTransition`), and the queue's own address changes (features/queues/use-queue-params.ts).
 *
 * Why (docs/decisions/0065): the router's updates are drawn as ordinary updates (0063), and a navigation publishes
 * its loading state as the click happens. At the click's priority React would draw that state at once, the screen
 * that stays drawn again, and a few microtasks later draw the next screen when the loader's answer, usually in the
 * cache from the link's intent, ends the navigation. Started in a transition, the loading state waits: a navigation
 * whose answer is at hand ends within the click and its screen is drawn in one pass; one that waits has its loading
 * state (the progress bar) drawn a moment later.
 *
 * What must stay true: the callback given to startTransition returns nothing. A callback returning the navigation's
 * promise (what the router's own `useTransitions` option does) makes it an async action, and React then holds every
 * state set in it, the loading state included, until the navigation ends: a slow one would show no progress at all.
 */
export function navigateAsTransition(navigate: () => unknown): void {
  startTransition(() => {
    void navigate();
  });
}

/**
 * A router link's click as a transition: give it to the link as `onClick`. It runs the router's own click handling
 * (`useLinkClickHandler`, a plain click only; a modified click is left to the browser), and the link then leaves the
 * click alone.
 */
export function useLinkClickAsTransition(to: To) {
  const followLink = useLinkClickHandler<HTMLAnchorElement>(to);
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => navigateAsTransition(() => followLink(event)),
    [followLink],
  );
}

/** The router's navigate as a transition, where a key or an answer leads to a link's place (a row's Enter, Work next). */
export function useNavigateAsTransition() {
  const navigate = useNavigate();
  return useCallback((to: To) => navigateAsTransition(() => navigate(to)), [navigate]);
}
