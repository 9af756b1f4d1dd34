import { BACK_EXIT_WINDOW_MS, clearUser, http, setUser, user$ } from 'shared-kernel';
import { BACK_AGAIN_TEXT, exitApp, inApp, installAppBack } from '../src/bridges/app-bridge';
import { checkMiniProgramLogin, isMiniProgram, JWEIXIN_SDK_URL, MINIPROGRAM_LOGIN_PAGE, miniProgramSdk } from '../src/bridges/miniprogram';

type AppWindow = Window & { AppBridge?: { exit(): void }; webkit?: unknown; __appBack?: () => boolean; wx?: unknown; __wxjs_environment?: string };
const w = window as AppWindow;

afterEach(() => {
  delete w.AppBridge;
  delete w.webkit;
  delete w.wx;
  delete w.__wxjs_environment;
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  jest.restoreAllMocks();
});

describe('app bridge', () => {
  it('first press: the toast; a second within 2000 ms: AppBridge.exit()', () => {
    const exit = jest.fn();
    w.AppBridge = { exit };
    let now = 1_000_000;
    const remove = installAppBack(window, () => now);
    expect(w.__appBack!()).toBe(true);
    expect(document.body.textContent).toContain(BACK_AGAIN_TEXT);
    expect(BACK_AGAIN_TEXT).toBe('再按一次退出应用');
    expect(exit).not.toHaveBeenCalled();
    now += BACK_EXIT_WINDOW_MS;
    w.__appBack!();
    expect(exit).toHaveBeenCalledTimes(1);
    // a press after exiting starts over; a slow second press only shows the toast again
    w.__appBack!();
    now += BACK_EXIT_WINDOW_MS + 1;
    w.__appBack!();
    expect(exit).toHaveBeenCalledTimes(1);
    now += 10;
    w.__appBack!();
    expect(exit).toHaveBeenCalledTimes(2);
    remove();
    expect(w.__appBack).toBeUndefined();
  });

  it('exits through the iOS message handler when there is no Android interface, and knows when it is in the app', () => {
    expect(inApp()).toBe(false);
    expect(exitApp()).toBe(false);
    const postMessage = jest.fn();
    w.webkit = { messageHandlers: { AppBridge: { postMessage } } };
    expect(inApp()).toBe(true);
    expect(exitApp()).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ action: 'exit' });
  });
});

describe('mini-program bridge', () => {
  const user = { uid: 3, nickname: '小程序用户', is_active: 1 as const };

  it('knows the mini-program from the chat app\'s environment flag', () => {
    expect(isMiniProgram()).toBe(false);
    w.__wxjs_environment = 'miniprogram';
    expect(isMiniProgram()).toBe(true);
  });

  it('a live session refreshes the user info (GET /api/users/0/)', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue({ data: { ...user, nickname: '新昵称' } });
    await expect(checkMiniProgramLogin()).resolves.toBe('logged-in');
    expect(get).toHaveBeenCalledWith('/users/0/', { background: true });
    expect(user$.value).toMatchObject({ uid: 3, nickname: '新昵称' });
  });

  it('not logged in: the stale user info goes and the mini-program is asked to log in, coming back here', async () => {
    setUser(user);
    history.replaceState(null, '', '/app/user/info/0?from=mini');
    jest.spyOn(http, 'get').mockRejectedValue({ isAxiosError: true, response: { status: 403, data: { error: '未登录' } } });
    const navigateTo = jest.fn();
    w.wx = { miniProgram: { navigateTo, postMessage: jest.fn(), getEnv: jest.fn() } };
    await expect(checkMiniProgramLogin()).resolves.toBe('login-requested');
    expect(user$.value).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith({ url: `${MINIPROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent('/app/user/info/0?from=mini')}` });
  });

  it('a network failure decides nothing', async () => {
    setUser(user);
    jest.spyOn(http, 'get').mockRejectedValue(new Error('Network Error'));
    await expect(checkMiniProgramLogin()).resolves.toBe('unavailable');
    expect(user$.value).toMatchObject({ uid: 3 });
    clearUser();
  });

  it('loads the JS-SDK only inside the mini-program, once', async () => {
    await expect(miniProgramSdk()).resolves.toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    w.__wxjs_environment = 'miniprogram';
    const first = miniProgramSdk();
    const second = miniProgramSdk();
    const scripts = document.head.querySelectorAll('script');
    expect([...scripts].map((s) => s.src)).toEqual([JWEIXIN_SDK_URL]);
    const sdk = { navigateTo: jest.fn(), postMessage: jest.fn(), getEnv: jest.fn() };
    w.wx = { miniProgram: sdk };
    scripts[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(sdk);
    await expect(second).resolves.toBe(sdk);
  });
});
