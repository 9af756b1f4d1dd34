import { fireEvent, waitFor, within } from '@testing-library/react';
import type { FakeApi } from 'shared-kernel/testing';
import { decrypt, quote, startCoinApi, withdrawal } from './support/coins';
import { closeAll, expectToast, logIn, open, resetPage, waitForCall } from './support/pay';

// user/pay/withdraw: GET /api/withdraw/extra_withdraw_coin/, then POST /api/withdraw/ with a password or SMS-code proof.
let api: FakeApi;
beforeAll(async () => {
  api = await startCoinApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logIn();
  api.on('GET /withdraw/extra_withdraw_coin/', { body: quote() });
});
afterEach(closeAll);

const PAGE = '/app/user/pay/withdraw';

async function openForm() {
  const view = await open(PAGE);
  const q = within(view.host);
  await q.findByRole('form', { name: '申请提现' });
  const type = (label: string, value: string) => fireEvent.change(q.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(q.getByRole('button', { name: '提交提现申请' }));
  return { view, q, type, submit };
}

test('the quote: withdrawable with its yuan, the buckets, limits, fee, today, the next release and why not more', async () => {
  const { q } = await openForm();
  expect(q.getByTestId('withdrawable').textContent).toBe('4,000 金币');
  expect(q.getByText('≈ ¥40.00')).toBeTruthy();
  expect(q.getByText('冻结中 300 金币')).toBeTruthy();
  expect(q.getByText('单笔 100 - 3,000 金币')).toBeTruthy();
  expect(q.getByText('手续费 0.6%，最低 1 金币')).toBeTruthy();
  expect(q.getByText('今日已提现 1 / 3 次')).toBeTruthy();
  expect(q.getByText(/^300 金币将于 2026-11-30 \d\d:00 解冻$/)).toBeTruthy();
  expect(within(q.getByTestId('reasons')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['300 金币在冻结期内，解冻后可提现', '1000 金币正在结算中']);
});

test('the amount takes digits only; 全部提现 fills the most one withdrawal may take; the fee and what arrives follow', async () => {
  const { q, type } = await openForm();
  type('提现金币', '12a3');
  expect((q.getByLabelText('提现金币') as HTMLInputElement).value).toBe('123');
  expect(q.getByTestId('fee-line').textContent).toBe('手续费 1 金币，预计到账 ¥1.22');
  fireEvent.click(q.getByRole('button', { name: '全部提现' }));
  expect((q.getByLabelText('提现金币') as HTMLInputElement).value).toBe('3000');
  expect(q.getByTestId('fee-line').textContent).toBe('手续费 18 金币，预计到账 ¥29.82');
});

test('the form says what is wrong in Chinese and sends nothing', async () => {
  const { q, type, submit } = await openForm();
  submit();
  expect(await q.findByText('请输入提现金币数')).toBeTruthy();
  expect(q.getByText('请填写支付宝账号')).toBeTruthy();
  expect(q.getByText('请填写支付宝账号的真实姓名')).toBeTruthy();
  expect(q.getByText('请输入登录密码')).toBeTruthy();
  expect(q.getByLabelText('提现金币').getAttribute('aria-invalid')).toBe('true');
  type('提现金币', '50');
  submit();
  expect(await q.findByText('单笔最少提现 100 金币')).toBeTruthy();
  type('提现金币', '4500');
  submit();
  expect(await q.findByText('超出可提现金币，最多可提现 4,000 金币')).toBeTruthy();
  type('提现金币', '3500');
  submit();
  expect(await q.findByText('单笔最多提现 3,000 金币')).toBeTruthy();
  for (const bad of ['138 1234 5678', '138-1234', 'a@b', '1234']) {
    type('支付宝账号', bad);
    submit();
    expect(await q.findByText('支付宝账号为手机号（仅数字）或邮箱')).toBeTruthy();
  }
  type('真实姓名', '李');
  submit();
  expect(await q.findByText('请填写支付宝账号的真实姓名')).toBeTruthy();
  expect(api.calls('POST /withdraw/')).toHaveLength(0);
});

test('to Alipay: the request with the account, the name and the password RSA-encrypted; then 提现记录', async () => {
  api.on('POST /withdraw/', { status: 201, body: withdrawal() });
  const { q, type, submit } = await openForm();
  expect(q.queryByRole('button', { name: '获取验证码' })).toBeNull(); // the password is the proof unless the code is chosen
  type('提现金币', '1000');
  type('支付宝账号', '13812345678');
  type('真实姓名', '李白');
  type('登录密码', 'abc12345');
  submit();
  const call = await waitForCall(api, 'POST /withdraw/');
  const { proof, ...rest } = call.body as { proof: { type: string; password: string } };
  expect(rest).toEqual({ coins: 1000, channel: 'alipay', alipay_account: '13812345678', real_name: '李白' });
  expect(proof.type).toBe('password');
  expect(proof.password).not.toBe('abc12345');
  expect(decrypt(proof.password)).toBe('abc12345');
  await expectToast('提现申请已提交');
  await waitFor(() => expect(location.pathname).toBe('/app/user/pay/withdraw_history'));
});

test('the proof may be an SMS code to my own phone: 获取验证码 asks POST /api/codes/self/, then waits 60 s', async () => {
  api.on('POST /codes/self/', { body: { detail: '验证码已发送至你绑定的手机' } });
  api.on('POST /withdraw/', { status: 201, body: withdrawal() });
  const { q, type, submit } = await openForm();
  fireEvent.click(q.getByLabelText('用短信验证码验证'));
  expect(q.queryByLabelText('登录密码')).toBeNull();
  type('提现金币', '1000');
  type('支付宝账号', '13812345678');
  type('真实姓名', '李白');
  submit();
  expect(await q.findByText('请输入 6 位短信验证码')).toBeTruthy();
  expect(api.calls('POST /withdraw/')).toHaveLength(0);
  fireEvent.click(q.getByRole('button', { name: '获取验证码' }));
  await waitForCall(api, 'POST /codes/self/');
  await expectToast('验证码已发送至你绑定的手机');
  expect((q.getByRole('button', { name: /秒后重新获取$/ }) as HTMLButtonElement).disabled).toBe(true);
  type('短信验证码', '123456');
  submit();
  const call = await waitForCall(api, 'POST /withdraw/');
  expect((call.body as { proof: unknown }).proof).toEqual({ type: 'code', code: '123456' });
});

test('an e-mail is an Alipay account too', async () => {
  api.on('POST /withdraw/', { status: 201, body: withdrawal() });
  const { type, submit } = await openForm();
  type('提现金币', '200');
  type('支付宝账号', 'libai@example.com');
  type('真实姓名', 'Li Bai');
  type('登录密码', 'abc12345');
  submit();
  expect((await waitForCall(api, 'POST /withdraw/')).body.alipay_account).toBe('libai@example.com');
});

test('WeChat without a WeChat binding: disabled, with the reason', async () => {
  const { q } = await openForm();
  const wx = q.getByRole('radio', { name: '微信' }) as HTMLInputElement;
  expect(wx.disabled).toBe(true);
  expect(q.getByText('请先用微信登录绑定微信').id).toBe(wx.getAttribute('aria-describedby'));
  expect((q.getByRole('radio', { name: '支付宝' }) as HTMLInputElement).checked).toBe(true);
});

test('to WeChat once bound: no Alipay fields, and none sent', async () => {
  api.on('GET /withdraw/extra_withdraw_coin/', { body: quote({ channels: { alipay: true, wxpay: true } }) });
  api.on('POST /withdraw/', { status: 201, body: withdrawal({ channel: 'wxpay' }) });
  const { q, type, submit } = await openForm();
  expect(q.queryByText('请先用微信登录绑定微信')).toBeNull();
  fireEvent.click(q.getByRole('radio', { name: '微信' }));
  expect(q.queryByLabelText('支付宝账号')).toBeNull();
  type('提现金币', '500');
  type('登录密码', 'abc12345');
  submit();
  const call = await waitForCall(api, 'POST /withdraw/');
  expect(Object.keys(call.body).sort()).toEqual(['channel', 'coins', 'proof']);
  expect(call.body.channel).toBe('wxpay');
});

test("a refusal shows the API's Chinese message and the form stays", async () => {
  api.on('POST /withdraw/', { status: 400, body: { message: '密码错误', code: 'bad_proof' } });
  const { q, type, submit } = await openForm();
  type('提现金币', '500');
  type('支付宝账号', '13812345678');
  type('真实姓名', '李白');
  type('登录密码', 'wrong1234');
  submit();
  await expectToast('密码错误');
  expect(location.pathname).toBe(PAGE);
  await waitFor(() => expect((q.getByRole('button', { name: '提交提现申请' }) as HTMLButtonElement).disabled).toBe(false));
});

test('a quote that cannot be had: its message and a retry', async () => {
  api.on('GET /withdraw/extra_withdraw_coin/', { status: 500, body: { message: '服务器开小差了' } });
  const view = await open(PAGE);
  expect(await within(view.host).findByText('服务器开小差了')).toBeTruthy();
  api.on('GET /withdraw/extra_withdraw_coin/', { body: quote() });
  fireEvent.click(within(view.host).getByRole('button', { name: '重试' }));
  expect(await within(view.host).findByRole('form', { name: '申请提现' })).toBeTruthy();
});
