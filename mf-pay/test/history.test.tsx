import { fireEvent, within } from '@testing-library/react';
import { open, order, page, usePage } from './support/pay';

// user/pay/order_history: GET /api/order-info/?ordering=-create_time&page=, with the kernel's list and footer.
const api = usePage();

const soon = new Date(Date.now() + 600_000).toISOString();
const FIRST = [
  order({ order_no: 'A1', state: 'paid', state_label: '已支付', paid_time: '2026-11-24T02:00:00Z', pay: null }),
  order({ order_no: 'A2', type: 'package', docs: null, price_policy: 2, title: '月度包', amount: 2990, pay_method: 'alipay', state: 'created', expire_time: soon, pay: null }),
  ...Array.from({ length: 18 }, (_, i) => order({ order_no: `B${i}`, state: 'closed', state_label: '已关闭', pay: null })),
];

test('my orders newest first: title, amount, method, state by colour, times; 去支付 while payable; a second page on 加载更多', async () => {
  api.on('GET /order-info/', (r) => (r.query.get('page') === '1' ? page(FIRST, 1, 21) : page([order({ order_no: 'C1', state: 'refunded', state_label: '已退款', pay: null })], 2, 21)));
  const view = await open('/app/user/pay/order_history');
  const rows = await within(view.host).findAllByTestId('order-row');
  expect(rows).toHaveLength(20);
  expect(api.calls('GET /order-info/')[0].query.get('ordering')).toBe('-create_time');
  const [paid, open_] = rows;
  expect(within(paid).getByText('静夜思赏析')).toBeTruthy();
  expect(within(paid).getByText('¥5.00')).toBeTruthy();
  expect(within(paid).getByText('微信支付')).toBeTruthy();
  expect(within(paid).getByText('已支付').className).toContain('mp-state-paid');
  expect(within(paid).getByText('支付时间')).toBeTruthy();
  expect(within(paid).getByRole('link', { name: '查看文档' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
  expect(within(paid).queryByRole('link', { name: '去支付' })).toBeNull();
  expect(within(open_).getByText('支付宝')).toBeTruthy();
  expect(within(open_).getByText('¥29.90')).toBeTruthy();
  expect(within(open_).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/app/user/pay/order?type=package&policy=2');
  fireEvent.click(within(view.host).getByRole('button', { name: '加载更多' }));
  expect(await within(view.host).findByText('已退款')).toBeTruthy();
  expect(within(view.host).getAllByTestId('order-row')).toHaveLength(21);
  expect(api.calls('GET /order-info/')[1].query.get('page')).toBe('2');
  expect(await within(view.host).findByText('---- end ----')).toBeTruthy();
});

test('no orders: the empty state', async () => {
  api.on('GET /order-info/', page([]));
  const view = await open('/app/user/pay/order_history');
  expect(await within(view.host).findByText('暂无支付记录')).toBeTruthy();
});
