import { createContext, use, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Server rendering of a remote's pages (docs/architecture.md "Pages as HTML"). The same components render on the
 * remote's server and in the browser; what they fetch goes through `useServerData(key, load)`:
 * - on the server it suspends until `load()` settles and records the outcome under `key`;
 * - in the browser, while the page is hydrated, it answers the recorded outcome at once (the data came with the
 *   HTML: no second fetch, nothing moves);
 * - afterwards (client-side navigation) it answers nothing and the component fetches as it always did.
 */

/** A fetch's outcome as it travels in the page: the data, or the error's HTTP status and Chinese message. */
export type ServerOutcome<T> = { data: T; error?: undefined } | { data?: undefined; error: { status?: number; message: string } };

/** What a server render collects besides the HTML: the page's head and its HTTP status. */
export interface PageHeadInfo {
  title: string;
  description?: string;
  /** The page's canonical path (with its query when that names the content), resolved against the site. */
  canonical?: string;
  /** Open Graph type: 'website' or 'article'. */
  ogType?: string;
  image?: string;
  /** schema.org objects, written as application/ld+json. */
  jsonLd?: Record<string, unknown>[];
  /** Crawlers should not index this page (a search result page, an empty list). */
  noindex?: boolean;
}

export interface SsrStore {
  /** Outcomes by key: filled on the server, read once each while hydrating in the browser. */
  data: Record<string, ServerOutcome<unknown>>;
  /** Hints the server guessed for the first render (layout width from the user agent). */
  hints: { wide: boolean };
  /** The server's work in progress (never serialized). */
  pending?: Map<string, Promise<ServerOutcome<unknown>>>;
  head?: PageHeadInfo;
  status?: number;
  /** The site's host and origin the page is served for (server only: the browser has its location). */
  host?: string;
  origin?: string;
}

const SsrContext = createContext<SsrStore | null>(null);

export function SsrProvider({ store, children }: { store: SsrStore | null; children: ReactNode }) {
  return <SsrContext.Provider value={store}>{children}</SsrContext.Provider>;
}

/** The store of the render in progress: the server's, or the browser's while it hydrates (else null). */
export function useSsrStore(): SsrStore | null {
  return useContext(SsrContext);
}

const noSubscribe = () => () => {};
/**
 * False while the server renders and while the browser hydrates, true on every other render: a component shows
 * the visitor's view first (what the HTML has) and the signed-in person's right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

export const isServer = typeof window === 'undefined';

/** A served error as the HTTP client's errors look (status and message where errorMessageOf reads them). */
export function servedError(error: { status?: number; message: string }): unknown {
  return { response: { status: error.status, data: { message: error.message } } };
}

/** An error as a page shows it: the HTTP status and the API's Chinese message. */
function outcomeOfError(error: unknown): ServerOutcome<never> {
  const response = (error as { response?: { status?: number; data?: { message?: unknown } } }).response;
  const message = typeof response?.data?.message === 'string' ? response.data.message : '加载失败，请稍后重试';
  return { error: { status: response?.status, message } };
}

/**
 * The outcome of `load` recorded under `key` (see above); undefined when there is none (no store, no key, or a
 * browser render after hydration). On the server this suspends, so render with a Suspense-aware renderer.
 */
export function useServerData<T>(key: string | null, load: () => Promise<T>): ServerOutcome<T> | undefined {
  const store = useContext(SsrContext);
  // in the browser an outcome serves the render that hydrates: once committed, the key is gone (a later visit fetches)
  useEffect(() => {
    if (!isServer && store && key !== null) delete store.data[key];
  }, [store, key]);
  if (!store || key === null) return undefined;
  if (!isServer || !store.pending) return store.data[key] as ServerOutcome<T> | undefined;
  // on the server every read goes through use(), settled or not: React matches a component's use() calls by their
  // order when it renders the component again after a suspension
  let pending = store.pending.get(key);
  if (!pending) {
    pending = load().then(
      (data) => ({ data }),
      (error: unknown) => outcomeOfError(error),
    );
    pending.then((outcome) => (store.data[key] = outcome));
    store.pending.set(key, pending);
  }
  return use(pending) as ServerOutcome<T>;
}

/** Replaces the content of `<meta name=…>` (creating it when missing). */
function setMeta(name: string, content: string | undefined, attribute: 'name' | 'property' = 'name'): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
  if (!content) return el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attribute, name);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * The page's title and description from its content: recorded for the HTML on the server, applied to the
 * document in the browser (after the shell's generic route title). Renders nothing.
 */
export function PageHead(head: PageHeadInfo) {
  const store = useContext(SsrContext);
  if (isServer && store) store.head = head;
  const { title, description } = head;
  useEffect(() => {
    document.title = title;
    setMeta('description', description);
  }, [title, description]);
  return null;
}

/** The HTTP status of the server's answer (404 for a page whose item does not exist). Renders nothing. */
export function PageStatus({ status }: { status: number }) {
  const store = useContext(SsrContext);
  if (isServer && store) store.status = status;
  return null;
}

/** The id of the element that carries a remote's server data in the page. */
export const ssrDataElementId = (remote: string) => `ssr-data-${remote}`;

/**
 * The store a remote hydrates with: the JSON the server put beside its HTML, for the page being shown (a page
 * the browser reached another way has none). Read once: a later mount renders from scratch.
 */
export function takeHydrationStore(remote: string, host: HTMLElement): SsrStore | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(ssrDataElementId(remote));
  if (!el) return null;
  el.remove();
  const path = host.dataset.ssrPath;
  delete host.dataset.ssrPath;
  if (!path || path !== location.pathname + location.search || !host.firstElementChild) return null;
  try {
    const parsed = JSON.parse(el.textContent ?? '') as Partial<SsrStore>;
    if (!parsed || typeof parsed.data !== 'object') return null;
    return { data: parsed.data ?? {}, hints: { wide: parsed.hints?.wide !== false } };
  } catch {
    return null;
  }
}
