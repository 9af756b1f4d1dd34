import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { yuanToFen } from '../src/pages/PricesPage';
import { closeAll, expectToast, logInStaff, open, page, resetPage, staffActivity, staffPolicy, waitForCall } from './support/admin';

// admin/settings/prices (GET/POST/PATCH /api/staff/price-policy/) and admin/activities (GET/POST/PATCH
// /api/staff/activities/, POST /api/staff/red-packets/).
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

test('yuan as typed in fen', () => {
  expect(yuanToFen('9.9')).toBe(990);
  expect(yuanToFen('0.01')).toBe(1);
  expect(yuanToFen('29.99')).toBe(2999);
  expect(yuanToFen(' ')).toBeNull();
  expect(yuanToFen('1.234')).toBeUndefined();
  expect(yuanToFen('-1')).toBeUndefined();
});

test('packages: the table, a new one in fen, 下架 with PATCH active', async () => {
  api.on('GET /staff/price-policy/', page([staffPolicy(), staffPolicy({ id: 2, name: '年度包', price: 19900, original_price: null, active: false })]));
  api.on('POST /staff/price-policy/', { status: 201, body: staffPolicy({ id: 3 }) });
  api.on('PATCH /staff/price-policy/1/', { body: staffPolicy({ active: false }) });
  const view = await open('/app/admin/settings/prices');
  const q = within(view.host);
  const rows = await q.findAllByTestId('queue-row');
  expect(within(rows[0]).getByText('¥9.90')).toBeTruthy();
  expect(within(rows[0]).getByText('上架中')).toBeTruthy();
  expect(within(rows[1]).getByText('已下架')).toBeTruthy();
  fireEvent.click(q.getByRole('button', { name: '新增套餐' }));
  const form = within(q.getByTestId('policy-form'));
  fireEvent.change(form.getByLabelText('名称'), { target: { value: '月度包' } });
  fireEvent.change(form.getByLabelText('价格（元）'), { target: { value: '29.9' } });
  fireEvent.click(form.getByRole('button', { name: '创建' }));
  expect(form.getByRole('alert').textContent).toBe('下载次数应为整数');
  fireEvent.change(form.getByLabelText('下载次数'), { target: { value: '30' } });
  fireEvent.change(form.getByLabelText('有效天数'), { target: { value: '31' } });
  fireEvent.click(form.getByRole('checkbox', { name: '推荐' }));
  fireEvent.click(form.getByRole('button', { name: '创建' }));
  expect((await waitForCall(api, 'POST /staff/price-policy/')).body).toEqual({
    name: '月度包', price: 2990, original_price: null, max_doc_price: null, downloads: 30, valid_days: 31, sequence: 0, description: '', recommended: true, active: true,
  });
  await waitFor(() => expect(q.queryByTestId('policy-form')).toBeNull());
  fireEvent.click(within(rows[0]).getByRole('button', { name: '下架' }));
  expect((await waitForCall(api, 'PATCH /staff/price-policy/1/')).body).toEqual({ active: false });
  await waitFor(() => expect(api.calls('GET /staff/price-policy/').length).toBeGreaterThanOrEqual(3));
});

test('编辑 fills the form with the package in yuan and PATCHes it', async () => {
  api.on('GET /staff/price-policy/', page([staffPolicy()]));
  api.on('PATCH /staff/price-policy/1/', { body: staffPolicy({ price: 1290 }) });
  const view = await open('/app/admin/settings/prices');
  const q = within(view.host);
  fireEvent.click(await q.findByRole('button', { name: '编辑' }));
  const form = within(q.getByTestId('policy-form'));
  expect((form.getByLabelText('价格（元）') as HTMLInputElement).value).toBe('9.90');
  fireEvent.change(form.getByLabelText('价格（元）'), { target: { value: '12.9' } });
  fireEvent.click(form.getByRole('button', { name: '保存' }));
  expect((await waitForCall(api, 'PATCH /staff/price-policy/1/')).body).toMatchObject({ price: 1290, original_price: 1500, max_doc_price: 500 });
});

test('activities: the list, 停用, a new activity with its period as instants', async () => {
  api.on('GET /staff/activities/', page([staffActivity()]));
  api.on('PATCH /staff/activities/4/', { body: staffActivity({ active: false }) });
  api.on('POST /staff/activities/', { status: 201, body: staffActivity({ id: 5 }) });
  const view = await open('/app/admin/activities');
  const q = within(view.host);
  const [row] = await q.findAllByTestId('queue-row');
  expect(within(row).getByText('冬季上传季')).toBeTruthy();
  expect(within(row).getByText('进行中')).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: '停用' }));
  expect((await waitForCall(api, 'PATCH /staff/activities/4/')).body).toEqual({ active: false });
  fireEvent.click(q.getByRole('button', { name: '新建活动' }));
  const form = within(q.getByTestId('activity-form'));
  fireEvent.change(form.getByLabelText('标题'), { target: { value: '新人礼包' } });
  fireEvent.change(form.getByLabelText('类型'), { target: { value: 'new_user' } });
  fireEvent.change(form.getByLabelText('开始时间'), { target: { value: '2026-12-10T08:00' } });
  fireEvent.change(form.getByLabelText('结束时间'), { target: { value: '2026-12-01T08:00' } });
  fireEvent.click(form.getByRole('button', { name: '创建' }));
  expect(form.getByRole('alert').textContent).toBe('结束时间应晚于开始时间');
  fireEvent.change(form.getByLabelText('结束时间'), { target: { value: '2026-12-31T08:00' } });
  fireEvent.change(form.getByLabelText('奖励金币'), { target: { value: '50' } });
  fireEvent.click(form.getByRole('button', { name: '创建' }));
  const body = (await waitForCall(api, 'POST /staff/activities/')).body;
  expect(body).toMatchObject({ kind: 'new_user', title: '新人礼包', reward_coins: 50, active: true, start_time: new Date('2026-12-10T08:00').toISOString() });
  await expectToast('已保存');
});

test('a site red packet: coins, shares and hours are sent; the answer is toasted', async () => {
  api.on('GET /staff/activities/', page([]));
  api.on('POST /staff/red-packets/', { status: 201, body: { id: 1, title: '双十二', total_coins: 1000, shares: 10 } });
  const view = await open('/app/admin/activities');
  const form = within(await within(view.host).findByTestId('red-packet-form'));
  fireEvent.change(form.getByLabelText('红包标题'), { target: { value: '双十二' } });
  fireEvent.change(form.getByLabelText('总金币'), { target: { value: '1000' } });
  fireEvent.click(form.getByRole('button', { name: '发红包' }));
  expect(form.getByRole('alert')).toBeTruthy();
  fireEvent.change(form.getByLabelText('个数'), { target: { value: '10' } });
  fireEvent.click(form.getByRole('button', { name: '发红包' }));
  expect((await waitForCall(api, 'POST /staff/red-packets/')).body).toEqual({ title: '双十二', total_coins: 1000, shares: 10, expire_hours: 24 });
  await expectToast('已发出 1000 金币，共 10 个');
});
