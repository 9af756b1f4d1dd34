import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { user$, type LoginFormType } from 'shared-kernel';
import { DialogHost } from '../src/dialogs/DialogHost';
import { AuthPanel } from '../src/forms/AuthPanel';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { expectToast, field, resetPage, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));

function renderForm(form: LoginFormType) {
  const onSwitch = jest.fn();
  render(
    <>
      <AuthPanel form={form} surface="inline" onSwitch={onSwitch} />
      <DialogHost />
    </>,
  );
  return onSwitch;
}

function fill(phone: string, code: string, password: string) {
  fireEvent.change(field('手机号'), { target: { value: phone } });
  fireEvent.change(field('验证码'), { target: { value: code } });
  fireEvent.change(screen.getByPlaceholderText('设置密码（至少8位，含数字和字母）'), { target: { value: password } });
}

describe('reg form', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: '注册' }));

  test('empty form: phone, code and password messages', async () => {
    renderForm('reg');
    submit();
    expect(await screen.findByText('请填写登录手机号')).toBeTruthy();
    expect(screen.getByText('验证码格式不正确')).toBeTruthy();
    expect(screen.getByText('密码应为至少8位数字字母组合')).toBeTruthy();
  });

  test("the agreement unchecked: '请同意服务协议'", async () => {
    renderForm('reg');
    fill('13812345678', '123456', 'abc12345');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await screen.findByText('请同意服务协议')).toBeTruthy();
  });

  test('the code is asked for with reason REGISTER', async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    renderForm('reg');
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await waitForCall(api, 'POST /codes/')).body.reason).toBe('REGISTER');
  });

  test("registers with the encrypted password: '注册成功', then user info with from_reg", async () => {
    api.on('POST /users/', { status: 201, body: loginAnswer({ uid: 99, is_new: true }) });
    renderForm('reg');
    fill('13812345678', '123456', 'NewPass99');
    submit();
    const call = await waitForCall(api, 'POST /users/');
    expect(call.body).toMatchObject({ username: '13812345678', country_code: '86', code: '123456', platform: 3 });
    expect(api.decrypt(call.body.password)).toBe('NewPass99');
    await expectToast('注册成功');
    expect(user$.value?.uid).toBe(99);
    expect(window.location.pathname + window.location.search).toBe('/app/user/info/0?from_reg=true');
  });

  test('a failure is the generic error toast with the server message', async () => {
    api.on('POST /users/', apiError(400, 'mobile_taken', '该手机号已注册，请直接登录', { username: ['该手机号已注册'] }));
    renderForm('reg');
    fill('13812345678', '123456', 'NewPass99');
    submit();
    await expectToast('该手机号已注册，请直接登录');
    expect(await screen.findByText('该手机号已注册')).toBeTruthy();
    expect(user$.value).toBeNull();
  });
});

describe('findpwd_mobile form', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: '重置密码' }));

  test('the code is asked for with reason FIND_PWD; there is no agreement', async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    renderForm('findpwd_mobile');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await waitForCall(api, 'POST /codes/')).body.reason).toBe('FIND_PWD');
  });

  test("PATCH /api/users/0/ modify_type 3; '密码修改成功，请重新登录', then the password login", async () => {
    api.on('PATCH /users/0/', { body: { detail: '密码修改成功，请重新登录', password_changed: true } });
    const onSwitch = renderForm('findpwd_mobile');
    fill('13812345678', '112233', 'Another1x');
    submit();
    const call = await waitForCall(api, 'PATCH /users/0/');
    expect(call.body).toMatchObject({ modify_type: 3, username: '13812345678', country_code: '86', code: '112233' });
    expect(api.decrypt(call.body.password)).toBe('Another1x');
    await expectToast('密码修改成功，请重新登录');
    expect(onSwitch).toHaveBeenCalledWith('login_mobile');
  });

  test('an unknown phone: the confirm dialog offers registration', async () => {
    api.on('PATCH /users/0/', apiError(400, 'account_not_found', '该手机号尚未注册', { username: ['该手机号尚未注册'] }));
    const onSwitch = renderForm('findpwd_mobile');
    fill('13812345678', '112233', 'Another1x');
    submit();
    const dialog = await screen.findByRole('dialog', { name: '手机号未注册' });
    expect(dialog.textContent).toContain('该手机号尚未注册，是否立即注册？');
    fireEvent.click(screen.getByRole('button', { name: '去注册' }));
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith('reg'));
  });

  test('the confirm dialog cancelled: the form stays', async () => {
    api.on('PATCH /users/0/', apiError(400, 'account_not_found', '该手机号尚未注册'));
    const onSwitch = renderForm('findpwd_mobile');
    fill('13812345678', '112233', 'Another1x');
    submit();
    await screen.findByRole('dialog', { name: '手机号未注册' });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '手机号未注册' })).toBeNull());
    expect(onSwitch).not.toHaveBeenCalled();
  });
});

describe('the consent line', () => {
  const terms = (title: string, content: string) => ({ title, version: '2.1', effective_date: '2026-01-01', content, update_time: '2026-01-01T02:00:00.000Z' });

  test('《用户协议》 and 《隐私政策》 open their texts over the form; closing keeps what was typed', async () => {
    api.on('GET /user-agreement/', { body: terms('用户服务协议', '第一条 总则\n\n第二条 <b>账号</b>') });
    api.on('GET /user-privacy/', { body: terms('隐私政策', '我们如何收集信息') });
    renderForm('reg');
    fill('138 1234 5678', '123456', 'abc12345');
    const link = screen.getByRole('link', { name: '《用户协议》' });
    expect(link.getAttribute('href')).toBe('/app/site/user_agreement');
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: '用户服务协议' });
    expect(await within(dialog).findByText('第二条 <b>账号</b>')).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('版本 2.1 · 2026-01-01 起生效')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((field('手机号') as HTMLInputElement).value).toBe('138 1234 5678');
    expect((field('验证码') as HTMLInputElement).value).toBe('123456');
    expect(window.location.pathname).not.toBe('/app/site/user_agreement');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: '《隐私政策》' }));
    const privacy = await screen.findByRole('dialog', { name: '隐私政策' });
    expect(await within(privacy).findByText('我们如何收集信息')).toBeTruthy();
    fireEvent.keyDown(privacy, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((field('手机号') as HTMLInputElement).value).toBe('138 1234 5678');
  });

  test('a text that cannot be loaded says why and offers a retry', async () => {
    api.on('GET /user-agreement/', { status: 404, body: { message: '内容暂未发布', code: 'not_found' } });
    renderForm('reg');
    fireEvent.click(screen.getByRole('link', { name: '《用户协议》' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('内容暂未发布')).toBeTruthy();
    api.on('GET /user-agreement/', { body: terms('用户服务协议', '第一条 总则') });
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await within(dialog).findByText('第一条 总则')).toBeTruthy();
  });
});
