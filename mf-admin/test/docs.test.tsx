import { fireEvent, waitFor, within } from '@testing-library/react';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { closeAll, expectToast, logInStaff, open, page, resetPage, staffDoc, waitForCall } from './support/admin';

// admin/docs: GET /api/staff/docs/?status=&page=, POST …/{id}/approve/, POST …/{id}/reject/ {reason}, batches.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logInStaff(['reviewer']);
});
afterEach(closeAll);

const DOCS = [staffDoc(), staffDoc({ id: 8, title: '线性代数习题', checks: { duplicate_of: 3, blank: false, little_text: true }, is_free: true, price: 0 })];

async function queue() {
  api.on('GET /staff/docs/', page(DOCS));
  const view = await open('/app/admin/docs');
  const rows = await within(view.host).findAllByTestId('queue-row');
  return { view, q: within(view.host), rows };
}

test('the queue opens on 待审核: each row with uploader, price, the automatic checks; the filters ask the API', async () => {
  const { q, rows } = await queue();
  expect(api.calls('GET /staff/docs/')[0].query.get('status')).toBe('reviewing');
  expect(api.calls('GET /staff/docs/')[0].query.get('page')).toBe('1');
  const first = within(rows[0]);
  expect(first.getByText('张老师')).toBeTruthy();
  expect(first.getByText('¥5.00')).toBeTruthy();
  expect(first.getByText('未发现问题')).toBeTruthy();
  expect(within(rows[1]).getByText('与文档 #3 重复，文字很少')).toBeTruthy();
  expect(within(rows[1]).getByText('免费')).toBeTruthy();
  api.on('GET /staff/docs/', page([staffDoc({ status: 2, status_text: '未通过', reason: '内容不完整' })]));
  fireEvent.click(q.getByRole('button', { name: '未通过' }));
  await waitFor(() => expect(api.calls('GET /staff/docs/').at(-1)?.query.get('status')).toBe('rejected'));
  expect(window.location.search).toContain('status=rejected');
  const [rejected] = await q.findAllByTestId('queue-row');
  await waitFor(() => expect(within(rejected).getByText('未通过')).toBeTruthy());
  expect(within(rejected).queryByRole('button', { name: '通过' })).toBeNull(); // decided: no actions
});

test('the detail view shows the summary, size and checks, with the actions and a link to the document', async () => {
  const { q } = await queue();
  fireEvent.click(q.getByRole('button', { name: '线性代数习题' }));
  const detail = within(q.getByTestId('queue-detail'));
  expect(detail.getByRole('heading', { name: '线性代数习题' })).toBeTruthy();
  expect(detail.getByText('第一章 极限')).toBeTruthy();
  expect(detail.getByText('200 KB，12 页，pdf')).toBeTruthy();
  expect(detail.getByRole('link', { name: '打开文档页' }).getAttribute('href')).toBe('/app/articles/docs/detail/8');
  expect(detail.getByRole('button', { name: '通过' })).toBeTruthy();
  fireEvent.click(detail.getByRole('button', { name: '关闭' }));
  expect(q.queryByTestId('queue-detail')).toBeNull();
});

test('通过: POST approve, the row shows the answer without actions', async () => {
  api.on('POST /staff/docs/7/approve/', { body: staffDoc({ status: 1, status_text: '已发布' }) });
  const { rows } = await queue();
  fireEvent.click(within(rows[0]).getByRole('button', { name: '通过' }));
  await waitForCall(api, 'POST /staff/docs/7/approve/');
  await expectToast('已通过');
  await waitFor(() => expect(within(rows[0]).getByText('已发布')).toBeTruthy());
  expect(within(rows[0]).queryByRole('button', { name: '通过' })).toBeNull();
});

test('驳回 needs a reason of 2-200 characters, which is sent', async () => {
  api.on('POST /staff/docs/7/reject/', { body: staffDoc({ status: 2, status_text: '未通过', reason: '内容与标题不符' }) });
  const { q, rows } = await queue();
  fireEvent.click(within(rows[0]).getByRole('button', { name: '驳回' }));
  const form = within(q.getByTestId('reason-form'));
  fireEvent.change(form.getByRole('textbox'), { target: { value: ' 短 ' } });
  fireEvent.click(form.getByRole('button', { name: '确认驳回' }));
  expect(form.getByRole('alert').textContent).toBe('请填写原因（2-200 字）');
  expect(api.calls('POST /staff/docs/7/reject/')).toHaveLength(0);
  fireEvent.change(form.getByRole('textbox'), { target: { value: '内容与标题不符' } });
  fireEvent.click(form.getByRole('button', { name: '确认驳回' }));
  expect((await waitForCall(api, 'POST /staff/docs/7/reject/')).body).toEqual({ reason: '内容与标题不符' });
  await expectToast('已驳回');
  await waitFor(() => expect(q.queryByTestId('reason-form')).toBeNull());
});

test('batch: select all, 批量驳回 with one reason calls reject for each; a refusal is counted', async () => {
  api.on('POST /staff/docs/7/reject/', { body: staffDoc({ status: 2, status_text: '未通过' }) });
  api.on('POST /staff/docs/8/reject/', { status: 409, body: { message: '该文档已处理', code: 'conflict' } });
  const { q } = await queue();
  expect((q.getByRole('button', { name: '批量通过（0）' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(q.getByRole('checkbox', { name: '全选本页' }));
  fireEvent.click(q.getByRole('button', { name: '批量驳回（2）' }));
  const form = within(q.getByTestId('reason-form'));
  expect(form.getByText('原因（2 条）')).toBeTruthy();
  fireEvent.change(form.getByRole('textbox'), { target: { value: '重复上传' } });
  fireEvent.click(form.getByRole('button', { name: '确认驳回' }));
  await waitForCall(api, 'POST /staff/docs/8/reject/');
  expect(api.calls('POST /staff/docs/7/reject/')[0].body).toEqual({ reason: '重复上传' });
  await expectToast('完成 1 条，失败 1 条');
  await expectToast('该文档已处理');
});

test('batch approve of the chosen rows only', async () => {
  api.on('POST /staff/docs/8/approve/', { body: staffDoc({ id: 8, title: '线性代数习题', status: 1, status_text: '已发布' }) });
  const { q } = await queue();
  fireEvent.click(q.getByRole('checkbox', { name: '选择 线性代数习题' }));
  fireEvent.click(q.getByRole('button', { name: '批量通过（1）' }));
  await waitForCall(api, 'POST /staff/docs/8/approve/');
  await expectToast('已处理 1 条');
  expect(api.calls('POST /staff/docs/7/approve/')).toHaveLength(0);
});

test('a failed list is shown in place with the API\'s message and a retry; pages go on with 下一页', async () => {
  api.on('GET /staff/docs/', { status: 403, body: { message: '需要管理员权限', code: 'staff_only' } });
  const view = await open('/app/admin/docs');
  const q = within(view.host);
  expect((await q.findByRole('alert')).textContent).toContain('需要管理员权限');
  api.on('GET /staff/docs/', page(DOCS, 1, 45));
  fireEvent.click(q.getByRole('button', { name: '重试' }));
  expect(await q.findByText('第 1 / 3 页，共 45 条')).toBeTruthy();
  api.on('GET /staff/docs/', page([staffDoc({ id: 30, title: '第二页的文档' })], 2, 45));
  fireEvent.click(q.getByRole('button', { name: '下一页' }));
  expect(await q.findByText('第二页的文档')).toBeTruthy();
  expect(api.calls('GET /staff/docs/').at(-1)?.query.get('page')).toBe('2');
});
