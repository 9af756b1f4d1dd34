import { useCallback, useEffect, useState } from 'react';

export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** One request for a page part (a category, the hot keywords): started again when `deps` change, aborted on leave. */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Fetched<T> {
  const [state, setState] = useState<{ data?: T; error: unknown; loading: boolean }>({ error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ data: s.data, error: null, loading: true }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ error, loading: false }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
