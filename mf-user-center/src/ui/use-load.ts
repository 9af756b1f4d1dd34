import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads once per `key` (null: nothing to load); an answer for an older key is dropped. */
export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown; loading: boolean }>({
    key: null,
    data: null,
    error: null,
    loading: key !== null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, key, loading: true, error: null }));
    load().then(
      (data) => live && setState({ key, data, error: null, loading: false }),
      (error: unknown) => live && setState({ key, data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // `load` is a new function on every render; the key says when to load again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: key !== null && (!current || state.loading), reload };
}
