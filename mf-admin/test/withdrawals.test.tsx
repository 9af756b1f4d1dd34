import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, expectToast, logInStaff, open, page, resetPage, staffWithdrawal, waitForCall } from './support/admin';

// admin/withdrawals: GET /api/staff/withdraw/?state=, approve (the payout starts), reject with a reason (coins back).
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['finance']);
});
afterEach(closeAll);

test('opens on 待审核; rows show the user, coins, yuan, channel and the state; the detail the payee and payout state', async () => {
  api.on('GET /staff/withdraw/', page([staffWithdrawal()]));
  const view = await open('/app/admin/withdrawals');
  const q = within(view.host);
  const [row] = await q.findAllByTestId('queue-row');
  expect(api.calls('GET /staff/withdraw/')[0].query.get('state')).toBe('requested');
  const r = within(row);
  expect(r.getByText('读者（#42）')).toBeTruthy();
  expect(r.getByText('2,000 金币')).toBeTruthy();
  expect(r.getByText('¥19.88')).toBeTruthy();
  expect(r.getByText('支付宝')).toBeTruthy();
  expect(r.getByText('待审核').className).toContain('ad-w-requested');
  fireEvent.click(r.getByRole('button', { name: 'W202611240009' }));
  const d = within(q.getByTestId('queue-detail'));
  expect(d.getByText('13812345678')).toBeTruthy();
  expect(d.getByText('王小明')).toBeTruthy();
  expect(d.getByText('2,000 金币（手续费 12 金币）')).toBeTruthy();
  // 全部: no state filter sent
  api.on('GET /staff/withdraw/', page([staffWithdrawal({ id: 10, state: 'paying', state_label: '打款中' })]));
  fireEvent.click(q.getByRole('button', { name: '全部' }));
  await waitFor(() => expect(api.calls('GET /staff/withdraw/')).toHaveLength(2));
  expect(api.calls('GET /staff/withdraw/')[1].query.has('state')).toBe(false);
  const [paying] = await q.findAllByTestId('queue-row');
  await waitFor(() => expect(within(paying).getByText('打款中').className).toContain('ad-w-paying'));
  expect(within(paying).queryByRole('button', { name: '通过' })).toBeNull();
});

test('通过 starts the payout (the row shows the new state); 驳回 sends the reason', async () => {
  api.on('GET /staff/withdraw/', page([staffWithdrawal(), staffWithdrawal({ id: 11, withdraw_no: 'W11' })]));
  api.on('POST /staff/withdraw/9/approve/', { body: staffWithdrawal({ state: 'paying', state_label: '打款中' }) });
  api.on('POST /staff/withdraw/11/reject/', { body: staffWithdrawal({ id: 11, withdraw_no: 'W11', state: 'rejected', state_label: '未通过，金币已退回', reason: '账户异常' }) });
  const view = await open('/app/admin/withdrawals');
  const q = within(view.host);
  const rows = await q.findAllByTestId('queue-row');
  expect(q.queryByRole('checkbox')).toBeNull(); // no batch payouts
  fireEvent.click(within(rows[0]).getByRole('button', { name: '通过' }));
  await waitForCall(api, 'POST /staff/withdraw/9/approve/');
  await waitFor(() => expect(within(rows[0]).getByText('打款中')).toBeTruthy());
  fireEvent.click(within(rows[1]).getByRole('button', { name: '驳回' }));
  fireEvent.change(within(q.getByTestId('reason-form')).getByRole('textbox'), { target: { value: '账户异常' } });
  fireEvent.click(q.getByRole('button', { name: '确认驳回' }));
  expect((await waitForCall(api, 'POST /staff/withdraw/11/reject/')).body).toEqual({ reason: '账户异常' });
  await expectToast('已驳回');
  await waitFor(() => expect(within(rows[1]).getByText('未通过，金币已退回')).toBeTruthy());
});
