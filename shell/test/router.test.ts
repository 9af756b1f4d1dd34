import { clearUser, COOKIES, getSession, on, setCookie, setSession, setUser, takeSession, user$, type UserInfo } from 'shared-kernel';
import { createRouter, type RouterServices } from '../src/routing/router';
import { route$ } from '../src/routing/route-state';

const active: UserInfo = { uid: 5, nickname: '张三', is_active: 1 };

function setup(overrides: Partial<RouterServices> = {}) {
  const services = {
    isMiniProgram: jest.fn(() => false),
    checkMiniProgramLogin: jest.fn(async () => 'logged-in'),
    reroute: jest.fn(),
    beforeNavigation: jest.fn(),
    navigated: jest.fn(),
    setLocation: jest.fn(),
    ...overrides,
  };
  const router = createRouter(services);
  return { router, services };
}

const url = () => location.pathname + location.search + location.hash;

let stops: (() => void)[] = [];
beforeEach(() => {
  clearUser();
  sessionStorage.clear();
  localStorage.clear();
  for (const name of Object.values(COOKIES)) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  history.replaceState(null, '', '/');
  route$.next(null);
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

describe('handleRouteChange', () => {
  it('a visitor on a login-required page: the path with its query saved, the login route replaces it', () => {
    const { router, services } = setup();
    history.pushState(null, '', '/app/user/coin/list?month=5#top');
    const length = history.length;
    expect(router.handleRouteChange()).toBe('redirected');
    expect(url()).toBe('/app/user/login/code');
    expect(history.length).toBe(length);
    expect(getSession('redirectPath')).toBe('/app/user/coin/list?month=5#top');
    expect(services.beforeNavigation).toHaveBeenCalledTimes(1);
  });

  it('sets the title and the route state of a page it lets through', () => {
    const { router } = setup();
    history.pushState(null, '', '/app/articles/cate/list?x=1');
    expect(router.handleRouteChange()).toBe('settled');
    expect(document.title).toBe('分类列表 - 知库文档 - 信息安全文档下载平台（部分文档可免费下载）');
    expect(route$.value).toMatchObject({ fullPath: '/app/articles/cate/list?x=1', decision: { kind: 'remote', remote: 'mf-articles' } });
  });

  it.each([
    ['coin-pay', {}, '/app/user/info/0'],
    ['docs-pay', { [COOKIES.docsUrl]: 'https://cdn.zhiku.com/d/42.pdf', [COOKIES.docsId]: '42' }, '/app/articles/docs/detail/42'],
    ['redirect-path', {}, '/app/articles/cate/detail/3?sort=hot'],
  ])('nextPath %s: the cookie is cleared and its page replaces the current one', (kind, extra, to) => {
    setUser(active);
    setSession('redirectPath', '/app/articles/cate/detail/3?sort=hot');
    setCookie(COOKIES.nextPath, kind);
    for (const [name, value] of Object.entries(extra)) setCookie(name, value);
    const { router, services } = setup();
    history.pushState(null, '', '/app/guest/pay/order');
    expect(router.handleRouteChange()).toBe('redirected');
    expect(url()).toBe(to);
    expect(document.cookie).not.toContain(COOKIES.nextPath);
    expect(document.cookie).not.toContain(COOKIES.docsId);
    if (kind === 'docs-pay') expect(services.setLocation).toHaveBeenCalledWith('https://cdn.zhiku.com/d/42.pdf');
    else expect(services.setLocation).not.toHaveBeenCalled();
    if (kind === 'redirect-path') expect(getSession('redirectPath')).toBeNull();
  });

  it('nextPath trd-login: the user info cookie becomes the user, then user info 0', () => {
    const info = { uid: 77, nickname: '第三方', is_active: 1 };
    setCookie(COOKIES.nextPath, 'trd-login');
    const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(info)));
    document.cookie = `${COOKIES.userInfo}=${btoa(utf8)}; path=/`;
    const { router } = setup();
    expect(router.handleRouteChange()).toBe('redirected');
    expect(url()).toBe('/app/user/info/0');
    expect(user$.value).toMatchObject(info);
    expect(document.cookie).not.toContain(COOKIES.userInfo);
  });

  it('nextPath to where the page already is, or to nowhere: no navigation', () => {
    setCookie(COOKIES.nextPath, 'redirect-path');
    const { router } = setup();
    expect(router.handleRouteChange()).toBe('settled');
    expect(url()).toBe('/');
    setUser(active);
    history.replaceState(null, '', '/app/user/info/0');
    setCookie(COOKIES.nextPath, 'coin-pay');
    expect(router.handleRouteChange()).toBe('settled');
    expect(document.cookie).not.toContain(COOKIES.nextPath);
  });

  it('the activation flow is raised once per page, with the way back saved', () => {
    setUser({ uid: 8, nickname: '新', is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
    const events: unknown[] = [];
    stops.push(on('auth:activation-required', (e) => events.push(e)));
    const { router } = setup();
    history.pushState(null, '', '/app/user/docs/list');
    router.handleRouteChange();
    router.handleRouteChange();
    expect(events).toEqual([{ reason: 'CODE_LOGIN_NO_PASSWORD', redirect: '/app/user/docs/list' }]);
    expect(route$.value?.decision.kind).toBe('activate');
    expect(getSession('redirectPath')).toBe('/app/user/docs/list');
  });

  it('inside the mini-program, user info 0 runs the login-state check (once per visit)', () => {
    const { router, services } = setup({ isMiniProgram: jest.fn(() => true) });
    history.pushState(null, '', '/app/user/info/0');
    router.handleRouteChange();
    expect(route$.value?.decision.kind).toBe('miniprogram-login');
    expect(services.checkMiniProgramLogin).toHaveBeenCalledTimes(1);
    setUser(active);
    router.handleRouteChange();
    expect(services.checkMiniProgramLogin).toHaveBeenCalledTimes(2);
    history.pushState(null, '', '/app/user/info/3');
    router.handleRouteChange();
    expect(services.checkMiniProgramLogin).toHaveBeenCalledTimes(2);
  });

  it('outside the mini-program user info 0 is an ordinary page', () => {
    setUser(active);
    const { router, services } = setup();
    history.pushState(null, '', '/app/user/info/0');
    router.handleRouteChange();
    expect(services.checkMiniProgramLogin).not.toHaveBeenCalled();
  });
});

describe('after login', () => {
  it('a login on the login page goes back to the saved path (user:changed), once', () => {
    const { router, services } = setup();
    stops.push(router.start());
    history.pushState(null, '', '/app/user/collect/list?tab=2');
    router.handleRouteChange();
    expect(url()).toBe('/app/user/login/code');
    router.handleRouteChange();
    setUser(active);
    expect(url()).toBe('/app/user/collect/list?tab=2');
    expect(takeSession('redirectPath')).toBeNull();
    expect(services.reroute).not.toHaveBeenCalled();
  });

  it('a login elsewhere does not move the page; a changed decision makes single-spa re-evaluate', () => {
    const { router, services } = setup();
    stops.push(router.start());
    setSession('redirectPath', '/app/user/coin/list');
    history.pushState(null, '', '/app/articles/cate/list');
    router.handleRouteChange();
    setUser(active);
    expect(url()).toBe('/app/articles/cate/list');
    expect(services.reroute).not.toHaveBeenCalled();

    history.pushState(null, '', '/app/user/docs/list');
    router.handleRouteChange();
    clearUser();
    expect(services.reroute).toHaveBeenCalledTimes(1);
  });

  it('an only-saved path that is not on this site is never followed', () => {
    const { router } = setup();
    stops.push(router.start());
    history.pushState(null, '', '/app/user/login/code');
    router.handleRouteChange();
    setSession('redirectPath', '//evil.example.com/x');
    setUser(active);
    expect(url()).toBe('/app/user/login/code');
  });

  it('single-spa events drive it: before-routing handles, routing reports settled pages only', () => {
    const { router, services } = setup();
    stops.push(router.start());
    history.pushState(null, '', '/app/articles/docs/detail/9');
    window.dispatchEvent(new CustomEvent('single-spa:before-routing-event'));
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    expect(services.navigated).toHaveBeenCalledWith({ fullPath: '/app/articles/docs/detail/9', decision: expect.objectContaining({ kind: 'remote' }) });
    // a redirect pending: the routing event of the old path reports nothing
    history.pushState(null, '', '/app/user/coin/list');
    window.dispatchEvent(new CustomEvent('single-spa:before-routing-event'));
    history.pushState(null, '', '/somewhere');
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    expect(services.navigated).toHaveBeenCalledTimes(1);
    expect(router.decide('/app/user/coin/list').kind).toBe('login');
  });
});
