import { useDeferredValue } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether a screen draws its data, now that it is `ready` (issue 27, docs/decisions/0036). On the page's first
 * address (a cold load, or the first screen after signing in: React Router's first location, key `default`) the first
 * draw is a deferred update, which React renders in slices of a few milliseconds, so a phone's main thread is not
 * held for the whole screen while the page loads. A screen opened by a click draws at once: the person is waiting for
 * it, and the slices' yields would add to that wait (12-36 ms on the bench's View and queue clicks).
 */
export function useFirstDraw(ready: boolean): boolean {
  const firstAddress = useLocation().key === 'default';
  // A constant when not deferring: a changing value would schedule a deferred render nobody uses.
  const deferred = useDeferredValue(firstAddress ? ready : true);
  return ready && deferred;
}
