import { useEffect, useState } from 'react';
import { useChanged } from './use-changed';

/**
 * A search box's text, committed `delay` ms after the last key (product rule: search inputs wait 500 ms). `current`
 * is the search in effect (the address's): the box follows it when it changes elsewhere (Back, a link). Shared by the
 * queues' and the reports' search boxes.
 */
export function useDebouncedSearch(current: string, commit: (text: string) => void, delay = 500) {
  const [text, setText] = useState(current);
  // Followed while rendering, not in an effect: an effect would draw the box once more with the old text.
  if (useChanged(current)) setText(current);
  useEffect(() => {
    if (text === current) return undefined;
    const timer = setTimeout(() => commit(text), delay);
    return () => clearTimeout(timer);
  }, [text, current, commit, delay]);
  return [text, setText] as const;
}
