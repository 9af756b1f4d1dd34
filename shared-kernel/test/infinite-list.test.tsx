import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  appState$,
  INITIAL_APP_STATE,
  LIST_FOOTER_TEXTS,
  ListFooter,
  setAppState,
  triggerLoadMore,
  useInfiniteList,
  type ListPage,
} from '../src';

interface Row {
  id: number;
}

/** A scripted page source: each call waits until the test answers it. */
function pages() {
  const calls: { page: number; signal: AbortSignal; resolve: (p: ListPage<Row>) => void; reject: (e: unknown) => void }[] = [];
  const fetchPage = (page: number, signal: AbortSignal) =>
    new Promise<ListPage<Row>>((resolve, reject) => calls.push({ page, signal, resolve, reject }));
  return { calls, fetchPage };
}

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

function List(props: { fetchPage: (p: number, s: AbortSignal) => Promise<ListPage<Row>>; listKey?: string; restoreKey?: string; route?: string; endText?: string; auto?: boolean }) {
  const list = useInfiniteList<Row>({ fetchPage: props.fetchPage, key: props.listKey ?? 'k', restoreKey: props.restoreKey, route: props.route });
  return (
    <div>
      <ul>
        {list.items.map((r) => (
          <li key={r.id}>item {r.id}</li>
        ))}
      </ul>
      <p data-testid="meta">
        {list.status}|{list.page}|{String(list.count)}
      </p>
      <ListFooter list={list} endText={props.endText} auto={props.auto} />
    </div>
  );
}

const meta = () => screen.getByTestId('meta').textContent;
const items = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

beforeEach(() => {
  sessionStorage.clear();
  setAppState({ ...INITIAL_APP_STATE });
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

test('loads page 1, then more with the "load more" link, until the end text', async () => {
  const src = pages();
  render(<List fetchPage={src.fetchPage} />);
  expect(screen.getByText(LIST_FOOTER_TEXTS.loading)).toBeTruthy();
  await act(async () => src.calls[0].resolve({ results: rows(1, 2), next: '/api/x/?page=2', count: 3 }));
  expect(items()).toEqual(['item 1', 'item 2']);
  expect(meta()).toBe('idle|1|3');
  fireEvent.click(screen.getByRole('button', { name: LIST_FOOTER_TEXTS.loadMore }));
  expect(src.calls[1].page).toBe(2);
  await act(async () => src.calls[1].resolve({ results: rows(3, 1), next: null, count: 3 }));
  expect(items()).toEqual(['item 1', 'item 2', 'item 3']);
  expect(screen.getByText('---- end ----')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

test('without `next` the count decides; a custom end text; an empty list shows no footer text', async () => {
  const src = pages();
  const { unmount } = render(<List fetchPage={src.fetchPage} endText="没有更多了" />);
  await act(async () => src.calls[0].resolve({ results: rows(1, 2), count: 2 }));
  expect(screen.getByText('没有更多了')).toBeTruthy();
  unmount();
  const empty = pages();
  render(<List fetchPage={empty.fetchPage} />);
  await act(async () => empty.calls[0].resolve({ results: [] }));
  expect(meta()).toBe('done|1|0');
  expect(document.querySelector('.kl-footer')?.textContent).toBe('');
});

test('a failure offers a retry; offline it says so and retries by itself when back online', async () => {
  const src = pages();
  render(<List fetchPage={src.fetchPage} />);
  await act(async () => src.calls[0].reject(new Error('boom')));
  expect(screen.getByText(LIST_FOOTER_TEXTS.failed)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: LIST_FOOTER_TEXTS.retry }));
  expect(src.calls[1].page).toBe(1);
  act(() => setAppState({ online: false }));
  await act(async () => src.calls[1].reject(new Error('offline')));
  expect(screen.getByText('加载失败，请检查网络后重试')).toBeTruthy();
  act(() => setAppState({ online: true }));
  expect(src.calls).toHaveLength(3);
  await act(async () => src.calls[2].resolve({ results: rows(1, 1), next: null }));
  expect(items()).toEqual(['item 1']);
});

test('a new key starts over and ignores the old answer', async () => {
  const src = pages();
  const { rerender } = render(<List fetchPage={src.fetchPage} listKey="a" />);
  rerender(<List fetchPage={src.fetchPage} listKey="b" />);
  expect(src.calls[0].signal.aborted).toBe(true);
  await act(async () => src.calls[0].resolve({ results: rows(100, 1), next: null }));
  await act(async () => src.calls[1].resolve({ results: rows(1, 1), next: null }));
  expect(items()).toEqual(['item 1']);
});

test('scrolls infinitely: the footer coming into view loads the next page', async () => {
  let callback: IntersectionObserverCallback = () => undefined;
  const disconnect = jest.fn();
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe() {}
    disconnect = disconnect;
  };
  const src = pages();
  render(<List fetchPage={src.fetchPage} />);
  await act(async () => src.calls[0].resolve({ results: rows(1, 1), next: 'more' }));
  act(() => callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
  expect(src.calls).toHaveLength(1);
  act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  expect(src.calls).toHaveLength(2);
  expect(disconnect).toHaveBeenCalled();
});

test('comes back from history with its pages and scroll position, without a request', async () => {
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const src = pages();
  const first = render(<List fetchPage={src.fetchPage} restoreKey="entry-1" />);
  await act(async () => src.calls[0].resolve({ results: rows(1, 2), next: 'more', count: 9 }));
  fireEvent.click(screen.getByRole('button', { name: LIST_FOOTER_TEXTS.loadMore }));
  await act(async () => src.calls[1].resolve({ results: rows(3, 2), next: 'more', count: 9 }));
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
  fireEvent.scroll(window);
  first.unmount();

  const again = pages();
  render(<List fetchPage={again.fetchPage} restoreKey="entry-1" />);
  expect(items()).toEqual(['item 1', 'item 2', 'item 3', 'item 4']);
  expect(meta()).toBe('idle|2|9');
  expect(again.calls).toHaveLength(0);
  expect(scrollTo).toHaveBeenCalledWith(0, 640);
  // The next page continues after the kept ones.
  fireEvent.click(screen.getByRole('button', { name: LIST_FOOTER_TEXTS.loadMore }));
  expect(again.calls[0].page).toBe(3);
  scrollTo.mockRestore();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

test('a kept list for other filters, or a damaged entry, is not used', async () => {
  sessionStorage.setItem('kernel:list:entry-2', JSON.stringify({ key: 'other', items: [{ id: 9 }], count: 1, page: 1, done: true }));
  const src = pages();
  const { unmount } = render(<List fetchPage={src.fetchPage} restoreKey="entry-2" />);
  expect(src.calls).toHaveLength(1);
  unmount();
  sessionStorage.setItem('kernel:list:entry-3', '{not json');
  const again = pages();
  render(<List fetchPage={again.fetchPage} restoreKey="entry-3" />);
  expect(again.calls).toHaveLength(1);
});

test('a new key with a kept list for it restores that list', async () => {
  sessionStorage.setItem('kernel:list:e', JSON.stringify({ key: 'b', items: [{ id: 5 }], count: 1, page: 1, done: true }));
  sessionStorage.setItem('kernel:list:e:y', '120');
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const src = pages();
  const { rerender } = render(<List fetchPage={src.fetchPage} listKey="a" restoreKey="e" />);
  expect(src.calls).toHaveLength(1);
  rerender(<List fetchPage={src.fetchPage} listKey="b" restoreKey="e" />);
  await waitFor(() => expect(items()).toEqual(['item 5']));
  expect(meta()).toBe('done|1|1');
  expect(scrollTo).toHaveBeenCalledWith(0, 120);
  scrollTo.mockRestore();
});

test('follows the route in the app state: loadFinished and the load-more handler', async () => {
  const src = pages();
  render(<List fetchPage={src.fetchPage} route="articles.search.result" />);
  await act(async () => src.calls[0].resolve({ results: rows(1, 1), next: 'more' }));
  expect(appState$.value.loadFinished['articles.search.result']).toBe(false);
  act(() => {
    expect(triggerLoadMore('articles.search.result')).toBe(true);
  });
  await act(async () => src.calls[1].resolve({ results: rows(2, 1), next: null }));
  expect(appState$.value.loadFinished['articles.search.result']).toBe(true);
});

test('storage that throws: the list still works', async () => {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('quota');
  });
  const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('denied');
  });
  const src = pages();
  render(<List fetchPage={src.fetchPage} restoreKey="x" />);
  await act(async () => src.calls[0].resolve({ results: rows(1, 1), next: null }));
  fireEvent.scroll(window);
  expect(items()).toEqual(['item 1']);
  setItem.mockRestore();
  getItem.mockRestore();
});
