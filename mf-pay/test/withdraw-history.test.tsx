import { fireEvent, waitFor, within } from '@testing-library/react';
import type { FakeApi } from 'shared-kernel/testing';
import { WITHDRAW_TIMING } from '../src/withdraw/use-withdrawal';
import { startCoinApi, withdrawal } from './support/coins';
import { closeAll, expectToast, logIn, open, page, resetPage, usePlatform } from './support/pay';

// user/pay/withdraw_history: GET /api/withdraw/?page=, GET /api/withdraw/{id}/ while one is on its way,
// POST /api/withdraw/{id}/cancel/, and WeChat's confirm sheet through the kernel's bridge.
let api: FakeApi;
beforeAll(async () => {
  api = await startCoinApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logIn();
  WITHDRAW_TIMING.pollMs = 50;
});
afterEach(closeAll);

const PAGE = '/app/user/pay/withdraw_history';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rows(list: unknown[]) {
  api.on('GET /withdraw/', page(list));
  const view = await open(PAGE);
  const found = await within(view.host).findAllByTestId('withdrawal-row');
  return { view, rows: found };
}

test('each withdrawal: coins and yuan, fee, channel, masked account, the state by colour, the reason it ended, times', async () => {
  const { rows: [success, rejected, cancelled] } = await rows([
    withdrawal({ id: 1, state: 'success', state_label: '已到账', finish_time: '2026-11-24T03:00:00.000Z' }),
    withdrawal({ id: 2, coins: 2000, fee: 12, amount: 1988, channel: 'wxpay', account: '微信零钱', state: 'rejected', state_label: '未通过，金币已退回', reason: '账户存在异常' }),
    withdrawal({ id: 4, state: 'cancelled', state_label: '已取消，金币已退回', reason: '用户取消' }),
  ]);
  const s = within(success);
  expect(s.getByText('1,000 金币')).toBeTruthy();
  expect(s.getByText('¥9.94')).toBeTruthy();
  expect(s.getByText('6 金币')).toBeTruthy();
  expect(s.getByText('支付宝')).toBeTruthy();
  expect(s.getByText('138****5678')).toBeTruthy();
  expect(s.getByTestId('withdrawal-state').className).toContain('mp-wstate-success');
  expect(s.getByText('完成时间')).toBeTruthy();
  expect(s.queryByRole('button', { name: '取消提现' })).toBeNull();
  const r = within(rejected);
  expect(r.getByText('微信')).toBeTruthy();
  expect(r.getByText('¥19.88')).toBeTruthy();
  expect(r.getByTestId('withdrawal-state').textContent).toBe('未通过，金币已退回');
  expect(r.getByTestId('withdrawal-state').className).toContain('mp-wstate-rejected');
  expect(r.getByText('原因：账户存在异常')).toBeTruthy();
  expect(within(cancelled).getByText('原因：用户取消')).toBeTruthy();
  await sleep(150);
  expect(api.calls('GET /withdraw/1/')).toHaveLength(0); // an ended one is never asked about again
});

test('no withdrawals: the empty state with the way to withdraw', async () => {
  api.on('GET /withdraw/', page([]));
  const view = await open(PAGE);
  expect(await within(view.host).findByText('暂无提现记录')).toBeTruthy();
  expect(within(view.host).getByRole('link', { name: '去提现' }).getAttribute('href')).toBe('/app/user/pay/withdraw');
});

test('取消提现 asks once more, then POST cancel; the row shows the answer', async () => {
  api.on('POST /withdraw/3/cancel/', { body: withdrawal({ state: 'cancelled', state_label: '已取消，金币已退回', reason: '用户取消' }) });
  const { rows: [row] } = await rows([withdrawal()]);
  const q = within(row);
  fireEvent.click(q.getByRole('button', { name: '取消提现' }));
  fireEvent.click(q.getByRole('button', { name: '不取消' }));
  expect(api.calls('POST /withdraw/3/cancel/')).toHaveLength(0);
  fireEvent.click(q.getByRole('button', { name: '取消提现' }));
  fireEvent.click(q.getByRole('button', { name: '确定取消' }));
  await waitFor(() => expect(q.getByTestId('withdrawal-state').textContent).toBe('已取消，金币已退回'));
  expect(api.calls('POST /withdraw/3/cancel/')).toHaveLength(1);
  await expectToast('已取消提现，金币已退回');
  expect(q.queryByRole('button', { name: '取消提现' })).toBeNull();
});

test("a refused cancel: the API's message, the row as it was", async () => {
  api.on('POST /withdraw/3/cancel/', { status: 400, body: { message: '该提现已在处理中，无法取消' } });
  const { rows: [row] } = await rows([withdrawal()]);
  fireEvent.click(within(row).getByRole('button', { name: '取消提现' }));
  fireEvent.click(within(row).getByRole('button', { name: '确定取消' }));
  await expectToast('该提现已在处理中，无法取消');
  expect(within(row).getByTestId('withdrawal-state').textContent).toBe('待审核');
  expect(await within(row).findByRole('button', { name: '取消提现' })).toBeTruthy();
});

test('one being paid is fetched again until it ends, then never again', async () => {
  let n = 0;
  api.on('GET /withdraw/3/', () => {
    n += 1;
    return { body: n < 3 ? withdrawal({ state: 'paying', state_label: '打款中' }) : withdrawal({ state: 'success', state_label: '已到账' }) };
  });
  const { rows: [row] } = await rows([withdrawal({ state: 'paying', state_label: '打款中' })]);
  expect(within(row).getByTestId('withdrawal-state').className).toContain('mp-wstate-paying');
  await waitFor(() => expect(within(row).getByTestId('withdrawal-state').textContent).toBe('已到账'));
  expect(api.calls('GET /withdraw/3/')).toHaveLength(3);
  await sleep(200);
  expect(api.calls('GET /withdraw/3/')).toHaveLength(3);
});

test('polling stops when the page is left', async () => {
  api.on('GET /withdraw/3/', { body: withdrawal({ state: 'paying', state_label: '打款中' }) });
  const { view } = await rows([withdrawal({ state: 'paying', state_label: '打款中' })]);
  await waitFor(() => expect(api.calls('GET /withdraw/3/').length).toBeGreaterThanOrEqual(1));
  await view.close();
  const seen = api.calls('GET /withdraw/3/').length;
  await sleep(200);
  expect(api.calls('GET /withdraw/3/').length).toBeLessThanOrEqual(seen + 1); // at most the one already under way
});

const waiting = () => withdrawal({ channel: 'wxpay', account: '微信零钱', state: 'wait_user_confirm', state_label: '待你在微信中确认收款', package_info: 'pkg-abc' });

test('waiting for my confirmation in a WeChat page: 去微信确认收款 opens the bridge with the package; 取消 is there too', async () => {
  usePlatform('weixin');
  const invoke = jest.fn((_name: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'requestMerchantTransfer:ok' }));
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = { invoke };
  api.on('GET /withdraw/3/', { body: waiting() });
  const { rows: [row] } = await rows([waiting()]);
  expect(within(row).getByRole('button', { name: '取消提现' })).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: '去微信确认收款' }));
  await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
  expect(invoke.mock.calls[0][0]).toBe('requestMerchantTransfer');
  expect(invoke.mock.calls[0][1]).toEqual({ mchId: '', appId: '', package: 'pkg-abc' });
  await expectToast('已确认收款，正在更新状态');
});

test('waiting for my confirmation outside WeChat: the hint to open the page in WeChat, no bridge', async () => {
  api.on('GET /withdraw/3/', { body: waiting() });
  const { rows: [row] } = await rows([waiting()]);
  expect(within(row).getByText('请在微信中打开本页确认收款')).toBeTruthy();
  expect(within(row).queryByRole('button', { name: '去微信确认收款' })).toBeNull();
});
