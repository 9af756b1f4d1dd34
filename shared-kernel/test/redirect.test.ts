import {
  clearUser,
  COOKIES,
  currentFullPath,
  deleteCookie,
  followNextPath,
  getRoute,
  getSession,
  isLoginScreen,
  LOGIN_SCREENS,
  returnAfterLogin,
  saveRedirectPath,
  setCookie,
  setSession,
  setUser,
  type ReturnTrigger,
  type UserInfo,
} from '../src';

const active: UserInfo = { uid: 5, nickname: '张三', is_active: 1 };

beforeEach(() => {
  for (const name of Object.values(COOKIES)) deleteCookie(name);
  sessionStorage.clear();
  clearUser();
  window.history.replaceState(null, '', '/');
});

/** Opens `path` as a new history entry and returns the history length there. */
function open(path: string): number {
  window.history.pushState(null, '', path);
  return window.history.length;
}

describe('the login screens', () => {
  it('are the three screens where a person logs in or registers, all mf-auth pages', () => {
    expect([...LOGIN_SCREENS].map((name) => getRoute(name).remote)).toEqual(['mf-auth', 'mf-auth', 'mf-auth']);
    expect(isLoginScreen('/app/user/login/code')).toBe(true);
    expect(isLoginScreen('/app/user/reg/mobile?x=1')).toBe(true);
    expect(isLoginScreen('/app/user/findpwd/mobile')).toBe(false);
    expect(isLoginScreen('/app/nothing')).toBe(false);
  });
});

describe('returnAfterLogin', () => {
  it('does nothing for a visitor or an inactive account, and keeps the saved path for later', () => {
    open('/app/user/login/code');
    saveRedirectPath('/app/user/coin/list?month=5');
    expect(returnAfterLogin('login-page')).toBe(false);
    setUser({ uid: 8, nickname: '新', is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
    expect(returnAfterLogin('user-change')).toBe(false);
    expect(currentFullPath()).toBe('/app/user/login/code');
    expect(getSession('redirectPath')).toBe('/app/user/coin/list?month=5');
  });

  it('from a login screen: the saved path with its query replaces the screen, and is forgotten', () => {
    const length = open('/app/user/login/code');
    saveRedirectPath('/app/user/coin/list?month=5#top');
    setUser(active);
    expect(returnAfterLogin('user-change')).toBe(true);
    expect(currentFullPath()).toBe('/app/user/coin/list?month=5#top');
    expect(window.history.length).toBe(length);
    expect(getSession('redirectPath')).toBeNull();
  });

  it('user-change moves only a person on a login screen (a login elsewhere leaves the page and the path)', () => {
    open('/app/articles/cate/list');
    saveRedirectPath('/app/user/coin/list');
    setUser(active);
    expect(returnAfterLogin('user-change')).toBe(false);
    expect(currentFullPath()).toBe('/app/articles/cate/list');
    expect(getSession('redirectPath')).toBe('/app/user/coin/list');
  });

  it('a login in the dialog or an activation goes to another saved page as a new history entry', () => {
    for (const trigger of ['login-dialog', 'activation'] as const) {
      const length = open('/app/articles/docs/detail/9');
      saveRedirectPath('/app/user/docs/list');
      setUser(active);
      expect(returnAfterLogin(trigger)).toBe(true);
      expect(currentFullPath()).toBe('/app/user/docs/list');
      expect(window.history.length).toBe(length + 1);
    }
  });

  it('stays when the saved path is the current page, a login screen or not on this site; the path is forgotten', () => {
    setUser(active);
    for (const saved of ['/app/articles/docs/detail/9', '/app/user/login/mobile?form_type=login_mobile', '//evil.example.com/x']) {
      open('/app/articles/docs/detail/9');
      setSession('redirectPath', saved);
      expect(returnAfterLogin('login-dialog')).toBe(false);
      expect(currentFullPath()).toBe('/app/articles/docs/detail/9');
      expect(getSession('redirectPath')).toBeNull();
    }
  });

  it('a login page with nothing saved is left for the home page; the dialog and an activation stay', () => {
    setUser(active);
    open('/app/articles/docs/detail/9');
    expect(returnAfterLogin('login-dialog')).toBe(false);
    expect(returnAfterLogin('activation')).toBe(false);
    expect(currentFullPath()).toBe('/app/articles/docs/detail/9');
    open('/app/user/login/mobile');
    expect(returnAfterLogin('user-change')).toBe(false);
    expect(currentFullPath()).toBe('/app/user/login/mobile');
    expect(returnAfterLogin('login-page')).toBe(true);
    expect(currentFullPath()).toBe('/');
  });

  it.each<[ReturnTrigger, ReturnTrigger]>([
    ['user-change', 'login-page'],
    ['login-page', 'user-change'],
  ])('after a login on the login page, %s then %s end on the same page and history', (first, second) => {
    const length = open('/app/user/login/code');
    saveRedirectPath('/app/user/collect/list?tab=2');
    setUser(active);
    returnAfterLogin(first);
    returnAfterLogin(second);
    expect(currentFullPath()).toBe('/app/user/collect/list?tab=2');
    expect(window.history.length).toBe(length);
    expect(getSession('redirectPath')).toBeNull();
  });
});

describe('followNextPath', () => {
  it('does nothing without the cookie', () => {
    const setLocation = jest.fn();
    expect(followNextPath(setLocation)).toBe(false);
    expect(setLocation).not.toHaveBeenCalled();
  });

  it('sets the location before navigating, and skips a missing target', () => {
    const order: string[] = [];
    const setLocation = jest.fn((u: string) => order.push(`location ${u}`));
    setCookie(COOKIES.nextPath, 'docs-pay');
    setCookie(COOKIES.docsUrl, 'https://x.cn/a.pdf');
    expect(followNextPath(setLocation)).toBe(false);
    expect(order).toEqual(['location https://x.cn/a.pdf']);
    const length = open('/app/guest/pay/order');
    setCookie(COOKIES.nextPath, 'coin-pay');
    expect(followNextPath(setLocation)).toBe(true);
    expect(currentFullPath()).toBe('/app/user/info/0');
    expect(window.history.length).toBe(length);
    setCookie(COOKIES.nextPath, 'coin-pay');
    expect(followNextPath(setLocation)).toBe(false);
  });
});
