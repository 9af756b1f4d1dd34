import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { setTheme, theme$, user$ } from 'shared-kernel';
import type { FakeApi } from 'shared-kernel/testing';
import { closeAll, logIn, open, page, resetPage } from './support/coins';
import { decrypt, device, me, proofRequired, startSettingsApi } from './support/settings';

// user/setting-items and user/setting/account/*: the settings pages on the fake API.
let api: FakeApi;
beforeAll(async () => {
  api = await startSettingsApi();
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logIn();
  api.on('GET /users/0/', { body: me() });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(async () => {
  await closeAll();
  jest.restoreAllMocks();
});

const A = '/app/user/setting/account';
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const toasts = () => document.body.textContent ?? '';

/** Passes the proof step with the password; answers the account-proof request. */
async function proveByPassword(q: ReturnType<typeof within>, password = 'abc12345') {
  api.on('POST /account-proof/', { body: { detail: '身份验证成功', valid_seconds: 600 } });
  type(await q.findByLabelText('登录密码'), password);
  fireEvent.click(q.getByRole('button', { name: '验证' }));
  await waitFor(() => expect(api.calls('POST /account-proof/')).toHaveLength(1));
  expect(decrypt(api.calls('POST /account-proof/')[0].body.password)).toBe(password);
}

test('the hub links to the account page, the devices, the login history, the security questions and the site texts', async () => {
  const q = within((await open('/app/user/setting-items')).host);
  expect((await q.findByRole('link', { name: /账号与安全/ })).getAttribute('href')).toBe(`${A}/account-item`);
  expect(q.getByRole('link', { name: /登录设备管理/ }).getAttribute('href')).toBe(`${A}/devices`);
  expect(q.getByRole('link', { name: '登录记录' }).getAttribute('href')).toBe(`${A}/devices?tab=history`);
  expect(q.getByRole('link', { name: '密保问题' }).getAttribute('href')).toBe(`${A}/pwd_protection`);
  expect(q.getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe('/app/site/user_agreement');
  expect(q.queryByText('建设中')).toBeNull();
});

test("the hub's 深色模式 switch changes the kernel's theme, and shows the theme another app set", async () => {
  setTheme('light');
  const q = within((await open('/app/user/setting-items')).host);
  const toggle = await q.findByRole('switch', { name: /深色模式/ });
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  fireEvent.click(toggle);
  expect(theme$.value).toBe('dark');
  await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  expect(toggle.textContent).toContain('深色');
  act(() => setTheme('light'));
  await waitFor(() => expect(toggle.textContent).toContain('浅色'));
});

test('the account page: the masked phone, what is bound and not with its link; unbinding WeChat asks for a fresh proof first', async () => {
  api.on('GET /trd-account-bind/', page([{ id: 5, provider: 'weixin', nickname: '微信小明', avatar: '', create_time: '2026-11-01T00:00:00Z' }]));
  let unbinds = 0;
  api.on('DELETE /trd-account-bind/weixin/', () => (++unbinds === 1 ? proofRequired : { status: 204 }));
  const q = within((await open(`${A}/account-item`)).host);
  expect(await q.findByText('138****5678')).toBeTruthy();
  expect(q.getByRole('link', { name: '更换' }).getAttribute('href')).toBe(`${A}/mobile`);
  expect(q.getByRole('link', { name: '去绑定' }).getAttribute('href')).toBe(`${A}/bind-email`);
  expect(q.getByRole('link', { name: '修改' }).getAttribute('href')).toBe(`${A}/change-pwd`);
  expect(await q.findByText('微信小明')).toBeTruthy();
  expect(q.getByRole('button', { name: '去绑定' })).toBeTruthy(); // Alipay
  fireEvent.click(q.getByRole('button', { name: '解绑' }));
  await proveByPassword(q);
  await waitFor(() => expect(unbinds).toBe(2));
  await waitFor(() => expect(toasts()).toContain('已解绑微信'));
});

test('the last way in cannot be unbound: the API refusal is told in Chinese', async () => {
  api.on('GET /trd-account-bind/', page([{ id: 5, provider: 'alipay', nickname: '', avatar: '', create_time: '2026-11-01T00:00:00Z' }]));
  api.on('DELETE /trd-account-bind/alipay/', { status: 400, body: { message: '这是您唯一的登录方式，请先绑定手机号再解绑', code: 'last_login_method' } });
  api.on('GET /users/0/', { body: me({ mobile: null, country_code: null }) });
  const q = within((await open(`${A}/account-item`)).host);
  fireEvent.click(await q.findByRole('button', { name: '解绑' }));
  await waitFor(() => expect(toasts()).toContain('这是您唯一的登录方式'));
  expect(q.getAllByRole('link', { name: '去绑定' })[0].getAttribute('href')).toBe(`${A}/bind-mobile`);
});

test('change the phone: a code to the old phone proves it, then the new phone with its code (SPEC §5 messages)', async () => {
  api.on('POST /codes/self/', { body: { detail: '验证码已发送至你绑定的手机' } });
  api.on('POST /account-proof/', { body: { detail: '身份验证成功', valid_seconds: 600 } });
  api.on('POST /codes/', { body: { detail: '验证码已发送' } });
  api.on('POST /change-mobile/', { body: me({ mobile: '139****0000' }) });
  const q = within((await open(`${A}/mobile`)).host);
  expect(await q.findByText('当前绑定的手机号：138****5678')).toBeTruthy();
  fireEvent.click(q.getByRole('tab', { name: '短信验证码' }));
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(api.calls('POST /codes/self/')).toHaveLength(1));
  expect(await q.findByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
  fireEvent.click(q.getByRole('button', { name: '验证' }));
  expect(await q.findByText('验证码格式不正确')).toBeTruthy();
  type(q.getByLabelText('验证码'), '12a3456');
  fireEvent.click(q.getByRole('button', { name: '验证' }));
  await waitFor(() => expect(api.calls('POST /account-proof/')[0]?.body).toEqual({ code: '123456' }));

  const phone = await q.findByLabelText('新手机号');
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  expect(await q.findByText('手机号不能为空')).toBeTruthy();
  type(phone, '13900000000');
  expect((phone as HTMLInputElement).value).toBe('139 0000 0000');
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(api.calls('POST /codes/')[0]?.body).toEqual({ mobile: '13900000000', country_code: '86', reason: 'REGISTER' }));
  type(q.getByLabelText('验证码'), '654321');
  fireEvent.click(q.getByRole('button', { name: '确认更换' }));
  await waitFor(() => expect(api.calls('POST /change-mobile/')[0]?.body).toEqual({ mobile: '13900000000', country_code: '86', code: '654321' }));
  await waitFor(() => expect(window.location.pathname).toBe(`${A}/account-item`));
  expect(user$.value?.userinfo).toMatchObject({ mobile: '139****0000' });
});

test('bind an e-mail: the proof, the address checked (邮箱格式不正确), a code by mail, then bound', async () => {
  api.on('POST /email-verify/', { body: { detail: '验证码已发送至邮箱' } });
  api.on('POST /email-change/', { body: me({ email: 'us****@example.com' }) });
  const q = within((await open(`${A}/bind-email`)).host);
  expect(await q.findByText('您还未绑定邮箱')).toBeTruthy();
  await proveByPassword(q);
  const email = await q.findByLabelText('邮箱');
  type(email, 'not-an-email');
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  expect(await q.findByText('邮箱格式不正确')).toBeTruthy();
  expect(api.calls('POST /email-verify/')).toHaveLength(0);
  type(email, 'user@example.com');
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(api.calls('POST /email-verify/')[0]?.body).toEqual({ email: 'user@example.com', action: 'bind' }));
  type(q.getByLabelText('验证码'), '111222');
  fireEvent.click(q.getByRole('button', { name: '绑定邮箱' }));
  await waitFor(() => expect(api.calls('POST /email-change/')[0]?.body).toEqual({ email: 'user@example.com', code: '111222', action: 'bind' }));
  await waitFor(() => expect(toasts()).toContain('邮箱绑定成功'));
});

test('unbind the e-mail: the code goes to the bound address; a wrong code is shown on its field', async () => {
  api.on('GET /users/0/', { body: me({ email: 'us****@example.com' }) });
  api.on('POST /email-verify/', { body: { detail: '验证码已发送至邮箱' } });
  api.on('POST /email-change/', { status: 400, body: { message: '验证码错误或已过期', code: 'invalid', errors: { code: ['验证码错误或已过期'] } } });
  const q = within((await open(`${A}/unbind-email`)).host);
  expect(await q.findByText('当前绑定的邮箱：us****@example.com')).toBeTruthy();
  await proveByPassword(q);
  fireEvent.click(await q.findByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(api.calls('POST /email-verify/')[0]?.body).toEqual({ action: 'unbind' }));
  type(q.getByLabelText('验证码'), '123456');
  fireEvent.click(q.getByRole('button', { name: '确认解绑' }));
  expect(await q.findByText('验证码错误或已过期')).toBeTruthy();
});

test('a proof that ran out on the way: the page asks for it again', async () => {
  api.on('POST /email-verify/', { body: { detail: '验证码已发送至邮箱' } });
  api.on('POST /email-change/', proofRequired);
  api.on('GET /users/0/', { body: me({ email: 'us****@example.com' }) });
  const q = within((await open(`${A}/change-email`)).host);
  await proveByPassword(q);
  type(await q.findByLabelText('新邮箱'), 'a@example.com');
  type(q.getByLabelText('验证码'), '123456');
  fireEvent.click(q.getByRole('button', { name: '确认更换' }));
  expect(await q.findByRole('heading', { name: '验证身份' })).toBeTruthy();
});

test('change the password: SPEC §5 rule, the two entries must match; on success 密码修改成功，请重新登录 and off to log in', async () => {
  api.on('PATCH /users/0/', { body: { detail: '密码修改成功，请重新登录', password_changed: true } });
  const q = within((await open(`${A}/change-pwd`)).host);
  type(await q.findByLabelText('原密码'), 'old12345');
  type(q.getByLabelText('新密码'), 'short');
  type(q.getByLabelText('确认新密码'), 'other');
  fireEvent.click(q.getByRole('button', { name: '确认修改' }));
  expect(await q.findByText('密码应为至少8位数字字母组合')).toBeTruthy();
  expect(q.getByText('两次输入的密码不一致')).toBeTruthy();
  type(q.getByLabelText('新密码'), 'new12345');
  type(q.getByLabelText('确认新密码'), 'new12345');
  fireEvent.click(q.getByRole('button', { name: '确认修改' }));
  await waitFor(() => expect(api.calls('PATCH /users/0/')).toHaveLength(1));
  const body = api.calls('PATCH /users/0/')[0].body;
  expect(body.modify_type).toBe(2);
  expect(decrypt(body.old_password)).toBe('old12345');
  expect(decrypt(body.password)).toBe('new12345');
  await waitFor(() => expect(toasts()).toContain('密码修改成功，请重新登录'));
  expect(user$.value).toBeNull();
  expect(window.location.pathname).toBe('/app/user/login/mobile');
});

test('an account without a password proves itself by a code, then sets one (no old password asked)', async () => {
  api.on('GET /users/0/', { body: me({ has_password: false }) });
  api.on('POST /codes/self/', { body: { detail: '验证码已发送至你绑定的手机' } });
  api.on('POST /account-proof/', { body: { detail: '身份验证成功', valid_seconds: 600 } });
  const q = within((await open(`${A}/pwd`)).host);
  expect(await q.findByText(/还没有登录密码/)).toBeTruthy();
  expect(q.queryByRole('tab')).toBeNull();
  type(q.getByLabelText('验证码'), '123456');
  fireEvent.click(q.getByRole('button', { name: '验证' }));
  expect(await q.findByLabelText('新密码')).toBeTruthy();
  expect(q.queryByLabelText('原密码')).toBeNull();
});

test('security questions: what they are for, the proof, three different questions with answers, then saved', async () => {
  const questions = [1, 2, 3, 4].map((id) => ({ id, question: `问题${id}？`, selected: false }));
  api.on('GET /pwd_protection_question/', page(questions));
  api.on('POST /pwd_protection_answer/', { status: 201, body: { detail: '密保问题设置成功' } });
  const q = within((await open(`${A}/pwd_protection`)).host);
  expect(await q.findByText(/客服/)).toBeTruthy();
  await proveByPassword(q);
  const selects = await q.findAllByRole('combobox');
  expect(selects).toHaveLength(3);
  fireEvent.change(selects[0], { target: { value: '1' } });
  fireEvent.change(selects[1], { target: { value: '1' } });
  fireEvent.change(selects[2], { target: { value: '3' } });
  type(q.getByLabelText('答案 1'), '北京');
  type(q.getByLabelText('答案 2'), '猫');
  fireEvent.click(q.getByRole('button', { name: '保存密保问题' }));
  expect(await q.findByText('请选择不同的密保问题')).toBeTruthy();
  expect(q.getByText('请填写答案')).toBeTruthy();
  fireEvent.change(selects[1], { target: { value: '2' } });
  type(q.getByLabelText('答案 3'), '一中');
  fireEvent.click(q.getByRole('button', { name: '保存密保问题' }));
  await waitFor(() =>
    expect(api.calls('POST /pwd_protection_answer/')[0]?.body).toEqual({
      answers: [{ question_id: 1, answer: '北京' }, { question_id: 2, answer: '猫' }, { question_id: 3, answer: '一中' }],
    }),
  );
});

test('devices: this one marked, sign another out, sign all others out; the history tab names each event', async () => {
  const list = [device({ id: 1, current: true, device: 'Mac 电脑' }), device({ id: 2, device: 'iPhone' }), device({ id: 3, device: 'Android 手机' })];
  api.on('GET /login-devices/', () => page(list));
  api.on('DELETE /login-devices/2/', () => {
    list.splice(1, 1);
    return { status: 204 };
  });
  api.on('POST /login-devices/sign-out-others/', () => {
    list.splice(1);
    return { body: { detail: '已下线其他 1 台设备', count: 1 } };
  });
  api.on('GET /login-history/', page([
    device({ id: 9, action: 'change_password' }),
    device({ id: 8, action: 'login', login_type: 2 }),
  ]));
  const q = within((await open(`${A}/devices`)).host);
  const rows = await q.findAllByTestId('device');
  expect(rows).toHaveLength(3);
  expect(within(rows[0]).getByText('本机')).toBeTruthy();
  expect(within(rows[0]).queryByRole('button', { name: '下线' })).toBeNull();
  fireEvent.click(within(rows[1]).getByRole('button', { name: '下线' }));
  await waitFor(() => expect(q.getAllByTestId('device')).toHaveLength(2));
  fireEvent.click(q.getByRole('button', { name: '下线其他所有设备' }));
  await waitFor(() => expect(q.getAllByTestId('device')).toHaveLength(1));
  expect(toasts()).toContain('已下线其他 1 台设备');
  expect(q.getByText('没有其他登录设备')).toBeTruthy();

  fireEvent.click(q.getByRole('tab', { name: '登录记录' }));
  const history = await q.findAllByTestId('history');
  expect(history[0].textContent).toContain('修改登录密码');
  expect(history[1].textContent).toContain('登录 · 短信验证码');
  expect(api.calls('GET /login-history/')[0].query.get('ordering')).toBe('-create_time');
  expect(window.location.search).toBe('?tab=history');
});

test('delete the account: what happens, an explicit agreement, a fresh proof; then logged out with the date', async () => {
  api.on('GET /trd-account-bind/', page([]));
  api.on('POST /users-delete/', { body: { detail: '已申请注销', delete_time: '2026-12-10T02:00:00.000Z' } });
  const q = within((await open(`${A}/account-item`)).host);
  fireEvent.click(await q.findByRole('button', { name: '注销账号' }));
  expect(q.getByText(/15 天冷静期/)).toBeTruthy();
  expect(q.getByText(/已注销用户/)).toBeTruthy();
  expect(q.getByText(/金币将作废/)).toBeTruthy();
  expect(q.getByText(/订单和支付记录/)).toBeTruthy();
  type(q.getByLabelText('登录密码'), 'abc12345');
  fireEvent.click(q.getByRole('button', { name: '申请注销' }));
  expect(await q.findByText('请先确认您已了解注销须知')).toBeTruthy();
  expect(api.calls('POST /users-delete/')).toHaveLength(0);
  fireEvent.click(q.getByLabelText('我已了解以上内容，确认注销'));
  fireEvent.click(q.getByRole('button', { name: '申请注销' }));
  await waitFor(() => expect(api.calls('POST /users-delete/')).toHaveLength(1));
  expect(decrypt(api.calls('POST /users-delete/')[0].body.password)).toBe('abc12345');
  await waitFor(() => expect(toasts()).toContain('2026-12-10'));
  expect(user$.value).toBeNull();
});
