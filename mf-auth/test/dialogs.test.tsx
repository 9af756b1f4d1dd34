import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appState$, emit, openLogin, setAppState, setUser, user$ } from 'shared-kernel';
import { mountDialogs, unmountDialogs } from '../src/dialogs';
import { confirmDialog, openAppDownload } from '../src/dialogs/store';
import { markDisclaimerOwed } from '../src/session/disclaimer';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, field, resetPage, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  Object.assign(window, { innerWidth: 1280 });
});
afterEach(() => {
  act(() => unmountDialogs());
  Object.assign(window, { innerWidth: 1024 });
});

function inactive(reason: string) {
  return { uid: 5, nickname: '用户0001', is_active: 0 as const, inactive_reason: reason };
}

describe('login dialog', () => {
  test("opens for 'auth:login-required' from any app, with the title passed in; closes when a uid appears", async () => {
    mountDialogs();
    act(() => openLogin({ title: '登录后即可收藏' }));
    const dialog = await screen.findByRole('dialog', { name: '登录后即可收藏' });
    expect(within(dialog).getByRole('tab', { name: '验证码登录', selected: true })).toBeTruthy();
    expect(appState$.value.isLoginPage).toBe(true);
    act(() => setUser({ uid: 8, nickname: '小明', is_active: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录后即可收藏' })).toBeNull());
    expect(appState$.value.isLoginPage).toBe(false);
  });

  test('an event raised before the layer existed is replayed from mountDialogs(container, {loginRequired})', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    mountDialogs(host, { loginRequired: { reason: 'required', title: '请先登录' } });
    expect(await screen.findByRole('dialog', { name: '请先登录' })).toBeTruthy();
    expect(host.querySelector('[data-mf-auth-dialogs]')).toBeTruthy();
    // a second call (the shell after mf-auth's own pages mounted it) reuses the layer
    mountDialogs(document.createElement('div'));
    expect(document.querySelectorAll('[data-mf-auth-dialogs]')).toHaveLength(1);
  });

  test('the listeners exist as soon as mountDialogs returns: an event raised right after it is answered', async () => {
    mountDialogs();
    emit('auth:login-required', { reason: 'expired' });
    expect(await screen.findByRole('dialog', { name: '登录知库文档' })).toBeTruthy();
  });

  test('a centred popup on PC, a full-screen bottom sheet on mobile', async () => {
    mountDialogs();
    act(() => openLogin());
    expect((await screen.findByRole('dialog')).className).toContain('ma-popup');
    act(() => {
      Object.assign(window, { innerWidth: 375 });
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.getByRole('dialog').className).toContain('ma-sheet'));
    // QR login is PC only
    expect(screen.queryByRole('tab', { name: '扫码登录' })).toBeNull();
  });

  test('logging in inside the dialog: it closes and the page stays', async () => {
    api.on('POST /token/', { body: loginAnswer({ uid: 31 }) });
    window.history.replaceState(null, '', '/app/articles/docs/detail/3');
    mountDialogs();
    act(() => openLogin());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: '密码登录' }));
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('密码'), { target: { value: 'abc12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await expectToast('登录成功');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/app/articles/docs/detail/3');
  });

  test('the close button and Escape close it; focus returns', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    mountDialogs();
    act(() => openLogin());
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    act(() => openLogin());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('activation dialogs by inactive_reason', () => {
  test('TRD_LOGIN_NO_MOBILE: bind a phone with a TRD_ACTIVE code; the account becomes active', async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    api.on('POST /users-activate/', { body: loginAnswer({ uid: 5 }) });
    setUser(inactive('TRD_LOGIN_NO_MOBILE'));
    setAppState({ showActivateDialog: true });
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '绑定手机号' });
    fireEvent.change(field('手机号'), { target: { value: '13900001111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect((await waitForCall(api, 'POST /codes/')).body.reason).toBe('TRD_ACTIVE');
    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    const call = await waitForCall(api, 'POST /users-activate/');
    expect(call.body).toEqual({ inactive_reason: 'TRD_LOGIN_NO_MOBILE', mobile: '13900001111', country_code: '86', code: '123456', trd_active: 1 });
    await expectToast('手机号绑定成功');
    expect(user$.value?.is_active).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '绑定手机号' })).toBeNull());
  });

  test('CODE_LOGIN_NO_PASSWORD: nickname and password (encrypted); then the persistent disclaimer', async () => {
    api.on('POST /users-activate/', { body: loginAnswer({ uid: 5, nickname: '新名字' }) });
    setUser(inactive('CODE_LOGIN_NO_PASSWORD'));
    setAppState({ showActivateDialog: true });
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '完善账号信息' });
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    expect(await within(dialog).findByText('用户名不能为空')).toBeTruthy();
    expect(within(dialog).getByText('密码应为至少8位数字字母组合')).toBeTruthy();
    fireEvent.change(field('昵称'), { target: { value: '长'.repeat(255) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    expect(await within(dialog).findByText('昵称不能超过255个字符')).toBeTruthy();
    fireEvent.change(field('昵称'), { target: { value: ' 新名字 ' } });
    fireEvent.change(field('密码'), { target: { value: 'abc12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    const call = await waitForCall(api, 'POST /users-activate/');
    expect(call.body).toMatchObject({ inactive_reason: 'CODE_LOGIN_NO_PASSWORD', nickname: '新名字' });
    expect(api.decrypt(call.body.password)).toBe('abc12345');
    const disclaimer = await screen.findByRole('dialog', { name: '免责声明' });
    expect(disclaimer.textContent).toContain('请勿上传未经授权或侵犯他人合法权益的文档');
    expect(disclaimer.textContent).toContain('support@example.com');
  });

  test("a server's field error stays on the form", async () => {
    api.on('POST /users-activate/', apiError(400, 'invalid', '验证码错误或已过期', { code: ['验证码错误或已过期'] }));
    setUser(inactive('TRD_LOGIN_NO_MOBILE'));
    setAppState({ showActivateDialog: true });
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '绑定手机号' });
    fireEvent.change(field('手机号'), { target: { value: '13900001111' } });
    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('验证码错误或已过期')).toBeTruthy();
    expect(user$.value?.is_active).toBe(0);
  });

  test('POST_SPAM_COMMENTS: only the notice', async () => {
    setUser(inactive('POST_SPAM_COMMENTS'));
    setAppState({ showActivateDialog: true });
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '账号已被禁用' });
    expect(dialog.textContent).toContain('您的账号因发布广告或不当评论已被禁用');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(appState$.value.showActivateDialog).toBe(false);
  });

  test("the shell's 'auth:activation-required' opens it", async () => {
    setUser(inactive('CODE_LOGIN_NO_PASSWORD'));
    mountDialogs();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emit('auth:activation-required', { reason: 'CODE_LOGIN_NO_PASSWORD', redirect: '/' }));
    expect(await screen.findByRole('dialog', { name: '完善账号信息' })).toBeTruthy();
  });

  test('"稍后再说" closes it; an active user never sees it', async () => {
    setUser(inactive('TRD_LOGIN_NO_MOBILE'));
    setAppState({ showActivateDialog: true });
    mountDialogs();
    fireEvent.click(await screen.findByRole('button', { name: '稍后再说' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => {
      setUser({ uid: 5, nickname: 'x', is_active: 1 });
      setAppState({ showActivateDialog: true });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('disclaimer, confirm and app download dialogs', () => {
  test('the disclaimer is persistent: no close button, Escape does nothing, it stays after a reload until acknowledged', async () => {
    setUser({ uid: 5, nickname: 'x', is_active: 1 });
    markDisclaimerOwed(5);
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '免责声明' });
    expect(within(dialog).queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: '免责声明' })).toBeTruthy();
    act(() => unmountDialogs()); // a reload
    mountDialogs();
    fireEvent.click(await screen.findByRole('button', { name: '我已阅读并同意' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '免责声明' })).toBeNull());
    act(() => unmountDialogs());
    mountDialogs();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog', { name: '免责声明' })).toBeNull();
  });

  test('the disclaimer names the complaint address staff configured (GET trust-contact/)', async () => {
    api.on('GET /trust-contact/', { body: { email: 'rights@zhiku.example', restore_days: 15 } });
    setUser({ uid: 6, nickname: 'x', is_active: 1 });
    markDisclaimerOwed(6);
    mountDialogs();
    const dialog = await screen.findByRole('dialog', { name: '免责声明' });
    await waitFor(() => expect(dialog.textContent).toContain('rights@zhiku.example'));
    expect(dialog.textContent).not.toContain('support@example.com');
  });

  test('the confirm dialog answers true for OK and false for cancel', async () => {
    mountDialogs();
    let answer: Promise<boolean>;
    act(() => {
      answer = confirmDialog({ title: '退出登录', message: '确定要退出当前账号吗？' });
    });
    const dialog = await screen.findByRole('dialog', { name: '退出登录' });
    expect(dialog.textContent).toContain('确定要退出当前账号吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await expect(answer!).resolves.toBe(true);
    act(() => {
      answer = confirmDialog({ title: '退出登录', message: '确定要退出当前账号吗？' });
    });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await expect(answer!).resolves.toBe(false);
  });

  test('the app download dialog shows a QR image of the download page', async () => {
    mountDialogs();
    act(() => openAppDownload());
    const dialog = await screen.findByRole('dialog', { name: '下载知库文档App' });
    const img = (await within(dialog).findByRole('img', { name: 'App下载二维码' })) as HTMLImageElement;
    const svg = decodeURIComponent(img.src.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(within(dialog).getByRole('link', { name: '打开下载页面' }).getAttribute('href')).toBe('/app/site/app_down');
  });
});

test("a 'form' in the event's payload picks the form (a register button)", async () => {
  resetPage(api);
  mountDialogs();
  act(() => emit('auth:login-required', { reason: 'required', title: '注册', form: 'reg' } as never));
  const dialog = await screen.findByRole('dialog', { name: '注册' });
  expect(within(dialog).getByRole('button', { name: '注册' })).toBeTruthy();
  expect(within(dialog).getByText('手机号注册')).toBeTruthy();
  act(() => unmountDialogs());
});
