import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, expectToast, logInStaff, open, resetPage, waitForCall } from './support/admin';

// admin/settings/{coins,pay,uploads}: GET the stored rules, PATCH only what changed, the API's bounds and messages.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['admin']);
});
afterEach(closeAll);

const COINS = {
  coin_value_fen: 1, uploader_share_bp: 7000, freeze_days: 7, min_withdraw_coins: 1000, max_withdraw_coins: 500000, daily_withdraw_count: 3,
  fee_rate_bp: 60, fee_min_coins: 1, auto_approve_max_coins: 0, auto_approve_min_account_days: 30, update_time: '2026-11-20T08:00:00.000Z',
};

test('coin rules: shown, only the changed field is sent, the stored answer is shown', async () => {
  api.on('GET /staff/settings/coins/', { body: COINS });
  api.on('PATCH /staff/settings/coins/', { body: { ...COINS, freeze_days: 3 } });
  const view = await open('/app/admin/settings/coins');
  const q = within(view.host);
  const freeze = (await q.findByLabelText('收益冻结天数')) as HTMLInputElement;
  expect(freeze.value).toBe('7');
  expect((q.getByLabelText('上传者分成（万分之几）') as HTMLInputElement).value).toBe('7000');
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await expectToast('没有改动');
  expect(api.calls('PATCH /staff/settings/coins/')).toHaveLength(0);
  fireEvent.change(freeze, { target: { value: '3' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect((await waitForCall(api, 'PATCH /staff/settings/coins/')).body).toEqual({ freeze_days: 3 });
  await expectToast('已保存');
});

test('a value that is no whole number is refused on the page; the API\'s 400 is toasted and the input kept', async () => {
  api.on('GET /staff/settings/coins/', { body: COINS });
  api.on('PATCH /staff/settings/coins/', { status: 400, body: { message: '冻结天数应为 0 到 90 天', code: 'invalid' } });
  const view = await open('/app/admin/settings/coins');
  const q = within(view.host);
  const freeze = (await q.findByLabelText('收益冻结天数')) as HTMLInputElement;
  fireEvent.change(freeze, { target: { value: '3.5' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect(q.getByText('收益冻结天数应为整数')).toBeTruthy();
  expect(api.calls('PATCH /staff/settings/coins/')).toHaveLength(0);
  fireEvent.change(freeze, { target: { value: '900' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await expectToast('冻结天数应为 0 到 90 天');
  expect(freeze.value).toBe('900');
});

test('pay settings: order time, guest and re-download days', async () => {
  api.on('GET /staff/settings/pay/', { body: { order_ttl_minutes: 15, guest_access_days: 7, redownload_days: 365, update_time: '2026-11-20T08:00:00.000Z' } });
  api.on('PATCH /staff/settings/pay/', { body: { order_ttl_minutes: 30, guest_access_days: 7, redownload_days: 365, update_time: '2026-11-24T08:00:00.000Z' } });
  const view = await open('/app/admin/settings/pay');
  const q = within(view.host);
  fireEvent.change(await q.findByLabelText('未支付订单关闭时间（分钟）'), { target: { value: '30' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect((await waitForCall(api, 'PATCH /staff/settings/pay/')).body).toEqual({ order_ttl_minutes: 30 });
});

test('the upload rule: empty means every upload is reviewed (null is sent)', async () => {
  api.on('GET /staff/settings/uploads/', { body: { trusted_uploader_level: 3 } });
  api.on('PATCH /staff/settings/uploads/', { body: { trusted_uploader_level: null } });
  const view = await open('/app/admin/settings/uploads');
  const q = within(view.host);
  const input = (await q.findByLabelText('免审核发布的上传者等级（留空：都要审核）')) as HTMLInputElement;
  expect(input.value).toBe('3');
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect((await waitForCall(api, 'PATCH /staff/settings/uploads/')).body).toEqual({ trusted_uploader_level: null });
  await waitFor(() => expect(input.value).toBe(''));
});

test('a refused load (the role is missing) is shown in place', async () => {
  api.on('GET /staff/settings/uploads/', { status: 403, body: { message: '需要管理员权限', code: 'staff_only' } });
  const view = await open('/app/admin/settings/uploads');
  expect((await within(view.host).findByRole('alert')).textContent).toContain('需要管理员权限');
});
