/** Whether a CSS media query matches now, re-rendering when it changes (e.g. the phone layout under 768 px). */
import { useCallback, useSyncExternalStore } from 'react';

export { PHONE_QUERY } from './phone-query';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
