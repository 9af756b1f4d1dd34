import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { blog, categoryDetail, doc, page, TREE } from './support/lists-fixtures';
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
  api.on('GET /articles-category/3/', { body: categoryDetail(3) });
  api.on('GET /articles-category/99/', { status: 404, body: { message: '分类不存在', code: 'not_found' } });
});
afterEach(async () => {
  await closeAll();
  jest.restoreAllMocks();
});

const lastQuery = (route: string) => api.calls(route).at(-1)!.query;

describe('category list', () => {
  test('shows the tree: roots, children and grandchildren linking to their pages', async () => {
    const app = await open('/app/articles/cate/list');
    await waitFor(() => expect(app.host.querySelector('h1')?.textContent).toBe('分类列表'));
    const tree = await screen.findByRole('list', { name: '全部分类' });
    expect(within(tree).getByRole('link', { name: '诗词' }).getAttribute('href')).toBe('/app/articles/cate/detail/1');
    expect(within(tree).getByRole('link', { name: '唐诗' }).getAttribute('href')).toBe('/app/articles/cate/detail/3');
    expect(within(tree).getByRole('link', { name: '李白' }).getAttribute('href')).toBe('/app/articles/cate/detail/7');
    expect(tree.textContent).toContain('经史子集');
  });

  test('empty, and a failure with a retry', async () => {
    api.on('GET /articles-category/', page([], 1, 0));
    await open('/app/articles/cate/list');
    await screen.findByText('暂无分类');
    await closeAll();
    let fail = true;
    api.on('GET /articles-category/', () => (fail ? 'drop' : page(TREE, 1, 2)));
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom logs the dropped connection
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await open('/app/articles/cate/list');
    await screen.findByText('加载失败，请检查网络后重试');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByRole('list', { name: '全部分类' });
  });
});

describe('category detail', () => {
  test('shows where the category sits, its sub-categories and its articles; filters by kind', async () => {
    api.on('GET /articles/', ({ query: q }) => page([{ type: 'docs', ...doc({ title: `文档 ${q.get('type') ?? '全部'}` }) }, { type: 'blogs', ...blog({ title: '博客一篇' }) }], 1, 2));
    const app = await open('/app/articles/cate/detail/3');
    await waitFor(() => expect(app.host.querySelector('h1')?.textContent).toBe('分类文章'));
    await screen.findByText('文档 全部');
    expect(lastQuery('GET /articles/').get('category')).toBe('3');
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '全部分类' }).getAttribute('href')).toBe('/app/articles/cate/list');
    expect(within(crumbs).getByRole('link', { name: '诗词' }).getAttribute('href')).toBe('/app/articles/cate/detail/1');
    expect(screen.getByRole('heading', { name: '唐诗' })).toBeTruthy();
    expect(app.host.textContent).toContain('42 篇文档');
    expect(within(screen.getByRole('navigation', { name: '子分类' })).getByRole('link', { name: '李白' }).getAttribute('href')).toBe('/app/articles/cate/detail/7');
    expect(screen.getByRole('link', { name: '文档列表 ›' }).getAttribute('href')).toBe('/app/articles/docs/list/3');
    expect(screen.getByRole('link', { name: '博客列表 ›' }).getAttribute('href')).toBe('/app/articles/blogs/list/3');
    fireEvent.click(screen.getByRole('button', { name: '文档' }));
    await screen.findByText('文档 docs');
    expect(new URLSearchParams(window.location.search).get('type')).toBe('docs');
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    await screen.findByText('文档 全部');
  });

  test('an unknown category says so', async () => {
    api.on('GET /articles/', { status: 404, body: { message: '分类不存在' } });
    await open('/app/articles/cate/detail/99');
    await screen.findByText('分类不存在');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  test('an empty category', async () => {
    api.on('GET /articles/', page([], 1, 0));
    await open('/app/articles/cate/detail/3');
    await screen.findByText('该分类下暂无内容');
  });
});

describe('document list', () => {
  test('lists the documents of the category, filtered by type and ordered, scrolling for more', async () => {
    let observed: IntersectionObserverCallback = () => undefined;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback) {
        observed = cb;
      }
      observe() {}
      disconnect() {}
    };
    api.on('GET /docs/', ({ query: q }) => {
      const n = Number(q.get('page'));
      return page([doc({ title: `${q.get('ext_cate') ?? '全部'} ${q.get('ordering')} 第${n}页`, ext_cate: q.get('ext_cate') ?? 'pdf' })], n, 2, 1);
    });
    const app = await open('/app/articles/docs/list/3');
    await waitFor(() => expect(app.host.querySelector('h1')?.textContent).toBe('文档列表'));
    await screen.findByText('全部 -create_time 第1页');
    expect(lastQuery('GET /docs/').get('category')).toBe('3');
    observed([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await screen.findByText('全部 -create_time 第2页');
    expect(screen.getByText('---- end ----')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载最多' }));
    await screen.findByText('全部 -downloads 第1页');
    fireEvent.click(screen.getByRole('button', { name: 'Excel' }));
    await screen.findByText('excel -downloads 第1页');
    expect(document.querySelector('.doc-icon-excel')).not.toBeNull();
    expect(new URLSearchParams(window.location.search).toString()).toBe('ordering=-downloads&ext_cate=excel');
    fireEvent.click(screen.getByRole('button', { name: '最新' }));
    await screen.findByText('excel -create_time 第1页');
    expect(new URLSearchParams(window.location.search).has('ordering')).toBe(false);
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  test('no documents', async () => {
    api.on('GET /docs/', page([], 1, 0));
    await open('/app/articles/docs/list/3');
    await screen.findByText('该分类下暂无文档');
  });
});

describe('blog list', () => {
  test('lists the blogs of the category, linking to their details; load more', async () => {
    api.on('GET /blogs/', ({ query: q }) => {
      const n = Number(q.get('page'));
      return page([blog({ id: 500 + n, title: `博文 ${n}` })], n, 2, 1);
    });
    const app = await open('/app/articles/blogs/list/3');
    await waitFor(() => expect(app.host.querySelector('h1')?.textContent).toBe('博客列表'));
    const item = (await screen.findByText('博文 1')).closest('a')!;
    expect(item.getAttribute('href')).toBe('/app/articles/blogs/detail/501');
    expect(item.textContent).toContain('杜甫');
    await waitFor(() => expect(screen.getByRole('heading', { name: '唐诗' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('博文 2');
    expect(lastQuery('GET /blogs/').get('category')).toBe('3');
  });

  test('a failure keeps the page and offers a retry', async () => {
    api.on('GET /blogs/', { status: 500, body: { message: '服务器繁忙，请稍后再试' } });
    await open('/app/articles/blogs/list/3');
    await screen.findByText('服务器繁忙，请稍后再试');
    api.on('GET /blogs/', page([], 1, 0));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('该分类下暂无博客');
  });
});
