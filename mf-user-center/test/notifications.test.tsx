import { fireEvent, waitFor, within } from '@testing-library/react';
import { on } from 'shared-kernel';
import { open, page, usePage } from './support/coins';

// user/notifications/list and detail/{id} on GET /api/notifications/?unread=&page=, /api/notifications/{id}/,
// POST …/{id}/read/, …/read_all/, DELETE …/{id}/ and GET …/unread_count/.
const api = usePage();
beforeAll(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

function note(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, kind: 'comment_on_my_doc', title: '文档收到新评论', body: '鲍勃 评论了您的文档《静夜思》：写得真好', is_read: false,
    link: { route: 'articles/docs/comment/12' }, create_time: '2026-11-24T02:00:00.000Z', ...overrides,
  };
}

const LIST = '/app/user/notifications/list';

test('the list: newest first with title, text and time, unread marked; 未读 asks only unread', async () => {
  const first = [note(), note({ id: 6, title: '支付成功', body: '订单 X 已支付', is_read: true, kind: 'payment_settled' }), ...Array.from({ length: 18 }, (_, i) => note({ id: 100 + i }))];
  api.on('GET /notifications/', (r) =>
    r.query.get('unread') === '1' ? page([note()]) : r.query.get('page') === '1' ? page(first, 1, 21) : page([note({ id: 1, title: '最早的' })], 2, 21),
  );
  const view = await open(LIST);
  const q = within(view.host);
  const rows = await q.findAllByTestId('notification');
  expect(rows).toHaveLength(20);
  expect(rows[0]!.textContent).toContain('文档收到新评论');
  expect(rows[0]!.textContent).toContain('鲍勃 评论了您的文档《静夜思》');
  expect(rows[0]!.getAttribute('data-read')).toBe('false');
  expect(rows[1]!.getAttribute('data-read')).toBe('true');
  expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/app/user/notifications/detail/7');
  expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-24T02:00:00.000Z');

  fireEvent.click(q.getByRole('button', { name: '未读' }));
  await waitFor(() => expect(q.getAllByTestId('notification')).toHaveLength(1));
  expect(api.calls('GET /notifications/').at(-1)!.query.get('unread')).toBe('1');
  expect(window.location.search).toBe('?tab=unread');
});

test('mark one read, delete one, mark all read: the API is asked and the bell told the new count', async () => {
  api.on('GET /notifications/', page([note(), note({ id: 8, title: '获得金币', kind: 'coins_earned' })]));
  api.on('POST /notifications/7/read/', { body: note({ is_read: true }) });
  api.on('DELETE /notifications/8/', { status: 204 });
  api.on('GET /notifications/unread_count/', { body: { count: 1 } });
  api.on('POST /notifications/read_all/', { body: { count: 1, unread: 0 } });
  const counts: number[] = [];
  const off = on('notifications:unread-changed', ({ unread }) => counts.push(unread));
  try {
    const view = await open(LIST);
    const q = within(view.host);
    const rows = await q.findAllByTestId('notification');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(q.getAllByTestId('notification')[0]!.getAttribute('data-read')).toBe('true'));
    expect(api.calls('POST /notifications/7/read/')).toHaveLength(1);
    await waitFor(() => expect(counts).toEqual([1]));

    fireEvent.click(within(q.getAllByTestId('notification')[1]!).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(q.getAllByTestId('notification')).toHaveLength(1));
    expect(api.calls('DELETE /notifications/8/')).toHaveLength(1);

    fireEvent.click(q.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(api.calls('POST /notifications/read_all/')).toHaveLength(1));
    await waitFor(() => expect(counts.at(-1)).toBe(0));
  } finally {
    off();
  }
});

test('an empty list says so', async () => {
  api.on('GET /notifications/', page([]));
  const view = await open(LIST);
  expect(await within(view.host).findByText('暂无消息')).toBeTruthy();
});

test('the detail: text, time, a link to what it is about; opening an unread one reads it', async () => {
  api.on('GET /notifications/7/', { body: note() });
  api.on('POST /notifications/7/read/', { body: note({ is_read: true }) });
  api.on('GET /notifications/unread_count/', { body: { count: 0 } });
  const view = await open('/app/user/notifications/detail/7');
  const q = within(view.host);
  const detail = await q.findByTestId('notification-detail');
  expect(detail.textContent).toContain('鲍勃 评论了您的文档《静夜思》：写得真好');
  expect(q.getByRole('link', { name: '查看相关内容' }).getAttribute('href')).toBe('/app/articles/docs/comment/12');
  expect(q.getByRole('link', { name: '返回消息列表' }).getAttribute('href')).toBe('/app/user/notifications/list');
  await waitFor(() => expect(api.calls('POST /notifications/7/read/')).toHaveLength(1));
});

test("a notification that is not mine (404) shows the API's message, no data", async () => {
  api.on('GET /notifications/9/', { status: 404, body: { message: '消息不存在或已删除', code: 'not_found' } });
  const view = await open('/app/user/notifications/detail/9');
  expect(await within(view.host).findByText('消息不存在或已删除')).toBeTruthy();
  expect(within(view.host).queryByTestId('notification-detail')).toBeNull();
});
