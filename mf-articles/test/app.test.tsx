import { screen, waitFor } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, open, resetPage } from './support/mount';

// The kernel's describeRemoteApp, for pages that load lazily: driven as the shell drives it, each route of
// mf-articles renders in the remote's slot (tagged with its name and build version) and unmounts clean. The
// search and list pages show the route's title in their <h1>.
const LIST_ROUTES = new Set(['home', 'articles.search.index', 'articles.search.result', 'articles.cate.list', 'articles.cate.detail', 'articles.docs.list', 'articles.blogs.list']);

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage();
  api.newPage();
});
afterEach(closeAll);

describe('mf-articles ./app', () => {
  it.each(routesOf('mf-articles').map((r) => [r.path, r.title, r.name]))('renders %s (%s)', async (path, title, name) => {
    const page = await open(path.replace(':id', '7'));
    expect(page.host.dataset.remote).toBe('mf-articles');
    expect(page.host.dataset.remoteVersion).toBe(__APP_VERSION__);
    await waitFor(() => expect(page.host.querySelector('h1')).not.toBeNull());
    if (LIST_ROUTES.has(name)) expect(page.host.querySelector('h1')?.textContent).toBe(title);
    await page.close();
    expect(page.host.innerHTML).toBe('');
  });

  it('shows a Chinese not-found page for an unknown sub-path', async () => {
    await open('/app/articles/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('页面不存在');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('loads a page chunk only when its route opens', async () => {
    await open('/app/articles/cate/list');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('分类列表'));
  });
});
