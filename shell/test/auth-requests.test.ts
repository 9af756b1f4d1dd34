import { cancelCaptcha, emit, getSession, on, type KernelEvents } from 'shared-kernel';
import { dialogsState, installAuthRequests, requestActivation, requestAuth } from '../src/auth/auth-requests';

jest.mock('shared-kernel', () => ({ ...jest.requireActual('shared-kernel'), cancelCaptcha: jest.fn() }));

const url = () => location.pathname + location.search;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let stops: (() => void)[] = [];
beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/app/articles/docs/detail/5?p=2');
  jest.mocked(cancelCaptcha).mockClear();
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/** What mf-auth's mountDialogs() does: listen to the kernel's events. */
function fakeDialogs() {
  const heard: { type: string; payload: unknown }[] = [];
  const load = jest.fn(async () => {
    await Promise.resolve(); // the module is fetched first
    stops.push(on('auth:login-required', (payload) => heard.push({ type: 'login', payload })));
    stops.push(on('auth:activation-required', (payload) => heard.push({ type: 'activation', payload })));
    stops.push(on('captcha:required', (payload) => heard.push({ type: 'captcha', payload })));
    return true;
  });
  return { heard, load };
}

describe('without mf-auth dialogs installed', () => {
  it('登录 / 注册 go to their pages at once, saving the way back (never the login page itself)', () => {
    requestAuth('login');
    expect(url()).toBe('/app/user/login/code');
    expect(getSession('redirectPath')).toBe('/app/articles/docs/detail/5?p=2');
    requestAuth('register');
    expect(url()).toBe('/app/user/reg/mobile');
    expect(getSession('redirectPath')).toBe('/app/articles/docs/detail/5?p=2');
    requestAuth('register');
    expect(url()).toBe('/app/user/reg/mobile');
  });
});

describe('with mf-auth dialogs that load', () => {
  it('the first event loads them and is raised again for them; later ones go straight to them', async () => {
    const dialogs = fakeDialogs();
    stops.push(installAuthRequests({ load: dialogs.load }));
    const payload: KernelEvents['auth:login-required'] = { reason: 'expired', redirect: '/app/user/coin/list' };
    emit('auth:login-required', payload);
    expect(dialogsState()).toBe('loading');
    await flush();
    expect(dialogsState()).toBe('ready');
    expect(dialogs.heard).toEqual([{ type: 'login', payload }]);
    expect(url()).toBe('/app/articles/docs/detail/5?p=2');

    requestAuth('register');
    expect(dialogs.heard[1]).toEqual({ type: 'login', payload: { reason: 'required', redirect: '/app/articles/docs/detail/5?p=2', title: '注册' } });
    expect(getSession('redirectPath')).toBe('/app/articles/docs/detail/5?p=2');
    emit('captcha:required', { retryCount: 0 });
    expect(dialogs.heard[2]).toEqual({ type: 'captcha', payload: { retryCount: 0 } });
    expect(dialogs.load).toHaveBeenCalledTimes(1);
    expect(url()).toBe('/app/articles/docs/detail/5?p=2');
  });

  it('events raised while loading all reach the dialogs, in order', async () => {
    const dialogs = fakeDialogs();
    stops.push(installAuthRequests({ load: dialogs.load }));
    emit('captcha:required', { retryCount: 1 });
    requestActivation('CODE_LOGIN_NO_PASSWORD', '/app/user/docs/list');
    await flush();
    expect(dialogs.heard.map((h) => h.type)).toEqual(['captcha', 'activation']);
    expect(dialogs.load).toHaveBeenCalledTimes(1);
  });
});

describe('with mf-auth dialogs that cannot be had', () => {
  it('a login request goes to the login page with the way back; later ones at once', async () => {
    const load = jest.fn(async () => false);
    stops.push(installAuthRequests({ load }));
    emit('auth:login-required', { reason: 'expired', redirect: '/app/user/coin/list?m=1' });
    expect(url()).toBe('/app/articles/docs/detail/5?p=2');
    await flush();
    expect(url()).toBe('/app/user/login/code');
    expect(getSession('redirectPath')).toBe('/app/user/coin/list?m=1');
    expect(dialogsState()).toBe('unavailable');

    history.replaceState(null, '', '/app/articles/cate/list');
    requestAuth('register');
    expect(url()).toBe('/app/user/reg/mobile');
    expect(getSession('redirectPath')).toBe('/app/articles/cate/list');
    // on a login page already: the page is the answer
    emit('auth:login-required', { reason: 'expired' });
    expect(url()).toBe('/app/user/reg/mobile');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failing load counts as unavailable; a captcha request is cancelled instead of hanging', async () => {
    stops.push(installAuthRequests({ load: () => Promise.reject(new Error('网络错误')) }));
    emit('captcha:required', { retryCount: 0 });
    expect(cancelCaptcha).not.toHaveBeenCalled();
    await flush();
    expect(cancelCaptcha).toHaveBeenCalledTimes(1);
    emit('auth:activation-required', { reason: 'TRD_LOGIN_NO_MOBILE', redirect: '/' });
    expect(url()).toBe('/app/articles/docs/detail/5?p=2');
  });
});
