import { useEffect, useState } from 'react';

/** The search box's text now, and `commit` called with it 500 ms after the last change. */
export function useDebouncedSearch(current: string, commit: (text: string) => void, delay = 500) {
  const [text, setText] = useState(current);
  useEffect(() => {
    setText(current);
  }, [current]);
  useEffect(() => {
    if (text === current) return undefined;
    const timer = setTimeout(() => commit(text), delay);
    return () => clearTimeout(timer);
  }, [text, current, commit, delay]);
  return [text, setText] as const;
}
