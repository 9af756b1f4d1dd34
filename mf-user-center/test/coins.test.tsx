import { fireEvent, waitFor, within } from '@testing-library/react';
import { balance, open, page, record, usePage } from './support/coins';

// user/coin/list and user/coin/detail/{id} on GET /api/coin-balance/, /api/coin-records/?kind=&page= and
// /api/coin-records/{id}/.
const api = usePage();
beforeAll(() => {
  // jsdom has no scrolling; the detail page scrolls to its top
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
beforeEach(() => {
  api.on('GET /coin-balance/', { body: balance() });
});

const LIST = '/app/user/coin/list';

test('the balance card: available, frozen and withdrawing apart with their yuan, the total earned, the next release, 提现', async () => {
  api.on('GET /coin-balance/', { body: balance({ coin_value_fen: 2 }) });
  api.on('GET /coin-records/', page([]));
  const view = await open(LIST);
  const q = within(view.host);
  const available = await q.findByTestId('bucket-可用');
  expect(available.textContent).toContain('1,234');
  expect(available.textContent).toContain('≈ ¥24.68');
  expect(q.getByTestId('bucket-冻结中').textContent).toContain('≈ ¥6.00');
  expect(q.getByTestId('bucket-提现中').textContent).toContain('500');
  expect(q.getByTestId('total-earned').textContent).toBe('98,765 金币');
  expect(q.getByTestId('next-release').textContent).toMatch(/^120 金币将于 2026-11-30 \d\d:00 解冻$/);
  expect(q.getByRole('link', { name: '提现' }).getAttribute('href')).toBe('/app/user/pay/withdraw');
  expect(q.getByRole('link', { name: '提现记录' }).getAttribute('href')).toBe('/app/user/pay/withdraw_history');
  expect(await q.findByText('暂无金币记录')).toBeTruthy();
});

test('no next release: no unfreeze line; a failed balance shows the message and a retry', async () => {
  api.on('GET /coin-balance/', { status: 500, body: { message: '服务器开小差了' } });
  api.on('GET /coin-records/', page([]));
  const view = await open(LIST);
  expect(await within(view.host).findByText('服务器开小差了')).toBeTruthy();
  api.on('GET /coin-balance/', { body: balance({ next_release: null }) });
  fireEvent.click(within(view.host).getByRole('button', { name: '重试' }));
  expect(await within(view.host).findByTestId('bucket-可用')).toBeTruthy();
  expect(within(view.host).queryByTestId('next-release')).toBeNull();
});

test('records: kind, title, signed changes by colour, the balance after, the time, a link to the detail; a second page', async () => {
  const first = [
    record({ id: 1 }),
    record({ id: 2, kind: 'spent', kind_label: '金币购买文档', title: '将进酒', available_change: -200, frozen_change: 0, balance: { available: 1034, frozen: 300, withdrawing: 500 } }),
    ...Array.from({ length: 18 }, (_, i) => record({ id: 100 + i, title: `记录${i}` })),
  ];
  api.on('GET /coin-records/', (r) => (r.query.get('page') === '1' ? page(first, 1, 21) : page([record({ id: 3, kind: 'reward', kind_label: '活动奖励', title: '春季活动', available_change: 1000, frozen_change: 0 })], 2, 21)));
  const view = await open(LIST);
  const rows = await within(view.host).findAllByTestId('coin-record');
  expect(rows).toHaveLength(20);
  const [released, spent] = rows;
  expect(released.getAttribute('href')).toBe('/app/user/coin/detail/1');
  expect(within(released).getByText('收益解冻')).toBeTruthy();
  expect(within(released).getByText('静夜思赏析')).toBeTruthy();
  const gains = released.querySelectorAll('.uc-change');
  expect([...gains].map((g) => [g.textContent, g.className])).toEqual([
    ['可用 +50', 'uc-change uc-change-up'],
    ['冻结中 -50', 'uc-change uc-change-down'],
  ]);
  expect(within(released).getByText('余额 1,234 金币')).toBeTruthy();
  expect(released.querySelector('time')?.textContent).toMatch(/^2026-11-24 \d\d:00$/);
  expect(within(spent).getByText('金币购买文档')).toBeTruthy();
  expect(spent.querySelector('.uc-change-down')?.textContent).toBe('可用 -200');
  expect(spent.querySelectorAll('.uc-change')).toHaveLength(1);
  expect(within(spent).getByText('余额 1,034 金币')).toBeTruthy();
  fireEvent.click(within(view.host).getByRole('button', { name: '加载更多' }));
  expect(await within(view.host).findByText('春季活动')).toBeTruthy();
  expect(api.calls('GET /coin-records/')[1].query.get('page')).toBe('2');
  expect(within(view.host).getAllByTestId('coin-record')).toHaveLength(21);
});

test('the kind chips: 全部 and every kind; a chip asks for that kind from page 1 and is kept in the address', async () => {
  api.on('GET /coin-records/', (r) => page(r.query.get('kind') === 'reward' ? [record({ id: 9, kind: 'reward', kind_label: '活动奖励', title: '春季活动' })] : [record()]));
  const view = await open(LIST);
  const q = within(view.host);
  const chips = q.getByRole('group', { name: '按类型筛选' });
  expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([
    '全部', '文档收益（冻结中）', '收益解冻', '收益撤回', '金币购买文档', '申请提现', '提现到账', '提现退回', '活动奖励',
  ]);
  expect(within(chips).getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
  expect(await q.findByText('静夜思赏析')).toBeTruthy();
  expect(api.calls('GET /coin-records/')[0].query.has('kind')).toBe(false);
  fireEvent.click(within(chips).getByRole('button', { name: '活动奖励' }));
  expect(await q.findByText('春季活动')).toBeTruthy();
  expect(q.queryByText('静夜思赏析')).toBeNull();
  const call = api.calls('GET /coin-records/').at(-1)!;
  expect([call.query.get('kind'), call.query.get('page')]).toEqual(['reward', '1']);
  expect(window.location.search).toBe('?kind=reward');
  expect(within(chips).getByRole('button', { name: '活动奖励' }).getAttribute('aria-pressed')).toBe('true');
});

test('a kind in the address that is not a kind counts as 全部', async () => {
  api.on('GET /coin-records/', page([record()]));
  const view = await open(`${LIST}?kind=bogus`);
  expect(await within(view.host).findByText('静夜思赏析')).toBeTruthy();
  expect(api.calls('GET /coin-records/')[0].query.has('kind')).toBe(false);
});

test('the detail: every field, and the link to the document that caused it', async () => {
  api.on('GET /coin-records/7/', { body: record({ release_time: '2026-11-23T02:00:00.000Z' }) });
  const view = await open('/app/user/coin/detail/7');
  const q = within(view.host);
  expect(await q.findByRole('heading', { name: '收益解冻' })).toBeTruthy();
  expect(q.getByText('静夜思赏析')).toBeTruthy();
  // each row names its bucket (可用变动, …): the change alone, by colour
  expect([...view.host.querySelectorAll('.uc-change')].map((c) => [c.textContent, c.className])).toEqual([
    ['+50', 'uc-change uc-change-up'],
    ['-50', 'uc-change uc-change-down'],
    ['0', 'uc-change uc-change-none'],
  ]);
  expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  expect(q.getByText('可用 1,234 金币')).toBeTruthy();
  expect(q.getByText('解冻时间')).toBeTruthy();
  expect(q.getByRole('link', { name: '查看文档' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
  expect(q.getByRole('link', { name: '返回金币记录' }).getAttribute('href')).toBe('/app/user/coin/list');
});

test('a withdrawal record links to the withdrawal history; a link to no page of the site is left out', async () => {
  api.on('GET /coin-records/8/', { body: record({ id: 8, kind: 'withdraw_hold', kind_label: '申请提现', docs: null, withdraw: 3, available_change: -500, frozen_change: 0, withdrawing_change: 500, link: { route: 'user/pay/withdraw_history', query: { id: '3' } } }) });
  api.on('GET /coin-records/9/', { body: record({ id: 9, link: { route: 'nowhere/at/all' } }) });
  const view = await open('/app/user/coin/detail/8');
  const link = await within(view.host).findByRole('link', { name: '查看提现记录' });
  expect(link.getAttribute('href')).toBe('/app/user/pay/withdraw_history?id=3');
  await view.close();
  const other = await open('/app/user/coin/detail/9');
  expect(await within(other.host).findByRole('heading', { name: '收益解冻' })).toBeTruthy();
  expect(within(other.host).queryByRole('link', { name: '查看文档' })).toBeNull();
});

test("a record that is not mine: the API's message with a retry", async () => {
  api.on('GET /coin-records/5/', { status: 404, body: { message: '金币记录不存在' } });
  const view = await open('/app/user/coin/detail/5');
  await waitFor(() => expect(within(view.host).getByRole('alert').textContent).toContain('金币记录不存在'));
});
