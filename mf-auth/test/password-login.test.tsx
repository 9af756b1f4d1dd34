import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { navigate, on, user$ } from 'shared-kernel';
import { DialogHost } from '../src/dialogs/DialogHost';
import { AuthPanel } from '../src/forms/AuthPanel';
import { apiError, loginAnswer, PNG, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, field, resetPage, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));

function renderForm() {
  const onSwitch = jest.fn();
  render(
    <>
      <AuthPanel form="login_mobile" surface="inline" onSwitch={onSwitch} />
      <DialogHost />
    </>,
  );
  return onSwitch;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

function fill(phone: string, password: string) {
  fireEvent.change(field('手机号'), { target: { value: phone } });
  fireEvent.change(field('密码'), { target: { value: password } });
}

describe('login_mobile form (account and password)', () => {
  test('empty form: the phone and password messages of SPEC §5', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('请填写登录手机号')).toBeTruthy();
    expect(screen.getByText('密码应为至少8位数字字母组合')).toBeTruthy();
  });

  test.each(['short1', 'onlyletters', '12345678'])("the password '%s' breaks the rule", async (password) => {
    renderForm();
    fill('13812345678', password);
    submit();
    expect(await screen.findByText('密码应为至少8位数字字母组合')).toBeTruthy();
    expect(api.calls('POST /token/')).toHaveLength(0);
  });

  test("the agreement unchecked: '您还未同意用户协议和隐私政策'", async () => {
    renderForm();
    fill('13812345678', 'abc12345');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await screen.findByText('您还未同意用户协议和隐私政策')).toBeTruthy();
  });

  test("the password leaves the page RSA-OAEP encrypted; '登录成功' and the user is stored", async () => {
    api.on('POST /token/', { body: loginAnswer({ uid: 7, nickname: '老王', staff_roles: ['reviewer'] }) });
    window.history.replaceState(null, '', '/app/user/login/mobile');
    renderForm();
    fill('138 1234 5678', 'Secret123密');
    submit();
    const call = await waitForCall(api, 'POST /token/');
    expect(call.body).toMatchObject({ username: '13812345678', country_code: '86', login_type: 1, platform: 3 });
    expect(call.body.password).not.toContain('Secret123');
    expect(api.decrypt(call.body.password)).toBe('Secret123密');
    await expectToast('登录成功');
    expect(user$.value).toMatchObject({ uid: 7, nickname: '老王', is_active: 1, staff_roles: ['reviewer'] }); // the staff roles kept
    expect(window.location.pathname).toBe('/'); // inline, with no saved path: the home page
  });

  test('when the shell has already taken the user back to the saved page, the form leaves them there', async () => {
    api.on('POST /token/', { body: loginAnswer({ uid: 7 }) });
    window.history.replaceState(null, '', '/app/user/login/mobile');
    // what the shell does on user:changed for a person on a login page with a saved path
    const off = on('user:changed', ({ user }) => user && navigate('/app/articles/docs/detail/3?from=guard', { replace: true }));
    try {
      renderForm();
      fill('13812345678', 'abc12345');
      submit();
      await expectToast('登录成功');
      expect(window.location.pathname + window.location.search).toBe('/app/articles/docs/detail/3?from=guard');
    } finally {
      off();
    }
  });

  test("a wrong password: the server's message, and the user stays logged out", async () => {
    api.on('POST /token/', apiError(400, 'invalid', '手机号或密码错误', { non_field_errors: ['手机号或密码错误'] }));
    renderForm();
    fill('13812345678', 'abc12345');
    submit();
    await expectToast('手机号或密码错误');
    expect(user$.value).toBeNull();
  });

  test('when the API asks for the image captcha, it is shown and sent with the next try', async () => {
    api.on('POST /token/', apiError(400, 'captcha_required', '请输入图形验证码', { captcha_value: ['请输入图形验证码'] }));
    api.on('GET /captcha/login/', { body: { repCode: '0000', repMsg: '成功', captcha_key: 'key-1', captcha_image: PNG, expiresIn: 300 } });
    renderForm();
    fill('13812345678', 'abc12345');
    submit();
    expect(await screen.findByRole('img', { name: /图形验证码/ })).toBeTruthy();
    expect(screen.getByText('请输入图形验证码', { selector: '.ma-field-error' })).toBeTruthy();
    await waitForCall(api, 'GET /captcha/login/');
    expect(api.calls('GET /captcha/login/')[0].query.get('clientUid')).toMatch(/^web-[0-9a-f]{24}$/);

    submit(); // still empty
    expect(await screen.findByText('请输入图形验证码', { selector: '.ma-field-error' })).toBeTruthy();
    expect(api.calls('POST /token/')).toHaveLength(1);

    api.on('POST /token/', { body: loginAnswer() });
    fireEvent.change(field('图形验证码'), { target: { value: 'AB3D' } });
    submit();
    const second = await waitForCall(api, 'POST /token/', 2);
    expect(second.body).toMatchObject({ captcha_key: 'key-1', captcha_value: 'AB3D' });
    await expectToast('登录成功');
  });

  test('a wrong password that reaches the limit shows the image captcha at once', async () => {
    api.on('POST /token/', {
      status: 400,
      body: { message: '手机号或密码错误', code: 'invalid', errors: { non_field_errors: ['手机号或密码错误'] }, captcha_required: true },
    });
    api.on('GET /captcha/login/', { body: { repCode: '0000', repMsg: '成功', captcha_key: 'key-2', captcha_image: PNG, expiresIn: 300 } });
    renderForm();
    fill('13812345678', 'abc12345');
    submit();
    expect(await screen.findByRole('img', { name: /图形验证码/ })).toBeTruthy();
    await expectToast('手机号或密码错误');
  });

  test('a wrong password below the limit shows no captcha', async () => {
    api.on('POST /token/', apiError(400, 'invalid', '手机号或密码错误', { non_field_errors: ['手机号或密码错误'] }));
    renderForm();
    fill('13812345678', 'abc12345');
    submit();
    await expectToast('手机号或密码错误');
    expect(screen.queryByRole('img', { name: /图形验证码/ })).toBeNull();
    expect(api.calls('GET /captcha/login/')).toHaveLength(0);
  });

  test('clicking the captcha picture gets a new one', async () => {
    api.on('POST /token/', apiError(400, 'captcha_required', '请输入图形验证码'));
    api.on('GET /captcha/login/', { body: { repCode: '0000', repMsg: '成功', captcha_key: 'k', captcha_image: PNG, expiresIn: 300 } });
    renderForm();
    fill('13812345678', 'abc12345');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: /图形验证码/ }));
    await waitFor(() => expect(api.calls('GET /captcha/login/').length).toBeGreaterThanOrEqual(2));
  });

  test('the password can be shown and hidden', () => {
    renderForm();
    const input = field('密码');
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });

  test('forgot password and register links', () => {
    const onSwitch = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '忘记密码？' }));
    expect(onSwitch).toHaveBeenLastCalledWith('findpwd_mobile');
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    expect(onSwitch).toHaveBeenLastCalledWith('login_code');
  });
});
