/** A GET-like call's state for the public pages (what TanStack Query gave the staff screens, without its weight). */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  reload(): void;
}

/** Runs `load` when `key` changes (not at all while `key` is null); `reload` runs it again, keeping the data shown. */
export function useRequest<T>(key: string | null, load: () => Promise<T>, cache?: Map<string, T>): RequestState<T> {
  const cached = key !== null ? cache?.get(key) : undefined;
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: Error | null }>({
    key,
    data: cached,
    error: null,
  });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null || (round === 0 && cache?.has(key))) return undefined;
    let current = true;
    loadRef.current().then(
      (data) => {
        if (current) {
          cache?.set(key, data);
          setState({ key, data, error: null });
        }
      },
      (error: Error) => {
        if (current) setState((s) => ({ key, data: s.key === key ? s.data : undefined, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, round, cache]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const mine = state.key === key;
  const data = mine ? state.data : cached;
  const error = mine ? state.error : null;
  return { data, error, isPending: key !== null && data === undefined && error === null, reload };
}
