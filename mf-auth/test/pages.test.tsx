import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routesOf, setUser, user$ } from 'shared-kernel';
import * as app from '../src/app';
import { unmountDialogs } from '../src/dialogs';
import { browser } from '../src/forms/ThirdPartyLogin';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, resetPage, toastTexts, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));
afterEach(() => {
  act(() => unmountDialogs());
  Object.assign(window, { innerWidth: 1024 });
  jest.restoreAllMocks();
});

/** Mounts mf-auth's ./app as the shell does, at `path`. */
async function open(path: string) {
  window.history.pushState(null, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const props = { name: 'mf-auth', domElementGetter: () => host };
  await app.bootstrap(props);
  await app.mount(props);
  return {
    host,
    close: async () => {
      await app.unmount(props);
      host.remove();
    },
  };
}

describe('routes', () => {
  test.each(routesOf('mf-auth').map((r) => [r.path, r.title]))('%s shows its title "%s" in an <h1>', async (path, title) => {
    const page = await open(path);
    expect(page.host.querySelector('h1')?.textContent).toBe(title);
    await page.close();
  });

  test('user/login/mobile takes ?form_type= (the named route user_login_mobile)', async () => {
    const page = await open('/app/user/login/mobile?form_type=reg');
    expect(page.host.querySelector('h1')?.textContent).toBe('手机号注册');
    expect(within(page.host).getByRole('button', { name: '注册' })).toBeTruthy();
    await page.close();
  });

  test('switching forms changes the route', async () => {
    const page = await open('/app/user/login/code');
    fireEvent.click(within(page.host).getByRole('tab', { name: '密码登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/user/login/mobile'));
    expect(page.host.querySelector('h1')?.textContent).toBe('手机号登录');
    fireEvent.click(within(page.host).getByRole('button', { name: '忘记密码？' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/user/findpwd/mobile'));
    await page.close();
  });

  test('QR login is offered on PC only; on mobile its form_type falls back to the code login', async () => {
    let page = await open('/app/user/login/mobile?form_type=login_qrcode');
    expect(page.host.querySelector('h1')?.textContent).toBe('验证码登录');
    expect(within(page.host).queryByRole('tab', { name: '扫码登录' })).toBeNull();
    await page.close();
    Object.assign(window, { innerWidth: 1280 });
    api.on('POST /qrcode/', { body: { status: 'update', token: 'tk', expire_time: 100 } });
    page = await open('/app/user/login/mobile?form_type=login_qrcode');
    expect(page.host.querySelector('h1')?.textContent).toBe('扫码登录');
    expect(within(page.host).getByRole('tab', { name: '扫码登录', selected: true })).toBeTruthy();
    await page.close();
  });

  test('a logged-in visitor of a login route sees who they are and can log out (confirmed)', async () => {
    api.on('POST /logout/', { body: { detail: '已退出登录' } });
    setUser({ uid: 3, nickname: '小李', is_active: 1 });
    const page = await open('/app/user/login/code');
    expect(page.host.textContent).toContain('您已登录：小李');
    fireEvent.click(within(page.host).getByRole('button', { name: '退出登录' }));
    const confirm = await screen.findByRole('dialog', { name: '退出登录' });
    fireEvent.click(within(confirm).getByRole('button', { name: '退出登录' }));
    await waitForCall(api, 'POST /logout/');
    await expectToast('已退出登录');
    expect(user$.value).toBeNull();
    await waitFor(() => expect(within(page.host).getByRole('tab', { name: '验证码登录' })).toBeTruthy());
    await page.close();
  });
});

describe('mobile binding routes', () => {
  test.each(['/app/user/welcome/account-bind', '/app/user/setting/account/bind-mobile'])(
    '%s binds the phone of a third-party account without one',
    async (path) => {
      api.on('POST /users-activate/', { body: loginAnswer({ uid: 12 }) });
      setUser({ uid: 12, nickname: '微信用户', is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE' });
      const page = await open(path);
      fireEvent.change(within(page.host).getByLabelText('手机号', { selector: 'input' }), { target: { value: '13700001234' } });
      fireEvent.change(within(page.host).getByLabelText('验证码', { selector: 'input' }), { target: { value: '246810' } });
      fireEvent.click(within(page.host).getByRole('button', { name: '绑定' }));
      expect((await waitForCall(api, 'POST /users-activate/')).body).toMatchObject({ inactive_reason: 'TRD_LOGIN_NO_MOBILE', mobile: '13700001234', code: '246810' });
      await expectToast('手机号绑定成功');
      await waitFor(() => expect(window.location.pathname).toBe('/app/user/info/0'));
      await page.close();
    },
  );

  test('a visitor is asked to log in (the login dialog opens)', async () => {
    const page = await open('/app/user/setting/account/bind-mobile');
    expect(page.host.textContent).toContain('请先登录后再绑定手机号');
    fireEvent.click(within(page.host).getByRole('button', { name: '去登录' }));
    expect(await screen.findByRole('dialog', { name: '绑定手机' })).toBeTruthy();
    await page.close();
  });

  test('an active account sees its phone and the way to change it', async () => {
    setUser({ uid: 3, nickname: '小李', is_active: 1, userinfo: { mobile: '138****5678' } });
    const page = await open('/app/user/setting/account/bind-mobile');
    expect(page.host.textContent).toContain('您的账号已绑定手机号 138****5678');
    fireEvent.click(within(page.host).getByRole('button', { name: '更换手机号' }));
    expect(window.location.pathname).toBe('/app/user/setting/account/mobile');
    await page.close();
  });
});

describe('third-party login', () => {
  test('the chat app and the wallet are buttons; each asks the API for the redirect URL and goes there', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api.on('GET /login/weixin/', { body: { url: 'https://open.weixin.example/connect?state=s1' } });
    api.on('GET /login/alipayh5/', { body: { url: 'https://openauth.alipay.example/oauth?state=s2' } });
    const page = await open('/app/user/login/code');
    expect(within(page.host).queryByRole('button', { name: 'QQ登录' })).toBeNull();
    expect(within(page.host).queryByRole('button', { name: '微博登录' })).toBeNull();
    Object.assign(window, { innerWidth: 1280 });
    fireEvent.click(within(page.host).getByRole('button', { name: /微信登录/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://open.weixin.example/connect?state=s1'));
    await page.close();
    Object.assign(window, { innerWidth: 375 });
    const mobile = await open('/app/user/login/code');
    fireEvent.click(within(mobile.host).getByRole('button', { name: /支付宝登录/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://openauth.alipay.example/oauth?state=s2'));
    await mobile.close();
  });

  test("a failure shows the server's message and stays", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api.on('GET /login/alipayh5/', apiError(503, 'provider_unavailable', '支付宝登录暂时不可用，请稍后重试'));
    const page = await open('/app/user/login/code');
    fireEvent.click(within(page.host).getByRole('button', { name: /支付宝登录/ }));
    await expectToast('支付宝登录暂时不可用，请稍后重试');
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect((within(page.host).getByRole('button', { name: /支付宝登录/ }) as HTMLButtonElement).disabled).toBe(false));
    await page.close();
  });

  test('the qq and weibo handlers exist without buttons', async () => {
    const { startThirdPartyLogin } = await import('../src/forms/ThirdPartyLogin');
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api.on('GET /login/qq/', { body: { url: 'https://graph.qq.example/oauth2?state=q' } });
    api.on('GET /login/weibo/', { body: { url: 'javascript:alert(1)' } });
    expect(await startThirdPartyLogin('qq')).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://graph.qq.example/oauth2?state=q');
    expect(await startThirdPartyLogin('weibo')).toBe(false); // only http(s) URLs are followed
    expect(toastTexts()).toContain('第三方登录暂时不可用，请稍后重试');
  });
});

describe('QR login (PC)', () => {
  beforeEach(() => Object.assign(window, { innerWidth: 1280 }));

  test("token, QR image, socket; 'ok' on the socket asks the status, which logs in and closes the socket", async () => {
    api.on('POST /qrcode/', (r) =>
      r.body.token
        ? { body: { status: 'ok', token: r.body.token, user: loginAnswer({ uid: 77 }) } }
        : { body: { status: 'update', token: 'qr-token-1', expire_time: 100 } },
    );
    const page = await open('/app/user/login/mobile?form_type=login_qrcode');
    const img = (await within(page.host).findByRole('img', { name: '登录二维码' })) as HTMLImageElement;
    expect(img.src).toBe(`${api.origin}/api/qrcode/?type=login&token=qr-token-1&action=make`);
    const first = api.calls('POST /qrcode/')[0];
    expect(first.body).toEqual({ type: 'login', device: 'PC', platform: 3, login_type: 4 });
    await waitFor(() => expect(api.socketFor('qr-token-1')?.messages).toEqual([JSON.stringify({ type: 'LOGIN_QRCODE', token: 'qr-token-1' })]));
    expect(api.socketFor('qr-token-1')!.path).toBe('/api/ws/login-qrcode/?token=qr-token-1');
    api.push('ok');
    const status = await waitForCall(api, 'POST /qrcode/', 2);
    expect(status.body).toEqual({ type: 'login', token: 'qr-token-1', device: 'PC', platform: 3, login_type: 4 });
    await expectToast('登录成功');
    expect(user$.value?.uid).toBe(77);
    await page.close();
  });

  test("after the expiry: '二维码已过期，点击刷新', and clicking gets a new code", async () => {
    let n = 0;
    api.on('POST /qrcode/', () => ({ body: { status: 'update', token: `t${++n}`, expire_time: 1 } }));
    const page = await open('/app/user/login/mobile?form_type=login_qrcode');
    await within(page.host).findByRole('img', { name: '登录二维码' });
    const expired = await within(page.host).findByRole('button', { name: '二维码已过期，点击刷新' }, { timeout: 2500 });
    fireEvent.click(expired);
    const img = (await within(page.host).findByRole('img', { name: '登录二维码' })) as HTMLImageElement;
    expect(img.src).toContain('token=t2');
    await page.close();
  });

  test('the app download dialog is one click away', async () => {
    api.on('POST /qrcode/', { body: { status: 'update', token: 'x', expire_time: 100 } });
    const page = await open('/app/user/login/mobile?form_type=login_qrcode');
    fireEvent.click(within(page.host).getByRole('button', { name: '下载App' }));
    expect(await screen.findByRole('dialog', { name: '下载知库文档App' })).toBeTruthy();
    await page.close();
  });

  test('a QR token that cannot be had says so and retries on click', async () => {
    api.on('POST /qrcode/', apiError(404, 'not_found', '接口不存在'));
    const page = await open('/app/user/login/mobile?form_type=login_qrcode');
    const retry = await within(page.host).findByRole('button', { name: /二维码加载失败，点击重试/ });
    api.on('POST /qrcode/', { body: { status: 'update', token: 'ok1', expire_time: 100 } });
    fireEvent.click(retry);
    expect(await within(page.host).findByRole('img', { name: '登录二维码' })).toBeTruthy();
    await page.close();
  });
});
