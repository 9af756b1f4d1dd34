import { waitFor, within } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { NAV } from '../src/nav';
import { closeAll, logInStaff, open, page, resetPage } from './support/admin';

// Driven as the shell drives it, each route of mf-admin renders its title in the remote's slot (tagged with its
// name and build version) inside the console's navigation, and unmounts clean.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['admin']);
  for (const list of ['docs', 'blogs', 'withdraw', 'price-policy', 'activities', 'rights-complaints', 'reports', 'auth-apply', 'audit']) api.on(`GET /staff/${list}/`, page([]));
  for (const s of ['coins', 'pay', 'uploads']) api.on(`GET /staff/settings/${s}/`, { body: { update_time: '2026-11-24T00:00:00.000Z' } });
});
afterEach(closeAll);

describe('mf-admin ./app', () => {
  it.each(routesOf('mf-admin').map((r) => [r.path, r.title]))('renders %s (%s)', async (path, title) => {
    const view = await open(path);
    expect(view.host.dataset.remote).toBe('mf-admin');
    expect(view.host.dataset.remoteVersion).toBe(__APP_VERSION__);
    await waitFor(() => expect(view.host.querySelector('h1')?.textContent).toBe(title));
    expect(within(view.host).getByRole('navigation', { name: '后台导航' })).toBeTruthy();
    await view.close();
    expect(view.host.innerHTML).toBe('');
  });
});

describe('the navigation', () => {
  it('lists every routed page of the console once, and the pages still to come greyed, not as links', async () => {
    const view = await open('/app/admin');
    const nav = within(view.host).getByRole('navigation', { name: '后台导航' });
    const links = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.sort()).toEqual(routesOf('mf-admin').map((r) => r.path).sort());
    const soon = NAV.flatMap((g) => g.entries).filter((e) => !e.route);
    expect(nav.querySelectorAll('[aria-disabled="true"]')).toHaveLength(soon.length);
    for (const entry of soon) expect(within(nav).getByText(entry.label!).closest('li')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a reviewer only what the reviewer role opens (the API refuses the rest anyway)', async () => {
    logInStaff(['reviewer']);
    const view = await open('/app/admin');
    const nav = within(view.host).getByRole('navigation', { name: '后台导航' });
    expect(within(nav).getByRole('link', { name: '文档审核' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '博客审核' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: '提现审核' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: '金币设置' })).toBeNull();
    expect(within(view.host).getByTestId('my-roles').textContent).toBe('我的角色：审核员');
    const tiles = within(view.host).getAllByRole('link').filter((a) => a.classList.contains('ad-tile'));
    expect(tiles.map((a) => a.textContent)).toEqual(['文档审核', '博客审核', '评论审核', '内容举报', '专家认证']);
    expect(within(nav).queryByRole('link', { name: '侵权投诉' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: '操作日志' })).toBeNull();
  });
});
