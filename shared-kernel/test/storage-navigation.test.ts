import {
  consumeNextPath,
  COOKIES,
  currentFullPath,
  deleteCookie,
  getCookie,
  getLocal,
  getSession,
  goTo,
  isSitePath,
  loginPath,
  NEXT_PATH_KINDS,
  on,
  openLogin,
  removeLocal,
  removeSession,
  saveRedirectPath,
  SESSION_KEYS,
  setCookie,
  setLocal,
  setSession,
  takeCookie,
  takeSession,
  user$,
  userInfoPath,
  clearUser,
  type KernelEvents,
} from '../src';

const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  for (const name of Object.values(COOKIES)) deleteCookie(name);
  localStorage.clear();
  sessionStorage.clear();
  clearUser();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('local store with expiry in days (SPEC §9)', () => {
  it('keeps a value for the given days; 0 means no expiry', () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    expect(setLocal('draft', { title: '草稿' }, 2)).toBe(true);
    expect(setLocal('forever', [1, 2], 0)).toBe(true);
    jest.setSystemTime(1_700_000_000_000 + 2 * DAY - 1);
    expect(getLocal('draft')).toEqual({ title: '草稿' });
    jest.setSystemTime(1_700_000_000_000 + 2 * DAY);
    expect(getLocal('draft')).toBeNull();
    expect(localStorage.getItem('draft')).toBeNull();
    jest.setSystemTime(1_700_000_000_000 + 3650 * DAY);
    expect(getLocal('forever')).toEqual([1, 2]);
    removeLocal('forever');
    expect(getLocal('forever')).toBeNull();
  });

  it('reads foreign or broken entries as missing', () => {
    localStorage.setItem('raw', 'plain');
    localStorage.setItem('other', JSON.stringify({ something: 1 }));
    expect(getLocal('raw')).toBeNull();
    expect(getLocal('other')).toBeNull();
    expect(getLocal('missing')).toBeNull();
  });

  it('survives storage that refuses access', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(setLocal('k', 1)).toBe(false);
    expect(getLocal('k')).toBeNull();
    expect(() => removeLocal('k')).not.toThrow();
    expect(() => setSession('redirectPath', '/x')).not.toThrow();
    expect(getSession('redirectPath')).toBeNull();
    expect(() => removeSession('redirectPath')).not.toThrow();
  });
});

describe('session-storage keys (SPEC §3)', () => {
  it('has the five keys', () => {
    expect(Object.keys(SESSION_KEYS).sort()).toEqual(
      ['loginBackPath', 'officialAccountLoginToken', 'packageId', 'redirectPath', 'scanBuyToken'].sort(),
    );
    expect(new Set(Object.values(SESSION_KEYS)).size).toBe(5);
  });

  it('stores, reads and takes values', () => {
    setSession('packageId', '3');
    expect(sessionStorage.getItem(SESSION_KEYS.packageId)).toBe('3');
    expect(getSession('packageId')).toBe('3');
    expect(takeSession('packageId')).toBe('3');
    expect(getSession('packageId')).toBeNull();
    expect(takeSession('packageId')).toBeNull();
  });
});

describe('cookies (SPEC §3)', () => {
  it('names nextPath, docs-url, docs-id and the API cookies', () => {
    expect(COOKIES).toEqual({ nextPath: 'nextPath', docsUrl: 'docs-url', docsId: 'docs-id', csrfToken: 'csrftoken', userInfo: 'userinfo' });
  });

  it('sets, reads, takes and deletes', () => {
    setCookie('docs-url', 'https://files.example.com/a b.pdf?x=1;y', 1);
    expect(getCookie('docs-url')).toBe('https://files.example.com/a b.pdf?x=1;y');
    expect(takeCookie('docs-url')).toBe('https://files.example.com/a b.pdf?x=1;y');
    expect(getCookie('docs-url')).toBeNull();
    expect(takeCookie('docs-url')).toBeNull();
    document.cookie = 'raw=%E4%; path=/';
    expect(getCookie('raw')).toBe('%E4%');
    deleteCookie('raw');
    expect(getCookie('raw')).toBeNull();
  });
});

describe('route builders and navigation', () => {
  it('builds the named routes of SPEC §2', () => {
    expect(loginPath()).toBe('/app/user/login/mobile?form_type=login_mobile');
    expect(loginPath('reg')).toBe('/app/user/login/mobile?form_type=reg');
    expect(userInfoPath()).toBe('/app/user/info/0');
    expect(userInfoPath(15, { fromReg: true })).toBe('/app/user/info/15?from_reg=true');
  });

  it('goTo navigates by route name', () => {
    const popped: string[] = [];
    goTo('articles.docs.detail', { id: 42 }, { from: 'home' });
    popped.push(currentFullPath());
    goTo('user.coin.list', {}, undefined, { replace: true });
    popped.push(currentFullPath());
    expect(popped).toEqual(['/app/articles/docs/detail/42?from=home', '/app/user/coin/list']);
  });

  it('accepts only site paths as places to return to', () => {
    expect(isSitePath('/app/user/info/0?x=1')).toBe(true);
    for (const bad of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null]) {
      expect(isSitePath(bad)).toBe(false);
    }
    saveRedirectPath('https://evil.example/');
    expect(getSession('redirectPath')).toBeNull();
  });

  it('openLogin remembers the current path and raises login-required', () => {
    const seen: KernelEvents['auth:login-required'][] = [];
    const stop = on('auth:login-required', (p) => seen.push(p));
    window.history.pushState(null, '', '/app/articles/docs/detail/7?page=2#c');
    openLogin({ title: '登录后下载' });
    stop();
    expect(getSession('redirectPath')).toBe('/app/articles/docs/detail/7?page=2#c');
    expect(seen).toEqual([{ reason: 'required', redirect: '/app/articles/docs/detail/7?page=2#c', title: '登录后下载' }]);
  });
});

describe('nextPath cookie (SPEC §2)', () => {
  it('knows the four values', () => {
    expect(NEXT_PATH_KINDS).toEqual(['coin-pay', 'docs-pay', 'trd-login', 'redirect-path']);
  });

  it('does nothing without the cookie or with an unknown value (which it clears)', () => {
    expect(consumeNextPath()).toBeNull();
    setCookie('nextPath', 'somewhere');
    expect(consumeNextPath()).toBeNull();
    expect(getCookie('nextPath')).toBeNull();
  });

  it('coin-pay goes to user info 0', () => {
    setCookie('nextPath', 'coin-pay');
    expect(consumeNextPath()).toEqual({ kind: 'coin-pay', to: '/app/user/info/0' });
    expect(getCookie('nextPath')).toBeNull();
  });

  it('docs-pay takes docs-url and docs-id: location and document detail', () => {
    setCookie('nextPath', 'docs-pay');
    setCookie('docs-url', 'https://static.example.com/down/1.pdf');
    setCookie('docs-id', '88');
    expect(consumeNextPath()).toEqual({ kind: 'docs-pay', to: '/app/articles/docs/detail/88', location: 'https://static.example.com/down/1.pdf' });
    expect([getCookie('nextPath'), getCookie('docs-url'), getCookie('docs-id')]).toEqual([null, null, null]);
  });

  it('docs-pay refuses script URLs and malformed ids', () => {
    setCookie('nextPath', 'docs-pay');
    setCookie('docs-url', 'javascript:alert(1)');
    setCookie('docs-id', '1 OR 1');
    expect(consumeNextPath()).toEqual({ kind: 'docs-pay', to: null, location: null });
    setCookie('nextPath', 'docs-pay');
    setCookie('docs-url', '/files/2.pdf');
    expect(consumeNextPath()).toEqual({ kind: 'docs-pay', to: null, location: '/files/2.pdf' });
    setCookie('nextPath', 'docs-pay');
    setCookie('docs-url', 'not a url');
    expect(consumeNextPath()?.location).toBeNull();
  });

  it('trd-login takes the user the login left and goes to user info 0', () => {
    setCookie('nextPath', 'trd-login');
    document.cookie = `userinfo=${Buffer.from(JSON.stringify({ uid: 31, nickname: '微信用户', is_active: 1 })).toString('base64')}; path=/`;
    expect(consumeNextPath()).toEqual({ kind: 'trd-login', to: '/app/user/info/0' });
    expect(user$.value).toEqual({ uid: 31, nickname: '微信用户', is_active: 1 });
  });

  it('redirect-path goes to the saved path with its query, then clears it', () => {
    saveRedirectPath('/app/articles/search/result?keyword=%E5%AF%86%E7%A0%81');
    setCookie('nextPath', 'redirect-path');
    expect(consumeNextPath()).toEqual({ kind: 'redirect-path', to: '/app/articles/search/result?keyword=%E5%AF%86%E7%A0%81' });
    expect(getSession('redirectPath')).toBeNull();
    setCookie('nextPath', 'redirect-path');
    expect(consumeNextPath()).toEqual({ kind: 'redirect-path', to: null });
  });
});
