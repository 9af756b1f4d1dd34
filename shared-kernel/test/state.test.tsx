import { act, render } from '@testing-library/react';
import {
  appState$,
  beginLoading,
  clearUser,
  decodeUserCookie,
  emit,
  endLoading,
  eventsOf,
  INITIAL_APP_STATE,
  isLoggedIn,
  isStaff,
  levelTitle,
  loadUserFromCookie,
  loadUserFromStorage,
  on,
  registerLoadMore,
  setAppState,
  setLoadFinished,
  setUser,
  THEME_COLORS,
  theme$,
  triggerLoadMore,
  useAppState,
  useIsLoggedIn,
  useKernelEvent,
  user$,
  USER_INFO_KEY,
  useUser,
  type UserInfo,
} from '../src';

type Kernel = typeof import('../src');

const DAY = 24 * 60 * 60 * 1000;
const ACTIVE: UserInfo = { uid: 12, nickname: '李雷', is_active: 1, level: 2, gender: 'female' };

function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

async function freshKernel(): Promise<Kernel> {
  let kernel: Kernel | undefined;
  await jest.isolateModulesAsync(async () => {
    kernel = await import('../src');
  });
  return kernel!;
}

afterEach(() => {
  clearUser();
  localStorage.clear();
  document.cookie = 'userinfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  setAppState(INITIAL_APP_STATE);
  jest.useRealTimers();
});

describe('user info (SPEC §3, §4)', () => {
  it.each<[Partial<UserInfo> | null, boolean]>([
    [{ uid: 12, is_active: 1 }, true],
    [{ uid: 0, is_active: 1 }, false],
    [{ uid: 12, is_active: 0 }, false],
    [null, false],
  ])('%j counts as logged in: %s', (user, expected) => {
    expect(isLoggedIn(user as UserInfo | null)).toBe(expected);
  });

  it('is kept in local storage under "userinfo" and published', () => {
    const seen: Array<UserInfo | null> = [];
    const stop = on('user:changed', ({ user }) => seen.push(user));
    setUser(ACTIVE);
    expect(USER_INFO_KEY).toBe('userinfo');
    expect(JSON.parse(localStorage.getItem('userinfo')!)).toEqual({ value: ACTIVE, expire: 0 });
    expect(user$.value).toEqual(ACTIVE);
    clearUser();
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(user$.value).toBeNull();
    stop();
    expect(seen).toEqual([ACTIVE, null]);
  });

  it('expires after the given days; 0 days never expires', () => {
    jest.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    setUser(ACTIVE, 7);
    jest.setSystemTime(new Date('2025-01-01T00:00:00Z').getTime() + 7 * DAY - 1);
    expect(loadUserFromStorage()).toEqual(ACTIVE);
    jest.setSystemTime(new Date('2025-01-01T00:00:00Z').getTime() + 7 * DAY);
    expect(loadUserFromStorage()).toBeNull();
    expect(user$.value).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();

    setUser(ACTIVE, 0);
    jest.setSystemTime(new Date('2035-01-01T00:00:00Z'));
    expect(loadUserFromStorage()).toEqual(ACTIVE);
  });

  it('drops malformed stored info', () => {
    localStorage.setItem('userinfo', JSON.stringify({ value: { uid: 'abc' }, expire: 0 }));
    expect(loadUserFromStorage()).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();
    localStorage.setItem('userinfo', '{not json');
    expect(loadUserFromStorage()).toBeNull();
    expect(() => setUser({ uid: -1 } as UserInfo)).toThrow('用户信息格式不正确');
  });

  it('normalises what the API sends', () => {
    expect(
      decodeUserCookie(base64Json({ uid: '9', nickname: 5, is_active: '1', level: 7, gender: 'x', inactive_reason: 'TRD_LOGIN_NO_MOBILE', userinfo: { a: 1 } })),
    ).toEqual({ uid: 9, nickname: '', is_active: 1, inactive_reason: 'TRD_LOGIN_NO_MOBILE', userinfo: { a: 1 } });
  });

  it('keeps the own staff roles (strings only); isStaff needs a logged-in person with one', () => {
    const staff = decodeUserCookie(base64Json({ uid: 3, nickname: '审核员', is_active: 1, staff_roles: ['reviewer', 7, 'admin'] }));
    expect(staff).toEqual({ uid: 3, nickname: '审核员', is_active: 1, staff_roles: ['reviewer', 'admin'] });
    expect(isStaff(staff)).toBe(true);
    expect(isStaff({ uid: 3, nickname: '', is_active: 1, staff_roles: [] })).toBe(false);
    expect(isStaff({ uid: 3, nickname: '', is_active: 1 })).toBe(false);
    expect(isStaff({ uid: 3, nickname: '', is_active: 0, staff_roles: ['admin'] })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it.each([
    ['base64', base64Json({ uid: 0, nickname: '游客', is_active: 0 })],
    ['base64url', base64Json({ uid: 0, nickname: '游客??', is_active: 0 }).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
    ['percent-encoded JSON', encodeURIComponent(JSON.stringify({ uid: 0, nickname: '游客', is_active: 0 }))],
  ])('moves a visitor cookie (%s) into local storage and deletes the cookie', (_kind, value) => {
    document.cookie = `userinfo=${value}; path=/`;
    const user = loadUserFromCookie(3);
    expect(user).toMatchObject({ uid: 0, is_active: 0 });
    expect(user!.nickname.startsWith('游客')).toBe(true);
    expect(document.cookie).not.toContain('userinfo=');
    expect(JSON.parse(localStorage.getItem('userinfo')!).value).toEqual(user);
    expect(isLoggedIn(user)).toBe(false);
  });

  it('ignores an unreadable cookie, and deletes it', () => {
    document.cookie = 'userinfo=%%%not-base64; path=/';
    expect(loadUserFromCookie()).toBeNull();
    expect(document.cookie).not.toContain('userinfo=');
    document.cookie = `userinfo=${encodeURIComponent('{broken')}; path=/`;
    expect(loadUserFromCookie()).toBeNull();
    expect(loadUserFromCookie()).toBeNull(); // no cookie at all
  });

  it('is loaded at start-up from the cookie first, else from storage', async () => {
    localStorage.setItem('userinfo', JSON.stringify({ value: ACTIVE, expire: 0 }));
    expect((await freshKernel()).user$.value).toEqual(ACTIVE);
    document.cookie = `userinfo=${base64Json({ uid: 0, nickname: '访客', is_active: 0 })}; path=/`;
    const kernel = await freshKernel();
    expect(kernel.user$.value).toEqual({ uid: 0, nickname: '访客', is_active: 0 });
    expect(JSON.parse(localStorage.getItem('userinfo')!).value.nickname).toBe('访客');
  });
});

describe('level titles (SPEC §3)', () => {
  it.each([
    [1, 'male', '初级学弟', '#1677ff'],
    [1, 'female', '初级学妹', '#1677ff'],
    [2, 'male', '高级学长', '#52c41a'],
    [2, 'female', '高级学姐', '#52c41a'],
    [3, 'male', '认证专家', '#faad14'],
    [3, 'female', '认证专家', '#faad14'],
    [2, undefined, '高级学长', '#52c41a'],
  ] as const)('level %s, %s: %s in %s', (level, gender, title, color) => {
    expect(levelTitle(level, gender)).toEqual({ title, color });
  });

  it('has no title without a level', () => {
    expect(levelTitle(undefined)).toBeNull();
    expect(levelTitle(4)).toBeNull();
  });
});

describe('app state (SPEC §3)', () => {
  it('starts with the defaults of the spec', () => {
    expect(appState$.value).toEqual({
      csrfToken: '',
      showNavbar: true,
      online: true,
      loading: false,
      loadingCount: 0,
      loadFinished: {},
      captchaKey: '',
      captchaValue: '',
      captchaRetryCount: 0,
      frequencyLimited: false,
      isLoginPage: false,
      agreePolicy: true,
      showActivateDialog: false,
      allowedUploadTypes: {
        desktop: {
          documents: ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md'],
          images: ['jpg', 'jpeg', 'png'],
          archives: ['zip', 'rar'],
        },
        mobile: {
          documents: ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md'],
          images: ['jpg', 'jpeg', 'png'],
          archives: ['zip', 'rar'],
        },
      },
    });
  });

  it('starts offline when the browser is offline', async () => {
    const spy = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await freshKernel()).appState$.value.online).toBe(false);
    spy.mockRestore();
  });

  it('publishes only real changes', () => {
    const seen: boolean[] = [];
    const sub = appState$.subscribe((s) => seen.push(s.showNavbar));
    setAppState({ showNavbar: true });
    setAppState({ showNavbar: false });
    setAppState({ showNavbar: false });
    sub.unsubscribe();
    expect(seen).toEqual([true, false]);
  });

  it('counts loading work', () => {
    beginLoading();
    beginLoading();
    expect(appState$.value).toMatchObject({ loading: true, loadingCount: 2 });
    endLoading();
    expect(appState$.value).toMatchObject({ loading: true, loadingCount: 1 });
    endLoading();
    endLoading();
    expect(appState$.value).toMatchObject({ loading: false, loadingCount: 0 });
  });

  it('keeps per-route load-finished flags', () => {
    setLoadFinished('user.docs.list', true);
    setLoadFinished('user.docs.list', true);
    setLoadFinished('user.blogs.list', false);
    expect(appState$.value.loadFinished).toEqual({ 'user.docs.list': true, 'user.blogs.list': false });
  });

  it('runs the load-more handler of a route', () => {
    const more = jest.fn();
    const unregister = registerLoadMore('articles.docs.list', more);
    expect(triggerLoadMore('articles.docs.list')).toBe(true);
    expect(more).toHaveBeenCalledTimes(1);
    const newer = jest.fn();
    const unregisterNewer = registerLoadMore('articles.docs.list', newer);
    unregister(); // the older registration no longer owns the route
    expect(triggerLoadMore('articles.docs.list')).toBe(true);
    expect(newer).toHaveBeenCalledTimes(1);
    unregisterNewer();
    expect(triggerLoadMore('articles.docs.list')).toBe(false);
  });

  it('has light and dark theme colours with a blue primary, light by default', () => {
    expect(theme$.value).toBe('light');
    expect(THEME_COLORS.light.primary).toBe('#1677ff');
    expect(THEME_COLORS.dark.primary).toBe('#1677ff');
    expect(THEME_COLORS.dark.bg).not.toBe(THEME_COLORS.light.bg);
  });
});

describe('event bus', () => {
  it('delivers typed events to listeners of that type until they stop', () => {
    const results: boolean[] = [];
    const required: number[] = [];
    const stop = on('captcha:result', ({ ok }) => results.push(ok));
    const sub = eventsOf('captcha:required').subscribe(({ retryCount }) => required.push(retryCount));
    emit('captcha:result', { ok: true });
    emit('captcha:required', { retryCount: 2 });
    stop();
    emit('captcha:result', { ok: false });
    sub.unsubscribe();
    expect(results).toEqual([true]);
    expect(required).toEqual([2]);
  });
});

describe('React hooks', () => {
  it('useAppState re-renders only when the selected slice changes', () => {
    let renders = 0;
    function Spinner() {
      renders += 1;
      const loading = useAppState((s) => s.loading);
      return <span data-testid="spinner">{loading ? '加载中' : '空闲'}</span>;
    }
    const view = render(<Spinner />);
    expect(view.getByTestId('spinner').textContent).toBe('空闲');
    act(() => {
      for (let i = 0; i < 50; i += 1) setAppState({ captchaRetryCount: i + 1, showNavbar: i % 2 === 0 });
    });
    expect(renders).toBe(1);
    act(() => beginLoading());
    act(() => beginLoading());
    expect(view.getByTestId('spinner').textContent).toBe('加载中');
    expect(renders).toBe(2);
    act(() => {
      endLoading();
      endLoading();
    });
    expect(view.getByTestId('spinner').textContent).toBe('空闲');
    expect(renders).toBe(3);
  });

  it('useUser and useIsLoggedIn follow the user', () => {
    let loginRenders = 0;
    function Who() {
      const user = useUser();
      return <span data-testid="who">{user ? user.nickname : '未登录'}</span>;
    }
    function Flag() {
      loginRenders += 1;
      return <span data-testid="flag">{useIsLoggedIn() ? 'yes' : 'no'}</span>;
    }
    const view = render(
      <>
        <Who />
        <Flag />
      </>,
    );
    expect(view.getByTestId('who').textContent).toBe('未登录');
    act(() => setUser({ uid: 0, nickname: '游客', is_active: 0 }));
    expect(view.getByTestId('who').textContent).toBe('游客');
    expect(view.getByTestId('flag').textContent).toBe('no');
    expect(loginRenders).toBe(1);
    act(() => setUser(ACTIVE));
    expect(view.getByTestId('flag').textContent).toBe('yes');
    act(() => setUser({ ...ACTIVE, nickname: '韩梅梅' }));
    expect(view.getByTestId('who').textContent).toBe('韩梅梅');
    expect(loginRenders).toBe(2);
    act(() => clearUser());
    expect(view.getByTestId('flag').textContent).toBe('no');
  });

  it('useKernelEvent calls the latest handler without re-subscribing, and stops on unmount', () => {
    const calls: string[] = [];
    function Listener({ label }: { label: string }) {
      useKernelEvent('captcha:result', ({ ok }) => calls.push(`${label}:${ok}`));
      return null;
    }
    const view = render(<Listener label="a" />);
    act(() => emit('captcha:result', { ok: true }));
    view.rerender(<Listener label="b" />);
    act(() => emit('captcha:result', { ok: false }));
    view.unmount();
    emit('captcha:result', { ok: true });
    expect(calls).toEqual(['a:true', 'b:false']);
  });
});
