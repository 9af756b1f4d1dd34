import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads once per `key` (null: nothing to load) and again on `reload()`; an answer for an older key is dropped.
 * `load` may be a new function on every render: the key, not the function, says when to load again.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown; loading: boolean }>({
    key: null,
    data: null,
    error: null,
    loading: key !== null,
  });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, key, loading: true, error: null }));
    latest.current().then(
      (data) => live && setState({ key, data, error: null, loading: false }),
      (error: unknown) => live && setState({ key, data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: key !== null && (!current || state.loading), reload };
}
