import { useDeferredValue } from 'react';
import { useLocation } from 'react-router';

/**
 * A screen's data as the screen draws it (issue 27, docs/decisions/0036): `undefined` until it is drawn. On the page's
 * first address (a cold load, or the first screen after signing in: React Router's first location, key `default`) the
 * first draw is a deferred update, which React renders in slices of a few milliseconds, so a phone's main thread is
 * not held for the whole screen while the page loads; until then the screen shows its loading state. A screen opened
 * by a click draws its data at once: the person is waiting for it, and the slices' yields would add to that wait
 * (12-36 ms on the bench's View and queue clicks).
 */
export function useFirstDraw<T>(data: T | undefined): T | undefined {
  const firstAddress = useLocation().key === 'default';
  // A constant when not deferring: a changing value would schedule a deferred render nobody uses.
  const drawn = useDeferredValue(firstAddress ? data !== undefined : true);
  return drawn ? data : undefined;
}
