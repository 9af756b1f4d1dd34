import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, expectToast, logInStaff, open, page, resetPage, staffBlog, waitForCall } from './support/admin';

// admin/blogs: GET /api/staff/blogs/?status=, approve, reject with the reason the author sees, batches.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['reviewer']);
  api.on('GET /staff/blogs/', page([staffBlog(), staffBlog({ id: 6, title: '<b>不是标记</b>', content: '<script>alert(1)</script>正文' })]));
});
afterEach(closeAll);

test('opens on 待审核; the detail shows the submitted text as plain text, tags and author', async () => {
  const view = await open('/app/admin/blogs');
  const q = within(view.host);
  await q.findAllByTestId('queue-row');
  expect(api.calls('GET /staff/blogs/')[0].query.get('status')).toBe('pending');
  fireEvent.click(q.getByRole('button', { name: '<b>不是标记</b>' }));
  const detail = q.getByTestId('queue-detail');
  expect(detail.querySelector('script')).toBeNull();
  expect(detail.querySelector('pre')?.textContent).toBe('<script>alert(1)</script>正文');
  fireEvent.click(q.getByRole('button', { name: '我的读书笔记' }));
  expect(within(q.getByTestId('queue-detail')).getByText('红楼梦，笔记')).toBeTruthy();
  expect(within(q.getByTestId('queue-detail')).getByText('书虫')).toBeTruthy();
});

test('驳回 from the detail view sends the reason; 通过 approves', async () => {
  api.on('POST /staff/blogs/5/reject/', { body: staffBlog({ status: 2, status_text: '审核未通过', reject_reason: '含有广告' }) });
  api.on('POST /staff/blogs/6/approve/', { body: staffBlog({ id: 6, title: '<b>不是标记</b>', status: 1, status_text: '已发布' }) });
  const view = await open('/app/admin/blogs');
  const q = within(view.host);
  const rows = await q.findAllByTestId('queue-row');
  fireEvent.click(q.getByRole('button', { name: '我的读书笔记' }));
  fireEvent.click(within(q.getByTestId('queue-detail')).getByRole('button', { name: '驳回' }));
  fireEvent.change(within(q.getByTestId('reason-form')).getByRole('textbox'), { target: { value: '含有广告' } });
  fireEvent.click(q.getByRole('button', { name: '确认驳回' }));
  expect((await waitForCall(api, 'POST /staff/blogs/5/reject/')).body).toEqual({ reason: '含有广告' });
  await waitFor(() => expect(within(q.getByTestId('queue-detail')).getByText('含有广告')).toBeTruthy());
  fireEvent.click(within(rows[1]).getByRole('button', { name: '通过' }));
  await waitForCall(api, 'POST /staff/blogs/6/approve/');
  await expectToast('已通过');
});
