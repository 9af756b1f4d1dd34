import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appState$, clearToasts, getSession, user$, type LoginFormType } from 'shared-kernel';
import { DialogHost } from '../src/dialogs/DialogHost';
import { AuthPanel } from '../src/forms/AuthPanel';
import { type FakeRequest } from 'shared-kernel/testing';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, field, resetPage, toastTexts, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));
afterEach(() => jest.restoreAllMocks());

function renderForm(form: LoginFormType = 'login_code', onSwitch = jest.fn()) {
  render(
    <>
      <AuthPanel form={form} surface="inline" onSwitch={onSwitch} />
      <DialogHost />
    </>,
  );
  return onSwitch;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录 / 注册' }));

describe('login_code form (SMS quick login, the default)', () => {
  test('every rule of an empty form, with the exact messages of SPEC §5', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('请填写登录手机号')).toBeTruthy();
    expect(screen.getByText('验证码格式不正确')).toBeTruthy();
    expect(api.received).toHaveLength(0);
  });

  test('the phone input keeps digits only, spaced 3-4-4, at most 13 characters', () => {
    renderForm();
    const phone = field('手机号');
    expect(phone.maxLength).toBe(13);
    fireEvent.change(phone, { target: { value: '138a1234b5678999' } });
    expect(phone.value).toBe('138 1234 5678');
    fireEvent.change(phone, { target: { value: '1381' } });
    expect(phone.value).toBe('138 1');
  });

  test('the code boxes take digits only, six of them', () => {
    renderForm();
    const code = field('验证码');
    fireEvent.change(code, { target: { value: '12ab34-5678' } });
    expect(code.value).toBe('123456');
    expect(document.querySelectorAll('.ma-code-box')).toHaveLength(6);
    expect([...document.querySelectorAll('.ma-code-box')].map((b) => b.textContent).join('')).toBe('123456');
  });

  test("sending a code with no phone says '手机号不能为空' and sends nothing", async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    expect(api.calls('POST /codes/')).toHaveLength(0);
  });

  test("a code is sent with reason LOGIN, then '验证码已发送' and a 60 s countdown", async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const sent = await waitForCall(api, 'POST /codes/');
    expect(sent.body).toEqual({ mobile: '13812345678', country_code: '86', reason: 'LOGIN' });
    await expectToast('验证码已发送');
    const button = await screen.findByRole('button', { name: '60秒后重新获取' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    // it counts down each second, and the button comes back once 60 s have passed
    expect(await screen.findByRole('button', { name: '59秒后重新获取' }, { timeout: 2500 })).toBeTruthy();
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000);
    await waitFor(() => expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false), {
      timeout: 2500,
    });
  });

  test('the countdown belongs to the phone: another form, or the page reloaded, counts on; another phone may send', async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    const { unmount } = render(<AuthPanel form="login_code" surface="inline" onSwitch={jest.fn()} />);
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /秒后重新获取/ });
    unmount();
    render(<AuthPanel form="reg" surface="inline" onSwitch={jest.fn()} />);
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    expect(((await screen.findByRole('button', { name: /秒后重新获取/ })) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field('手机号'), { target: { value: '13812345679' } });
    expect((await screen.findByRole('button', { name: '获取验证码' })) as HTMLButtonElement).toBeTruthy();
  });

  test("the phone's cap reached (maybe by strangers): the form offers '输入之前收到的验证码以继续' and sends that code as proof", async () => {
    const quota = apiError(400, 'sms_quota_exceeded', '该手机号获取验证码次数过多，请一小时后再试');
    api.on('POST /codes/', (r: FakeRequest) => {
      const proof = (r.body as { proof?: string }).proof;
      if (proof === undefined) return quota;
      if (proof !== '246810') return apiError(400, 'invalid', '之前收到的验证码不正确或已超过一小时', { proof: ['之前收到的验证码不正确或已超过一小时'] });
      return { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } };
    });
    renderForm();
    expect(screen.queryByLabelText('输入之前收到的验证码以继续')).toBeNull();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await expectToast('该手机号获取验证码次数过多，请一小时后再试');
    const proof = (await screen.findByLabelText('输入之前收到的验证码以继续')) as HTMLInputElement;
    fireEvent.change(proof, { target: { value: '111a111' } });
    expect(proof.value).toBe('111111');
    fireEvent.click(screen.getByRole('button', { name: '继续获取' }));
    expect(await screen.findByText('之前收到的验证码不正确或已超过一小时', { selector: '.ma-field-error' })).toBeTruthy();
    fireEvent.change(proof, { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: '继续获取' }));
    await expectToast('验证码已发送');
    expect(api.calls('POST /codes/').map((c) => c.body)).toEqual([
      { mobile: '13812345678', country_code: '86', reason: 'LOGIN' },
      { mobile: '13812345678', country_code: '86', reason: 'LOGIN', proof: '111111' },
      { mobile: '13812345678', country_code: '86', reason: 'LOGIN', proof: '246810' },
    ]);
    await waitFor(() => expect(screen.queryByLabelText('输入之前收到的验证码以继续')).toBeNull());
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
  });

  test("a server's phone error is shown under the phone", async () => {
    api.on('POST /codes/', apiError(400, 'invalid', '手机号格式不正确', { mobile: ['手机号格式不正确'] }));
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确', { selector: '.ma-field-error' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("'验证码发送失败' offers the mini-program login in an 8 s toast whose button opens it", async () => {
    api.on('POST /codes/', apiError(503, 'code_send_failed', '验证码发送失败，请稍后重试'));
    api.on('POST /qrcode/', { body: { status: 'update', token: 'tok-1', expire_time: 100 } });
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await expectToast('验证码发送失败，是否改用微信小程序登录？');
    const toast = document.querySelector('.kt-item')!;
    expect(toast.querySelector('.kt-action')?.textContent).toBe('确定');
    fireEvent.click(toast.querySelector('.kt-action')!);
    expect(await screen.findByRole('dialog', { name: '微信扫码登录' })).toBeTruthy();
  });

  test("'验证码发送失败' stays 8 s, then goes; inside the mini-program it is a plain error without the offer", async () => {
    api.on('POST /codes/', apiError(503, 'code_send_failed', '验证码发送失败，请稍后重试'));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      renderForm();
      fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await waitFor(() => expect(toastTexts()).toContain('验证码发送失败，是否改用微信小程序登录？'));
      act(() => jest.advanceTimersByTime(7_500));
      expect(toastTexts()).toContain('验证码发送失败，是否改用微信小程序登录？');
      act(() => jest.advanceTimersByTime(1_000));
      expect(toastTexts()).not.toContain('验证码发送失败，是否改用微信小程序登录？');
    } finally {
      jest.useRealTimers();
    }
    cleanup();
    clearToasts();
    (window as { __wxjs_environment?: string }).__wxjs_environment = 'miniprogram';
    try {
      renderForm();
      fireEvent.change(field('手机号'), { target: { value: '13900001111' } });
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await expectToast('验证码发送失败，请稍后重试');
      expect(toastTexts()).not.toContain('验证码发送失败，是否改用微信小程序登录？');
      expect(document.querySelector('.kt-action')).toBeNull();
    } finally {
      delete (window as { __wxjs_environment?: string }).__wxjs_environment;
    }
  });

  test("the agreement unchecked: '请同意服务协议'", async () => {
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    const box = screen.getByRole('checkbox');
    expect((box as HTMLInputElement).checked).toBe(true); // SPEC §3: agreed by default
    fireEvent.click(box);
    expect(appState$.value.agreePolicy).toBe(false);
    submit();
    expect(await screen.findByText('请同意服务协议')).toBeTruthy();
    expect(api.calls('POST /login-code/')).toHaveLength(0);
  });

  test("an active user logs in: POST /api/login-code/, '登录成功', user info stored, back to the saved path", async () => {
    api.on('POST /login-code/', { body: loginAnswer() });
    sessionStorage.setItem('redirect_path', '/app/articles/docs/detail/9');
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('验证码'), { target: { value: '654321' } });
    submit();
    const call = await waitForCall(api, 'POST /login-code/');
    expect(call.body).toEqual({ mobile: '13812345678', country_code: '86', code: '654321', platform: 3 });
    await expectToast('登录成功');
    expect(user$.value).toMatchObject({ uid: 42, is_active: 1 });
    expect(window.location.pathname).toBe('/app/articles/docs/detail/9');
  });

  test('a new account (inactive) goes to user info with from_reg, the path saved, and the activation dialog opens', async () => {
    api.on('POST /login-code/', { body: loginAnswer({ is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD', is_new: true }) });
    window.history.replaceState(null, '', '/app/user/login/code');
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('验证码'), { target: { value: '654321' } });
    submit();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/app/user/info/0?from_reg=true'));
    expect(getSession('redirectPath')).toBe('/app/user/login/code');
    expect(await screen.findByRole('dialog', { name: '完善账号信息' })).toBeTruthy();
  });

  test('an existing inactive account goes to user info without from_reg', async () => {
    api.on('POST /login-code/', { body: loginAnswer({ is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD', is_new: false }) });
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('验证码'), { target: { value: '654321' } });
    submit();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/app/user/info/0'));
  });

  test("a wrong code: the kernel's toast and the message under the code", async () => {
    api.on('POST /login-code/', apiError(400, 'invalid', '验证码错误或已过期', { code: ['验证码错误或已过期'] }));
    renderForm();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(field('验证码'), { target: { value: '000000' } });
    submit();
    expect(await screen.findByText('验证码错误或已过期', { selector: '.ma-field-error' })).toBeTruthy();
    expect(toastTexts()).toContain('验证码错误或已过期');
    expect(user$.value).toBeNull();
  });

  test('the links switch to the register form', () => {
    const onSwitch = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '注册账号' }));
    expect(onSwitch).toHaveBeenCalledWith('reg');
  });
});
