import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { blog, doc, page, TREE } from './support/lists-fixtures';
import { closeAll, open, resetPage } from './support/mount';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage();
  api.newPage();
  api.on('GET /articles-category/', page(TREE, 1, TREE.length));
  api.on('GET /search-keyword/', page([{ keyword: '明月', count: 9 }, { keyword: '春风', count: 4 }], 1, 2));
});
afterEach(async () => {
  await closeAll();
  jest.restoreAllMocks();
});

const lastQuery = (route: string) => api.calls(route).at(-1)!.query;

describe('search home', () => {
  test('shows the search box, hot keywords and recommended documents with their icon, size and score', async () => {
    api.on('GET /articles-recommend/', page([doc({ title: '唐诗三百首', ext_cate: 'word', size: 1536, score: 45000 }), doc({ title: '已下架的', active: 0, status: 4, status_text: '已下架', is_free: false, price: 150 })], 1, 2));
    const app = await open('/');
    expect(app.host.querySelector('h1')?.textContent).toBe('文档搜索');
    const hot = await screen.findByRole('link', { name: '明月' });
    expect(hot.getAttribute('href')).toBe('/app/articles/search/result?keyword=%E6%98%8E%E6%9C%88');
    const list = await screen.findByRole('list', { name: '推荐文档' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first.textContent).toContain('唐诗三百首');
    expect(first.textContent).toContain('1.5 KB');
    expect(first.textContent).toContain('4.5');
    expect(first.textContent).toContain('免费');
    expect(first.querySelector('.doc-icon-word')).not.toBeNull();
    expect(within(first).getByRole('link').getAttribute('href')).toMatch(/^\/app\/articles\/docs\/detail\/\d+$/);
    // An inactive document: grey icon, its status and its price.
    expect(second.querySelector('.doc-icon-grey')).not.toBeNull();
    expect(second.textContent).toContain('已下架');
    expect(second.textContent).toContain('¥1.50');
    expect(screen.getByText('---- end ----')).toBeTruthy();
    await app.close();
  });

  test('suggests as you type; a suggestion or Enter opens the results', async () => {
    api.on('GET /articles-recommend/', page([], 1, 0));
    api.on('GET /keyword-recommend/', ({ query: q }) => page([{ keyword: `${q.get('keyword')}光`, type: 'keyword' }, { keyword: '静夜思', type: 'title' }], 1, 2));
    api.on('GET /articles/', page([], 1, 0));
    const app = await open('/app/articles/search/index');
    const box = screen.getByRole('combobox', { name: '搜索关键词' });
    fireEvent.change(box, { target: { value: '明月' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['明月光', '静夜思文档']);
    expect(lastQuery('GET /keyword-recommend/').get('keyword')).toBe('明月');
    // Arrow down picks the first suggestion, Enter searches it.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(window.location.pathname).toBe('/app/articles/search/result'));
    expect(new URLSearchParams(window.location.search).get('keyword')).toBe('明月光');
    await screen.findByText('没有找到与“明月光”相关的内容，换个关键词试试');
    // Mouse: picking a suggestion searches it.
    fireEvent.change(screen.getByRole('combobox', { name: '搜索关键词' }), { target: { value: '静' } });
    const listbox = await screen.findByRole('listbox', { name: '搜索建议' });
    fireEvent.mouseDown(within(listbox).getAllByRole('option')[1]);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('keyword')).toBe('静夜思'));
    await app.close();
  });

  test('recommendations that fail show the message and a retry', async () => {
    let fail = true;
    api.on('GET /articles-recommend/', () => (fail ? { status: 500, body: { message: '服务器开小差了' } } : page([doc({ title: '再试一次' })], 1, 1)));
    const app = await open('/');
    await screen.findByText('服务器开小差了');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('再试一次');
    await app.close();
  });
});

describe('search results', () => {
  test('highlights matches safely: <em> becomes <mark>, anything else stays text', async () => {
    api.on('GET /articles/', page([
      { type: 'docs', ...doc({ title: '静夜思', title_highlight: '静夜思 &lt;img src=x onerror=alert(1)&gt; <em>明月</em>', summary_highlight: '床前<em>明月</em>光 <script>alert(1)</script>&amp;' }) },
      { type: 'blogs', ...blog({ title: '说月', title_highlight: '说<em>明月</em>' }) },
    ], 1, 2));
    const app = await open('/app/articles/search/result?keyword=明月');
    const list = await screen.findByRole('list', { name: '搜索结果' });
    const marks = [...list.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['明月', '明月', '明月']);
    expect(list.querySelector('img, script')).toBeNull();
    expect(list.textContent).toContain('静夜思 <img src=x onerror=alert(1)> 明月');
    expect(list.textContent).toContain('<script>alert(1)</script>&');
    const [, blogItem] = within(list).getAllByRole('listitem');
    expect(within(blogItem).getByRole('link').getAttribute('href')).toMatch(/^\/app\/articles\/blogs\/detail\/\d+$/);
    expect(app.host.textContent).toContain('找到约 2 条与“明月”相关的结果');
    expect(lastQuery('GET /articles/').get('keyword')).toBe('明月');
    await app.close();
  });

  test('filters by type and category, kept in the address', async () => {
    api.on('GET /articles/', ({ query: q }) => page([{ type: 'docs', ...doc({ title: `结果 ${q.get('ext_cate') ?? '全部'} ${q.get('category') ?? ''}` }) }], 1, 1));
    const app = await open('/app/articles/search/result?keyword=月');
    await screen.findByText('结果 全部');
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await screen.findByText('结果 pdf');
    expect(new URLSearchParams(window.location.search).get('ext_cate')).toBe('pdf');
    expect(screen.getByRole('button', { name: 'PDF' }).getAttribute('aria-pressed')).toBe('true');
    const select = screen.getByRole('combobox', { name: '分类' });
    await waitFor(() => expect(within(select).getByRole('option', { name: '唐诗' })).toBeTruthy());
    fireEvent.change(select, { target: { value: '3' } });
    await screen.findByText('结果 pdf 3');
    expect(lastQuery('GET /articles/').get('category')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    await screen.findByText('结果 全部 3');
    expect(new URLSearchParams(window.location.search).has('ext_cate')).toBe(false);
    await app.close();
  });

  test('loads more pages ("load more" and scrolling) until the end', async () => {
    let observed: IntersectionObserverCallback = () => undefined;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback) {
        observed = cb;
      }
      observe() {}
      disconnect() {}
    };
    api.on('GET /articles/', ({ query: q }) => {
      const n = Number(q.get('page'));
      return page(Array.from({ length: n < 3 ? 20 : 5 }, (_, i) => ({ type: 'docs', ...doc({ title: `第${n}页 ${i + 1}` }) })), n, 45);
    });
    const app = await open('/app/articles/search/result?keyword=诗');
    await screen.findByText('第1页 1');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第2页 20');
    observed([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await screen.findByText('第3页 5');
    expect(screen.getAllByRole('listitem')).toHaveLength(45);
    expect(screen.getByText('---- end ----')).toBeTruthy();
    expect(api.calls('GET /articles/').map((c) => c.query.get('page'))).toEqual(['1', '2', '3']);
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    await app.close();
  });

  test('nothing found, no keyword, a bad keyword, offline', async () => {
    api.on('GET /articles/', ({ query: q }) =>
      q.get('keyword') === 'x'.repeat(5) ? { status: 400, body: { message: '搜索关键词不能超过 50 个字' } } : page([], 1, 0),
    );
    let app = await open('/app/articles/search/result?keyword=无此词');
    await screen.findByText('没有找到与“无此词”相关的内容，换个关键词试试');
    await app.close();

    app = await open('/app/articles/search/result');
    expect(screen.getByText('请输入要搜索的关键词')).toBeTruthy();
    await screen.findByRole('link', { name: '明月' });
    expect(api.calls('GET /articles/')).toHaveLength(1);
    await app.close();

    app = await open('/app/articles/search/result?keyword=xxxxx');
    await screen.findByText('搜索关键词不能超过 50 个字');
    await app.close();

    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('GET /articles/', () => 'drop');
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom logs the dropped connection
    app = await open('/app/articles/search/result?keyword=月');
    await screen.findByText('加载失败，请检查网络后重试');
    await app.close();
  });

  test('a failed next page keeps the loaded ones and offers a retry', async () => {
    let failPage2 = true;
    api.on('GET /articles/', ({ query: q }) => {
      const n = Number(q.get('page'));
      if (n === 2 && failPage2) return { status: 502, body: {} };
      return page([{ type: 'docs', ...doc({ title: `第${n}页` }) }], n, 2, 1);
    });
    const app = await open('/app/articles/search/result?keyword=诗');
    await screen.findByText('第1页');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('加载失败');
    expect(screen.getByText('第1页')).toBeTruthy();
    failPage2 = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('第2页');
    await app.close();
  });

  test('back from a document shows the list as it was, without loading it again', async () => {
    const scrollTo = window.scrollTo as jest.Mock;
    api.on('GET /articles/', ({ query: q }) => {
      const n = Number(q.get('page'));
      return page(Array.from({ length: 20 }, (_, i) => ({ type: 'docs', ...doc({ id: n * 100 + i, title: `第${n}页 ${i + 1}` }) })), n, 60);
    });
    const app = await open('/app/articles/search/result?keyword=诗');
    await screen.findByText('第1页 1');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第2页 2');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1800 });
    fireEvent.scroll(window);
    fireEvent.click(screen.getByText('第2页 2'));
    await waitFor(() => expect(window.location.pathname).toBe('/app/articles/docs/detail/201'));
    await waitFor(() => expect(screen.queryByText('第2页 2')).toBeNull());
    window.history.back();
    await screen.findByText('第2页 2');
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(api.calls('GET /articles/')).toHaveLength(2);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 1800));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    await app.close();
  });
});
