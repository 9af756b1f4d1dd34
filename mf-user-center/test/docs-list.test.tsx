import { fireEvent, waitFor, within } from '@testing-library/react';
import { UPLOAD_TIMING } from '../src/docs/uploader';
import { open, page, usePage } from './support/coins';
import { categories, FakeEventSource, myDoc, pickFiles, session, setting } from './support/docs';

// user/docs/list, denylist, convertfail, search and edit/{id} on GET my-docs/, PATCH/DELETE docs/{id}/ and
// POST docs/{id}/retry/.
const api = usePage();
beforeAll(() => {
  UPLOAD_TIMING.retryDelaysMs = [10];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
beforeEach(() => {
  FakeEventSource.opened = [];
  api.on('GET /upload-setting/', { body: setting() });
  api.on('GET /upload-category/', page(categories));
});

const published = myDoc({ id: 12, status: 1, status_text: '已发布', ext_cate: 'word', views: 321, downloads: 45, earned_coins: 678, price: 990, is_free: false, progress: 100 });
const failed = myDoc({ id: 7, title: '春晓', status: 3, status_text: '转换失败', reason: '文件已损坏', ext_cate: 'pdf' });
const rejected = myDoc({ id: 5, title: '登鹳雀楼', status: 2, status_text: '未通过', reason: '内容与分类不符' });

test('the tabs: 全部 and each group, kept in the address; each row: icon, title, state, numbers, price, date', async () => {
  api.on('GET /my-docs/', (r) => page(r.query.get('status') === 'failed' ? [failed] : [published, failed]));
  const view = await open('/app/user/docs/list');
  const q = within(view.host);
  const tabs = await q.findByRole('tablist', { name: '按状态筛选' });
  expect(within(tabs).getAllByRole('tab').map((b) => b.textContent)).toEqual(['全部', '转换中', '审核中', '已发布', '未通过', '转换失败', '已下架']);
  const rows = await q.findAllByTestId('my-doc');
  expect(api.calls('GET /my-docs/')[0].query.has('status')).toBe(false);
  const first = rows[0];
  expect(within(first).getByRole('link', { name: '静夜思' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
  expect(first.textContent).toContain('Word');
  expect(first.textContent).toContain('浏览 321');
  expect(first.textContent).toContain('下载 45');
  expect(first.textContent).toContain('收益 678 金币');
  expect(first.textContent).toContain('¥9.90');
  expect(first.querySelector('time')?.textContent).toMatch(/^2026-11-24 \d\d:00$/);
  // not published: no link to a page a visitor cannot see
  expect(within(rows[1]).queryByRole('link', { name: '春晓' })).toBeNull();
  expect(within(rows[1]).getByTestId('doc-state').textContent).toBe('转换失败（原因：文件已损坏）');
  fireEvent.click(within(tabs).getByRole('tab', { name: '转换失败' }));
  await waitFor(() => expect(q.getAllByTestId('my-doc')).toHaveLength(1));
  expect(api.calls('GET /my-docs/').at(-1)!.query.get('status')).toBe('failed');
  expect(window.location.search).toBe('?status=failed');
  expect(within(tabs).getByRole('tab', { name: '转换失败' }).getAttribute('aria-selected')).toBe('true');
});

test('delete asks first, then DELETE docs/{id}/ and the row leaves', async () => {
  api.on('GET /my-docs/', page([published, rejected]));
  api.on('DELETE /docs/5/', { status: 204 });
  const view = await open('/app/user/docs/list');
  const rows = await within(view.host).findAllByTestId('my-doc');
  fireEvent.click(within(rows[1]).getByRole('button', { name: '删除' }));
  expect(within(rows[1]).getByText('确定删除这篇文档？')).toBeTruthy();
  expect(api.calls('DELETE /docs/5/')).toHaveLength(0);
  fireEvent.click(within(rows[1]).getByRole('button', { name: '确定删除' }));
  await waitFor(() => expect(within(view.host).getAllByTestId('my-doc')).toHaveLength(1));
  expect(api.calls('DELETE /docs/5/')).toHaveLength(1);
  expect(within(view.host).queryByText('登鹳雀楼')).toBeNull();
});

test('convertfail: the failed ones with the reason, 重试 (POST retry/) and 更换文件', async () => {
  api.on('GET /my-docs/', page([failed]));
  api.on('POST /docs/7/retry/', { body: { ...failed, status: 6, status_text: '转换中', stage: 'queued', reason: '' } });
  const view = await open('/app/user/docs/convertfail');
  const row = await within(view.host).findByTestId('my-doc');
  expect(api.calls('GET /my-docs/')[0].query.get('status')).toBe('failed');
  expect(row.textContent).toContain('文件已损坏');
  expect(within(row).getByRole('link', { name: '更换文件' }).getAttribute('href')).toBe('/app/user/docs/edit/7#file');
  fireEvent.click(within(row).getByRole('button', { name: '重试' }));
  await waitFor(() => expect(within(view.host).getByRole('progressbar').getAttribute('aria-label')).toBe('排队中 0%'));
  expect(api.calls('POST /docs/7/retry/')).toHaveLength(1);
  expect(within(view.host).queryByRole('button', { name: '重试' })).toBeNull();
});

test('denylist: the rejected ones with the reason and 编辑后重新提交', async () => {
  api.on('GET /my-docs/', page([rejected]));
  const view = await open('/app/user/docs/denylist');
  const row = await within(view.host).findByTestId('my-doc');
  expect(api.calls('GET /my-docs/')[0].query.get('status')).toBe('rejected');
  expect(within(row).getByTestId('doc-state').textContent).toBe('未通过（原因：内容与分类不符）');
  expect(within(row).getByRole('link', { name: '编辑后重新提交' }).getAttribute('href')).toBe('/app/user/docs/edit/5');
});

test('an empty group says so and offers the upload page', async () => {
  api.on('GET /my-docs/', page([]));
  const view = await open('/app/user/docs/list?status=removed');
  expect(await within(view.host).findByText('暂无文档')).toBeTruthy();
  expect(api.calls('GET /my-docs/')[0].query.get('status')).toBe('removed');
  expect(within(view.host).getByRole('link', { name: '上传文档' }).getAttribute('href')).toBe('/app/user/docs/upload');
});

test('search: my docs by words, kept in the address', async () => {
  api.on('GET /my-docs/', (r) => page(r.query.get('search') === '静夜' ? [published] : []));
  const view = await open('/app/user/docs/search');
  const q = within(view.host);
  expect(await q.findByText('输入关键词搜索我上传的文档')).toBeTruthy();
  fireEvent.change(q.getByRole('searchbox', { name: '搜索我的文档' }), { target: { value: ' 静夜 ' } });
  fireEvent.click(q.getByRole('button', { name: '搜索' }));
  expect(await q.findByRole('link', { name: '静夜思' })).toBeTruthy();
  expect(api.calls('GET /my-docs/')[0].query.get('search')).toBe('静夜');
  expect(api.calls('GET /my-docs/')[0].query.has('status')).toBe(false);
  expect(new URLSearchParams(window.location.search).get('q')).toBe('静夜');
  fireEvent.change(q.getByRole('searchbox', { name: '搜索我的文档' }), { target: { value: '黄河' } });
  fireEvent.click(q.getByRole('button', { name: '搜索' }));
  expect(await q.findByText('没有找到与“黄河”相关的文档')).toBeTruthy();
});

test('edit: the fields as they are, saved with PATCH; a rejected one goes back to review', async () => {
  api.on('GET /my-docs/5/', { body: { ...rejected, price: 1250, is_free: false, summary: '王之涣' } });
  api.on('PATCH /docs/5/', { body: { ...rejected, status: 0, status_text: '待审核', reason: '' } });
  const view = await open('/app/user/docs/edit/5');
  const q = within(view.host);
  const title = (await q.findByLabelText('标题')) as HTMLInputElement;
  expect(title.value).toBe('登鹳雀楼');
  expect((q.getByLabelText('售价（元）') as HTMLInputElement).value).toBe('12.50');
  expect((q.getByLabelText('分类') as HTMLSelectElement).value).toBe('3');
  fireEvent.change(title, { target: { value: '登鹳雀楼（赏析）' } });
  fireEvent.change(q.getByLabelText('分类'), { target: { value: '4' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(api.calls('PATCH /docs/5/')).toHaveLength(1));
  expect(api.calls('PATCH /docs/5/')[0].body).toEqual({ title: '登鹳雀楼（赏析）', summary: '王之涣', category: 4, price: 1250, preview_pages: 5 });
  await waitFor(() => expect(q.getByTestId('conversion').textContent).toContain('待审核'));
});

test('edit: a new file goes up in chunks first, then PATCH sends its session as upload', async () => {
  api.on('GET /my-docs/7/', { body: failed });
  api.on('POST /upload-sessions/', { status: 201, body: session({ name: '春晓.pdf', size: 6 }) });
  api.on('PUT /upload-sessions/u1/', (r) => ({ body: session({ size: 6, offset: Number(r.query.get('offset')) + r.text.length }) }));
  api.on('PATCH /docs/7/', { body: { ...failed, status: 6, status_text: '转换中', stage: 'queued', reason: '' } });
  const view = await open('/app/user/docs/edit/7#file');
  const q = within(view.host);
  const input = await q.findByLabelText('更换文件');
  // 更换文件 in the lists links here: the file input has the focus
  await waitFor(() => expect(document.activeElement).toBe(input));
  pickFiles(input, [new File(['%PDF-1'], '春晓.pdf')]);
  await waitFor(() => expect(api.calls('PUT /upload-sessions/u1/')).toHaveLength(2));
  fireEvent.change(q.getByLabelText('分类'), { target: { value: '3' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(api.calls('PATCH /docs/7/')).toHaveLength(1));
  expect(api.calls('PATCH /docs/7/')[0].body).toMatchObject({ upload: 'u1', title: '春晓' });
  expect(api.calls('PUT /upload-sessions/u1/').map((p) => p.text)).toEqual(['%PDF', '-1']);
});

test('edit: a file of a type not allowed is refused on the page', async () => {
  api.on('GET /my-docs/7/', { body: failed });
  const view = await open('/app/user/docs/edit/7');
  pickFiles(await within(view.host).findByLabelText('更换文件'), [new File(['MZ'], 'virus.exe')]);
  expect((await within(view.host).findByRole('alert')).textContent).toBe('virus.exe：不支持该文件格式');
  expect(api.calls('POST /upload-sessions/')).toHaveLength(0);
});

test('a row still converting follows the progress stream until it is published', async () => {
  api.on('GET /my-docs/', page([failed, myDoc({ id: 9, title: '将进酒', stage: 'converting', progress: 20 })]));
  const view = await open('/app/user/docs/list');
  const rows = await within(view.host).findAllByTestId('my-doc');
  expect(within(rows[1]).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
  const source = await waitFor(() => FakeEventSource.opened[0] ?? Promise.reject(new Error('no stream')));
  expect(source.url).toMatch(/\/my-docs\/progress\/\?ids=9$/);
  source.emit({ id: 9, status: 6, status_text: '转换中', stage: 'thumbnails', progress: 80, reason: '' });
  await waitFor(() => expect(within(rows[1]).getByRole('progressbar').getAttribute('aria-label')).toBe('正在生成缩略图 80%'));
  source.emit({ id: 9, status: 1, status_text: '已发布', stage: '', progress: 100, reason: '' });
  expect(await within(rows[1]).findByRole('link', { name: '将进酒' })).toBeTruthy();
  expect(within(rows[1]).getByTestId('doc-state').textContent).toBe('已发布');
  expect(source.closed).toBe(true);
});

test('edit: a new file put back: its session is deleted and PATCH sends no upload', async () => {
  api.on('GET /my-docs/7/', { body: failed });
  api.on('POST /upload-sessions/', { status: 201, body: session({ name: '春晓.pdf', size: 6 }) });
  api.on('PUT /upload-sessions/u1/', (r) => ({ body: session({ size: 6, offset: Number(r.query.get('offset')) + r.text.length }) }));
  api.on('DELETE /upload-sessions/u1/', { status: 204 });
  api.on('PATCH /docs/7/', { body: failed });
  const view = await open('/app/user/docs/edit/7');
  const q = within(view.host);
  pickFiles(await q.findByLabelText('更换文件'), [new File(['%PDF-1'], '春晓.pdf')]);
  fireEvent.click(await q.findByRole('button', { name: '不更换，保留原文件' }));
  await waitFor(() => expect(api.calls('DELETE /upload-sessions/u1/')).toHaveLength(1));
  fireEvent.change(q.getByLabelText('分类'), { target: { value: '3' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(api.calls('PATCH /docs/7/')).toHaveLength(1));
  expect(api.calls('PATCH /docs/7/')[0].body).not.toHaveProperty('upload');
});
