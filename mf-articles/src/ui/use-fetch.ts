import { useCallback, useEffect, useRef, useState } from 'react';
import { servedError, useServerData } from 'shared-kernel';

export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * One request for a page part (a category, the hot keywords): started again when `deps` change, aborted on leave.
 * With `ssrKey` it is part of the page's server render: the first answer comes with the HTML (useServerData).
 */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], ssrKey?: string): Fetched<T> {
  const served = useServerData(ssrKey ?? null, () => load(new AbortController().signal));
  const [state, setState] = useState<{ data?: T; error: unknown; loading: boolean }>(() =>
    served ? { data: served.data, error: served.error ? servedError(served.error) : null, loading: false } : { error: null, loading: true },
  );
  const [attempt, setAttempt] = useState(0);
  // the first run of the effect has nothing to fetch when the server's answer came with the page
  const skipFirst = useRef(!!served);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
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
