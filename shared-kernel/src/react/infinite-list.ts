import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { servedError, useServerData, type ServerOutcome } from '../ssr/server-data';
import { registerLoadMore, setLoadFinished } from '../state/app-state';

/** One page of a DRF-style list answer (`{count, next, previous, results}`). */
export interface ListPage<T> {
  results: T[];
  next?: string | null;
  count?: number;
}

export type ListStatus = 'loading' | 'idle' | 'error' | 'done';

export interface InfiniteListOptions<T> {
  /** Fetches page `page` (from 1); abort the request when `signal` fires. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<ListPage<T>>;
  /** What the list shows (e.g. the filters as a string): when it changes the list starts over from page 1. */
  key: string;
  /**
   * Where the loaded pages and the scroll position are kept in session storage, so that coming back to the list
   * (history back) shows it as it was: use the history entry's key with the full path. None: not kept.
   */
  restoreKey?: string;
  /** The route's name in the app state: its loadFinished flag and load-more handler follow this list. */
  route?: string;
  /**
   * The key of page 1 in a server render (useServerData): rendered on the server, and in the browser the first
   * page comes with the HTML instead of a request. None: always fetched in the browser.
   */
  ssrKey?: string;
}

export interface InfiniteList<T> {
  items: T[];
  /** The total the API reported, or null before the first page. */
  count: number | null;
  /** 'loading' while a page is under way, 'error' after a failed one, 'done' when there is nothing more. */
  status: ListStatus;
  error: unknown;
  /** Pages loaded so far. */
  page: number;
  /** Loads the next page unless one is under way, the list is done, or the last one failed. */
  loadMore: () => void;
  /** Tries the failed page again. */
  retry: () => void;
}

interface State<T> {
  key: string;
  items: T[];
  count: number | null;
  page: number;
  status: ListStatus;
  error: unknown;
}

type Action<T> =
  | { type: 'reset'; state: State<T> }
  | { type: 'start'; key: string }
  | { type: 'loaded'; key: string; page: number; data: ListPage<T> }
  | { type: 'failed'; key: string; error: unknown };

function reducer<T>(state: State<T>, action: Action<T>): State<T> {
  if (action.type === 'reset') return action.state;
  if (action.key !== state.key) return state; // an answer for filters no longer shown
  switch (action.type) {
    case 'start':
      return { ...state, status: 'loading', error: null };
    case 'loaded': {
      const items = action.page === 1 ? action.data.results : [...state.items, ...action.data.results];
      const count = action.data.count ?? items.length;
      const more = action.data.next !== undefined ? !!action.data.next : items.length < count;
      return { ...state, items, count, page: action.page, status: more && action.data.results.length > 0 ? 'idle' : 'done', error: null };
    }
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}

const STORE_PREFIX = 'kernel:list:';

interface Snapshot<T> {
  key: string;
  items: T[];
  count: number | null;
  page: number;
  done: boolean;
}

function readSnapshot<T>(restoreKey: string | undefined, key: string): Snapshot<T> | null {
  if (!restoreKey) return null;
  try {
    const raw = sessionStorage.getItem(STORE_PREFIX + restoreKey);
    const snapshot = raw ? (JSON.parse(raw) as Snapshot<T>) : null;
    return snapshot && snapshot.key === key && Array.isArray(snapshot.items) && snapshot.page > 0 ? snapshot : null;
  } catch {
    return null; // storage disabled or a damaged entry: load afresh
  }
}

function readScroll(restoreKey: string): number {
  try {
    const y = Number(sessionStorage.getItem(`${STORE_PREFIX}${restoreKey}:y`));
    return Number.isFinite(y) && y > 0 ? y : 0;
  } catch {
    return 0;
  }
}

function store(name: string, value: string): void {
  try {
    sessionStorage.setItem(name, value);
  } catch {
    /* storage full or disabled: the list simply loads afresh next time */
  }
}

const writeSnapshot = <T>(restoreKey: string, snapshot: Snapshot<T>) => store(STORE_PREFIX + restoreKey, JSON.stringify(snapshot));
const writeScroll = (restoreKey: string, y: number) => store(`${STORE_PREFIX}${restoreKey}:y`, String(Math.round(y)));

function stateFrom<T>(key: string, snapshot: Snapshot<T> | null): State<T> {
  if (!snapshot) return { key, items: [], count: null, page: 0, status: 'loading', error: null };
  return { key, items: snapshot.items, count: snapshot.count, page: snapshot.page, status: snapshot.done ? 'done' : 'idle', error: null };
}

/** The state after page 1 as the server fetched it (its data, or its error). */
function stateServed<T>(key: string, served: ServerOutcome<ListPage<T>>): State<T> {
  const start = stateFrom<T>(key, null);
  if (served.error) return reducer(start, { type: 'failed', key, error: servedError(served.error) });
  return reducer(start, { type: 'loaded', key, page: 1, data: served.data });
}

/**
 * A paged list that grows page by page (the shared list footer drives it: infinite scroll, 'load more', retry).
 * With a restoreKey it comes back from history with its pages and scroll position, without a request.
 */
export function useInfiniteList<T>({ fetchPage, key, restoreKey, route, ssrKey }: InfiniteListOptions<T>): InfiniteList<T> {
  const served = useServerData(ssrKey ?? null, () => fetchPage(1, new AbortController().signal));
  // the page as the server rendered it wins over a kept copy: the HTML must match
  const [kept] = useState(() => (served ? null : readSnapshot<T>(restoreKey, key)));
  const [state, dispatch] = useReducer(reducer<T>, kept, (snapshot) => (served ? stateServed<T>(key, served) : stateFrom<T>(key, snapshot)));
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef<AbortController | null>(null);
  // Layout effects run before the effect below: the first mount's scroll target is set here.
  const scrollTarget = useRef<number | null>(kept && restoreKey ? readScroll(restoreKey) : null);

  const load = useCallback((page: number) => {
    const listKey = stateRef.current.key;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: 'start', key: listKey });
    fetchRef.current(page, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        dispatch({ type: 'loaded', key: listKey, page, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        dispatch({ type: 'failed', key: listKey, error });
      },
    );
  }, []);

  // A new key (or the first mount): restore the kept pages, or load page 1.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === key) return;
    const first = started.current === null;
    started.current = key;
    if (first && served) return; // page 1 came with the HTML
    const snapshot = first ? kept : readSnapshot<T>(restoreKey, key);
    if (snapshot) {
      if (!first) {
        scrollTarget.current = readScroll(restoreKey as string);
        dispatch({ type: 'reset', state: stateFrom(key, snapshot) });
      }
      return;
    }
    if (!first) dispatch({ type: 'reset', state: stateFrom<T>(key, null) });
    stateRef.current = { ...stateRef.current, key };
    load(1);
  }, [key, restoreKey, load]);

  useEffect(() => () => inFlight.current?.abort(), []);

  // Back at a kept list: scroll to where the reader was, once its items are on the page.
  useLayoutEffect(() => {
    if (scrollTarget.current === null || state.items.length === 0) return;
    window.scrollTo(0, scrollTarget.current);
    scrollTarget.current = null;
  }, [state.items]);

  // Keep the loaded pages for the way back (written when they change, not on every scroll event).
  useEffect(() => {
    if (!restoreKey || state.page === 0) return;
    writeSnapshot<T>(restoreKey, {
      key: state.key,
      items: state.items,
      count: state.count,
      page: state.page,
      done: state.status === 'done',
    });
  }, [restoreKey, state.key, state.items, state.count, state.page, state.status]);

  // And the scroll position, in an entry of its own (a number is cheap to write on each scroll event).
  useEffect(() => {
    if (!restoreKey) return;
    const save = () => writeScroll(restoreKey, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [restoreKey]);

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.status !== 'idle') return;
    load(s.page + 1);
  }, [load]);

  const retry = useCallback(() => {
    const s = stateRef.current;
    if (s.status === 'error') load(s.page + 1);
  }, [load]);

  useEffect(() => {
    if (!route) return;
    setLoadFinished(route, state.status === 'done');
  }, [route, state.status]);
  useEffect(() => (route ? registerLoadMore(route, loadMore) : undefined), [route, loadMore]);

  return { items: state.items, count: state.count, status: state.status, error: state.error, page: state.page, loadMore, retry };
}
