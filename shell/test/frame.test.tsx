import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beginLoading, clearUser, endLoading, http, LEVELS, setAppState, setTheme, setUser, user$ } from 'shared-kernel';
import { Footer } from '../src/frame/Footer';
import { Navbar } from '../src/frame/Navbar';
import { OfflineBanner, ProgressBar } from '../src/frame/Overlays';
import { ShellPage } from '../src/frame/ShellPage';
import { decide } from '../src/routing/decide';
import { remoteLoads$, route$, trackRemoteLoad } from '../src/routing/route-state';

const html = readFileSync(path.join(__dirname, '..', 'src', 'index.html'), 'utf8');

/** The inner markup of an element of index.html by id (the static frame). */
function staticFrame(id: string): string {
  const open = new RegExp(`<(header|footer) id="${id}">`).exec(html)!;
  const end = html.indexOf(`</${open[1]}>`, open.index);
  return html.slice(open.index + open[0].length, end);
}

beforeEach(() => {
  clearUser();
  setTheme('light');
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  jest.restoreAllMocks();
});

describe('the static frame of index.html', () => {
  it('is exactly what the shell renders for a visitor (no layout change when the shell takes over)', () => {
    const navbar = renderToStaticMarkup(<Navbar />).replace(/ data-kernel-instance="[^"]*"/, '');
    expect(staticFrame('navbar')).toBe(navbar);
    expect(staticFrame('footer')).toBe(renderToStaticMarkup(<Footer />));
  });

  it('applies the theme the kernel remembered before the first paint (the same storage key)', () => {
    setTheme('dark');
    const script = /<script>(try\{[^<]+)<\/script>/.exec(html)![1];
    document.documentElement.removeAttribute('data-theme');
    new Function(script)();
    expect(document.documentElement.dataset.theme).toBe('dark');
    setTheme('light');
    document.documentElement.removeAttribute('data-theme');
    new Function(script)();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});

describe('Navbar for a user', () => {
  it('shows nickname and the level title in its colour instead of 登录 / 注册', () => {
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1, level: 2, gender: 'female' });
    render(<Navbar />);
    const button = screen.getByTestId('user-menu-button');
    expect(button.textContent).toContain('林晓雨');
    const badge = screen.getByTestId('level-title');
    expect(badge.textContent).toBe(LEVELS[2].female);
    expect(badge.style.color).toBe('rgb(82, 196, 26)');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(screen.queryByRole('link', { name: '注册' })).toBeNull();
  });

  it('the menu lists the user pages and closes on Escape, on a click outside and on choosing', () => {
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1, level: 3 });
    render(<Navbar />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const menu = screen.getByRole('menu', { name: '账号菜单' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['个人信息', '/app/user/info/0'],
      ['我的文档', '/app/user/docs/list'],
      ['我的写作', '/app/user/blogs/list'],
      ['我的收藏', '/app/user/collect/list'],
      ['我的金币', '/app/user/coin/list'],
      ['我的订单', '/app/user/pay/order_history'],
      ['账号设置', '/app/user/setting-items'],
      ['退出登录', null],
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: '我的金币' }));
    expect(location.pathname).toBe('/app/user/coin/list');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('staff (and only staff) find 管理后台 in the menu, the staff console', () => {
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1, staff_roles: ['finance'] });
    const { unmount } = render(<Navbar />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByRole('menuitem', { name: '管理后台' }).getAttribute('href')).toBe('/app/admin');
    unmount();
    setUser({ uid: 6, nickname: '读者', is_active: 1, staff_roles: [] });
    render(<Navbar />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByRole('menuitem', { name: '账号设置' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '管理后台' })).toBeNull();
  });

  it('退出登录: POST /api/logout/, then the kernel forgets the user; a login-required page is left for home', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue({ data: { detail: '已退出登录' } });
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1 });
    history.replaceState(null, '', '/app/user/coin/list');
    render(<Navbar />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(user$.value).toBeNull());
    expect(post).toHaveBeenCalledWith('/logout/', {}, { background: true });
    expect(location.pathname).toBe('/');
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
  });

  it('a failed logout keeps the user and says why', async () => {
    jest.spyOn(http, 'post').mockRejectedValue({ isAxiosError: true, message: 'Network Error' });
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1 });
    render(<Navbar />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(document.body.textContent).toContain('加载失败'));
    expect(user$.value).toMatchObject({ uid: 5 });
  });

  it('an inactive account gets its menu (to log out), not 登录', () => {
    setUser({ uid: 6, nickname: '待激活', is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
    render(<Navbar />);
    expect(screen.getByTestId('user-menu-button').textContent).toContain('待激活');
  });
});

describe('Navbar 更多 panel (narrow screens)', () => {
  it('opens with the entry points, theme and 登录 / 注册, and closes on navigation', () => {
    render(<Navbar />);
    const more = screen.getByRole('button', { name: '更多' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const drawer = document.getElementById('nav-drawer')!;
    expect(within(drawer).getAllByRole('link').map((a) => a.textContent)).toEqual(['分类', '上传文档', '写文章', '登录', '注册']);
    expect(within(drawer).getByTestId('drawer-theme').textContent).toBe('主题：浅色');
    fireEvent.click(within(drawer).getByTestId('drawer-theme'));
    expect(document.documentElement.dataset.theme === 'dark' || localStorage.getItem('theme') === 'dark').toBe(true);
    fireEvent.click(within(drawer).getByRole('link', { name: '分类' }));
    expect(document.getElementById('nav-drawer')).toBeNull();
  });
});

describe('Footer', () => {
  it('links the site pages and shows the record numbers from GET /api/site-icp/', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue({
      data: { icp: '京ICP备00000000号-1', icp_url: 'https://beian.miit.gov.cn/', police: '', police_url: '', copyright: '© 2025 知库文档' },
    });
    render(<Footer />);
    expect(screen.getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe('/app/site/user_agreement');
    expect(screen.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/app/site/privacy_policy');
    expect(screen.getByRole('link', { name: '第三方SDK列表' }).getAttribute('href')).toBe('/app/site/sdk_list');
    const icp = await screen.findByTestId('icp');
    expect(icp.textContent).toBe('京ICP备00000000号-1');
    expect(icp.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(icp.getAttribute('rel')).toBe('noopener noreferrer');
    expect(get).toHaveBeenCalledWith('/site-icp/', { background: true });
    expect(screen.getByTestId('footer-record').textContent).toContain('© 2025 知库文档');
  });

  it('without an answer the footer keeps its place and shows no number', async () => {
    jest.spyOn(http, 'get').mockRejectedValue(new Error('offline'));
    render(<Footer />);
    await act(async () => undefined);
    expect(screen.queryByTestId('icp')).toBeNull();
    expect(screen.getByTestId('footer-record')).toBeTruthy();
  });
});

describe('overlays', () => {
  it('the progress bar shows while the kernel counts a request or a remote is fetched', async () => {
    render(<ProgressBar />);
    const bar = screen.getByTestId('progress-bar');
    expect(bar.hidden).toBe(true);
    act(() => beginLoading());
    expect(bar.hidden).toBe(false);
    act(() => endLoading());
    expect(bar.hidden).toBe(true);
    let release: (v: string) => void = () => undefined;
    let loading!: Promise<string>;
    act(() => {
      loading = trackRemoteLoad(new Promise<string>((resolve) => (release = resolve)));
    });
    expect(remoteLoads$.value).toBe(1);
    expect(bar.hidden).toBe(false);
    await act(async () => {
      release('ok');
      await loading;
    });
    expect(bar.hidden).toBe(true);
  });

  it('the offline banner follows the kernel\'s online flag', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => setAppState({ online: false }));
    expect(screen.getByTestId('offline-banner').textContent).toContain('网络连接已断开');
    expect(screen.getByTestId('offline-banner').getAttribute('role')).toBe('status');
    act(() => setAppState({ online: true }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('ShellPage', () => {
  const deployment = async () => ({ remotes: {} }) as never;
  const show = (path: string, user = user$.value) => act(() => route$.next({ decision: decide(path, { user }), fullPath: path }));

  it('renders the shell\'s pages by decision, and nothing while a remote renders', async () => {
    jest.spyOn(http, 'get').mockRejectedValue(new Error('offline'));
    globalThis.fetch = jest.fn().mockRejectedValue(new Error('offline'));
    render(<ShellPage deployment={deployment} />);
    show('/nope');
    expect(screen.getByTestId('not-found').textContent).toContain('页面不存在');
    show('/app/articles/cate/list');
    expect(screen.queryByTestId('not-found')).toBeNull();
    show('/app/user/docs/list', { uid: 8, nickname: '', is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
    expect(screen.getByTestId('activation-notice').textContent).toContain('设置昵称和密码');
    expect(screen.getByRole('button', { name: '立即激活' })).toBeTruthy();
    show('/app/user/docs/list', { uid: 8, nickname: '', is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE' });
    expect(screen.getByRole('link', { name: '绑定手机号' }).getAttribute('href')).toBe('/app/user/welcome/account-bind');
    show('/app/user/docs/list', { uid: 8, nickname: '', is_active: 0, inactive_reason: 'POST_SPAM_COMMENTS' });
    expect(screen.getByTestId('disabled-notice').textContent).toContain('账号已被禁用');
    act(() => route$.next({ decision: decide('/app/user/info/0', { user: null, miniProgram: true }), fullPath: '/app/user/info/0' }));
    expect(screen.getByTestId('miniprogram-login').textContent).toContain('检查登录状态');
    show('/test');
    expect(screen.getByTestId('diagnostics')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('api-health').textContent).toContain('接口无法访问'));
    delete (globalThis as { fetch?: unknown }).fetch;
  });
});
