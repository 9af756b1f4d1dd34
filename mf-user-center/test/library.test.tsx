import { fireEvent, waitFor, within } from '@testing-library/react';
import { againHint } from '../src/pages/library/DownloadsPage';
import { dayLabel } from '../src/pages/library/HistoryPage';
import { closeAll, logIn, open, page, usePage } from './support/coins';

// user/collect/list, user/collect/folder/{id} and user/history/list on collect-folder/, docs-collect/,
// blogs-collect/ and articles-browsing-history/.
const api = usePage();
beforeEach(() => {
  api.on('GET /user-share-link/', page([]));
});

const user = { uid: 3, nickname: '李白' };
const category = { id: 4, name: '唐诗' };
const doc = (id: number, title: string) => ({
  id, title, summary: '', category, uploader: user, file_type: 'pdf', ext_cate: 'pdf', size: 1, pages: 1, status: 1, status_text: '已发布',
  active: 1, score: 0, rating: 5, views: 1, downloads: 1, comment_count: 0, collect_count: 1, price: 0, is_free: true,
  create_time: '2026-11-20T02:00:00.000Z',
});
const blog = (id: number, title: string) => ({
  id, title, summary: '', category, author: { uid: 5, nickname: '杜甫' }, status: 1, status_text: '已发布', views: 1, comment_count: 0,
  collect_count: 1, appendix_count: 0, create_time: '2026-11-20T02:00:00.000Z', update_time: '2026-11-20T02:00:00.000Z',
});
const folder = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id, name, is_public: false, is_default: false, item_count: 0, create_time: '2026-11-20T02:00:00.000Z', ...extra,
});
const defaultFolder = folder(1, '默认收藏夹', { is_default: true, item_count: 2 });
const poems = folder(2, '唐诗', { item_count: 1 });

test('folders beside the chosen folder\'s items: documents and blogs with links; a new folder is created and chosen', async () => {
  api.on('GET /collect-folder/', page([defaultFolder, poems]));
  api.on('GET /collect-folder/1/items/', page([
    { id: 11, type: 'docs', docs: doc(12, '静夜思'), create_time: '2026-11-24T02:00:00.000Z' },
    { id: 10, type: 'blogs', blogs: blog(7, '春望赏析'), create_time: '2026-11-23T02:00:00.000Z' },
  ]));
  api.on('POST /collect-folder/', { status: 201, body: folder(3, '宋词', { is_public: true }) });
  api.on('GET /collect-folder/3/items/', page([]));
  const view = await open('/app/user/collect/list');
  const q = within(view.host);
  const rows = await q.findAllByTestId('library-item');
  expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('文档静夜思李白唐诗'), expect.stringContaining('博文春望赏析杜甫')]);
  expect(within(rows[0]).getByRole('link', { name: '静夜思' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
  expect(within(rows[1]).getByRole('link', { name: '春望赏析' }).getAttribute('href')).toBe('/app/articles/blogs/detail/7');
  // the default folder cannot be renamed or deleted
  const panel = q.getByTestId('folder-panel');
  expect(within(panel).queryByRole('button', { name: '删除收藏夹' })).toBeNull();

  fireEvent.change(q.getByRole('textbox', { name: '收藏夹名称' }), { target: { value: ' 宋词 ' } });
  fireEvent.click(q.getByRole('checkbox'));
  api.on('GET /collect-folder/', page([defaultFolder, poems, folder(3, '宋词', { is_public: true })]));
  fireEvent.click(q.getByRole('button', { name: '新建收藏夹' }));
  await waitFor(() => expect(api.calls('POST /collect-folder/')).toHaveLength(1));
  expect(api.calls('POST /collect-folder/')[0].body).toEqual({ name: '宋词', is_public: true });
  await waitFor(() => expect(window.location.search).toBe('?folder=3'));
  expect(await q.findByText('这个收藏夹还是空的，去文档或博文页点“收藏”吧')).toBeTruthy();
  expect(within(q.getByTestId('folder-panel')).getByRole('button', { name: '分享链接' })).toBeTruthy();
});

test('an item moves to another folder (POST docs-collect/ with the folder) or is removed, and leaves the list', async () => {
  api.on('GET /collect-folder/', page([defaultFolder, poems]));
  api.on('GET /collect-folder/1/items/', page([
    { id: 11, type: 'docs', docs: doc(12, '静夜思'), create_time: '2026-11-24T02:00:00.000Z' },
    { id: 10, type: 'blogs', blogs: blog(7, '春望赏析'), create_time: '2026-11-23T02:00:00.000Z' },
  ]));
  api.on('POST /docs-collect/', { body: { id: 11, folder: 2, docs: doc(12, '静夜思'), create_time: '2026-11-24T02:00:00.000Z' } });
  api.on('DELETE /blogs-collect/10/', { status: 204 });
  const view = await open('/app/user/collect/list');
  const q = within(view.host);
  const rows = await q.findAllByTestId('library-item');
  fireEvent.change(within(rows[0]).getByRole('combobox', { name: '移到…' }), { target: { value: '2' } });
  await waitFor(() => expect(q.getAllByTestId('library-item')).toHaveLength(1));
  expect(api.calls('POST /docs-collect/')[0].body).toEqual({ docs: 12, folder: 2 });
  fireEvent.click(within(q.getAllByTestId('library-item')[0]).getByRole('button', { name: '移除' }));
  await waitFor(() => expect(q.queryAllByTestId('library-item')).toHaveLength(0));
  expect(api.calls('DELETE /blogs-collect/10/')).toHaveLength(1);
});

test('a folder: renamed, made public, deleted with its items moved to the folder chosen', async () => {
  api.on('GET /collect-folder/', page([defaultFolder, poems]));
  api.on('GET /collect-folder/2/items/', page([]));
  api.on('PATCH /collect-folder/2/', (r) => ({ body: { ...poems, ...(r.body as object) } }));
  api.on('DELETE /collect-folder/2/', { status: 204 });
  api.on('GET /collect-folder/1/items/', page([]));
  const view = await open('/app/user/collect/list?folder=2');
  const q = within(view.host);
  const panel = await q.findByTestId('folder-panel');
  fireEvent.click(within(panel).getByRole('button', { name: '重命名' }));
  fireEvent.change(within(panel).getByRole('textbox', { name: '收藏夹名称' }), { target: { value: '唐诗三百首' } });
  fireEvent.click(within(panel).getByRole('button', { name: '保存' }));
  await waitFor(() => expect(api.calls('PATCH /collect-folder/2/')).toHaveLength(1));
  expect(api.calls('PATCH /collect-folder/2/')[0].body).toEqual({ name: '唐诗三百首' });
  fireEvent.click(within(panel).getByRole('button', { name: '设为公开' }));
  await waitFor(() => expect(api.calls('PATCH /collect-folder/2/')).toHaveLength(2));
  expect(api.calls('PATCH /collect-folder/2/')[1].body).toEqual({ is_public: true });

  fireEvent.click(within(panel).getByRole('button', { name: '删除收藏夹' }));
  const ask = within(panel).getByRole('group', { name: '删除收藏夹' });
  expect(within(ask).getByRole('combobox', { name: '请选择收藏夹' })).toBeTruthy();
  fireEvent.click(within(ask).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(api.calls('DELETE /collect-folder/2/')).toHaveLength(1));
  const call = api.calls('DELETE /collect-folder/2/')[0];
  expect(call.query.get('items')).toBe('move');
  expect(call.query.get('move_to')).toBe('1');
});

test("someone's public folder: its items without actions; a private or missing one shows the API's message", async () => {
  logIn({ uid: 99 });
  api.on('GET /collect-folder/5/', { body: folder(5, '好书', { is_public: true, item_count: 1 }) });
  api.on('GET /collect-folder/5/items/', page([{ id: 11, type: 'docs', docs: doc(12, '静夜思'), create_time: '2026-11-24T02:00:00.000Z' }]));
  const view = await open('/app/user/collect/folder/5');
  const q = within(view.host);
  const [row] = await q.findAllByTestId('library-item');
  expect(q.getByRole('heading', { name: '好书' })).toBeTruthy();
  expect(within(row).queryByRole('button', { name: '移除' })).toBeNull();
  await closeAll();

  api.on('GET /collect-folder/6/', { status: 404, body: { message: '收藏夹不存在', code: 'not_found' } });
  const other = await open('/app/user/collect/folder/6');
  expect((await within(other.host).findByRole('alert')).textContent).toContain('收藏夹不存在');
  expect(api.calls('GET /collect-folder/6/items/')).toHaveLength(0);
});

test('history: grouped by day newest first; one deleted; all cleared after asking', async () => {
  const now = new Date();
  const earlier = new Date(now.getTime() - 60_000).toISOString();
  const old = '2026-01-02T04:00:00.000Z';
  api.on('GET /articles-browsing-history/', page([
    { id: 3, type: 'docs', docs: doc(12, '静夜思'), create_time: now.toISOString() },
    { id: 2, type: 'blogs', blogs: blog(7, '春望赏析'), create_time: earlier },
    { id: 1, type: 'docs', docs: doc(13, '春晓'), create_time: old },
  ]));
  api.on('DELETE /articles-browsing-history/2/', { status: 204 });
  api.on('DELETE /articles-browsing-history/', { body: { deleted: 2 } });
  const view = await open('/app/user/history/list');
  const q = within(view.host);
  await q.findAllByTestId('library-item');
  const groups = q.getAllByRole('group');
  expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['今天', dayLabel(old)]);
  expect(within(groups[0]).getAllByTestId('library-item')).toHaveLength(2 - (dayLabel(earlier) === '今天' ? 0 : 1));
  fireEvent.click(within(q.getAllByTestId('library-item')[1]).getByRole('button', { name: '移除' }));
  await waitFor(() => expect(q.getAllByTestId('library-item')).toHaveLength(2));

  api.on('GET /articles-browsing-history/', page([]));
  fireEvent.click(q.getByRole('button', { name: '清空历史' }));
  expect(api.calls('DELETE /articles-browsing-history/')).toHaveLength(0);
  fireEvent.click(q.getByRole('button', { name: '确定' }));
  expect(await q.findByText('还没有浏览记录')).toBeTruthy();
  expect(api.calls('DELETE /articles-browsing-history/')).toHaveLength(1);
});

test('day labels: 今天, 昨天, then the date', () => {
  const now = new Date(2026, 10, 25, 10, 0);
  expect(dayLabel(new Date(2026, 10, 25, 0, 1).toISOString(), now)).toBe('今天');
  expect(dayLabel(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('昨天');
  expect(dayLabel(new Date(2026, 10, 23, 12, 0).toISOString(), now)).toBe('2026-11-23');
});

test('my shares under the folders: what I shared and how often each link was opened; a public folder\'s link is made on share', async () => {
  api.on('GET /collect-folder/', page([folder(2, '唐诗', { is_public: true })]));
  api.on('GET /collect-folder/2/items/', page([]));
  api.on('GET /user-share-link/', page([
    { id: 5, token: 'abcdefghijkl', url: '/api/s/abcdefghijkl/', type: 'folder', target: { id: 2, title: '唐诗' }, opens: 7, last_open_time: null, create_time: '2026-11-24T02:00:00.000Z' },
    { id: 4, token: 'bcdefghijklm', url: '/api/s/bcdefghijklm/', type: 'docs', target: { id: 12, title: '静夜思' }, opens: 0, last_open_time: null, create_time: '2026-11-23T02:00:00.000Z' },
  ]));
  api.on('POST /user-share-link/', { body: { id: 5, token: 'abcdefghijkl', url: '/api/s/abcdefghijkl/', type: 'folder', target: { id: 2, title: '唐诗' }, opens: 7, last_open_time: null, create_time: '2026-11-24T02:00:00.000Z' } });
  const view = await open('/app/user/collect/list');
  const q = within(view.host);
  const links = await q.findAllByTestId('share-link');
  expect(links.map((l) => l.textContent)).toEqual([expect.stringContaining('收藏夹唐诗打开 7 次'), expect.stringContaining('文档静夜思打开 0 次')]);
  // the folder's panel comes with its own fetch, which may answer after the share links
  fireEvent.click(within(await q.findByTestId('folder-panel')).getByRole('button', { name: '分享链接' }));
  await waitFor(() => expect(api.calls('POST /user-share-link/')).toHaveLength(1));
  expect(api.calls('POST /user-share-link/')[0].body).toEqual({ type: 'folder', id: 2 });
});

test('my local documents: numbers, each document once with whether re-downloading is free, and a re-download', async () => {
  api.on('GET /docs-down-statistics/', { body: { today: 2, total: 9, free_total: 5, free_left: 3, uploaded_downloads: 40 } });
  const now = new Date().toISOString();
  api.on('GET /docs-down-history-record/', page([
    { id: 3, docs: doc(12, '静夜思'), kind: 'free', create_time: now },
    { id: 2, docs: doc(13, '春晓'), kind: 'paid', create_time: '2026-01-02T02:00:00.000Z' },
  ]));
  api.on('POST /user-download/docs/13/', { status: 402, body: { code: 'payment_required', message: '需购买后下载' } });
  api.on('GET /user-share-file/', page([
    { id: 2, token: 'abcdefghijkl', url: '/api/user-share-file/abcdefghijkl/', docs: { id: 12, title: '静夜思' }, downloads: 4, expired: false, expire_time: '2026-12-01T02:00:00.000Z', create_time: now },
    { id: 1, token: 'bcdefghijklm', url: '/api/user-share-file/bcdefghijklm/', docs: { id: 12, title: '静夜思' }, downloads: 9, expired: true, expire_time: '2026-11-01T02:00:00.000Z', create_time: now },
  ]));
  const view = await open('/app/user/docs/download');
  const q = within(view.host);
  const rows = await q.findAllByTestId('download-record');
  expect(q.getByRole('region', { name: '下载统计' }).textContent).toContain('今日剩余免费次数3');
  expect(rows[0].textContent).toContain('今天下载过，今日内重新下载免费');
  expect(rows[1].textContent).toContain('已购买或自己上传，可随时免费重新下载');
  expect(within(rows[0]).getByRole('link', { name: '静夜思' }).getAttribute('href')).toBe('/app/articles/docs/detail/12');
  fireEvent.click(within(rows[1]).getByRole('button', { name: '重新下载' }));
  await waitFor(() => expect(api.calls('POST /user-download/docs/13/')).toHaveLength(1));
  // a free document I downloaded can be shared as a file
  api.on('POST /user-share-file/', { status: 201, body: { id: 1, token: 'abcdefghijkl', url: '/api/user-share-file/abcdefghijkl/', docs: { id: 12, title: '静夜思' }, downloads: 0, expired: false, expire_time: now, create_time: now } });
  fireEvent.click(within(rows[0]).getByRole('button', { name: '分享文件' }));
  await waitFor(() => expect(api.calls('POST /user-share-file/')).toHaveLength(1));
  expect(api.calls('POST /user-share-file/')[0].body).toEqual({ docs: 12 });
  const files = q.getAllByTestId('share-file');
  expect(files.map((f) => f.textContent)).toEqual([expect.stringMatching(/^静夜思下载 4 次2026-12-01 \d\d:00 到期复制链接$/), '静夜思下载 9 次已过期']);
});

test('re-download hints: bought or mine always free, downloaded today free until the site\'s midnight (UTC+8)', () => {
  const record = (kind: string, create_time: string) => ({ id: 1, docs: doc(1, 'x'), kind, create_time });
  const now = new Date('2026-11-25T15:00:00.000Z'); // 23:00 in UTC+8
  expect(againHint(record('owner', '2025-01-01T00:00:00.000Z'), now)).toBe('已购买或自己上传，可随时免费重新下载');
  expect(againHint(record('free', '2026-11-24T16:30:00.000Z'), now)).toBe('今天下载过，今日内重新下载免费');
  expect(againHint(record('free', '2026-11-24T15:30:00.000Z'), now)).toBe('重新下载将占用免费次数或需要购买');
});

test('transfers: offer a document of mine to a user ID; a received offer is accepted; a sent one cancelled', async () => {
  const transfer = (id: number, extra: Record<string, unknown>) => ({
    id, docs: { id: 12, title: '静夜思' }, from_user: { uid: 3, nickname: '李白' }, to_user: { uid: 42, nickname: '读者' }, status: 'pending',
    status_text: '待接收', message: '送你', direction: 'received', create_time: '2026-11-24T02:00:00.000Z', decide_time: null, ...extra,
  });
  api.on('GET /docs/', (r) => page(r.query.get('uploader') === '42' ? [doc(30, '我的讲义')] : []));
  api.on('GET /docs-transfer/', (r) => page(r.query.get('box') === 'sent' ? [transfer(8, { direction: 'sent', docs: { id: 30, title: '我的讲义' } })] : [transfer(9, {})]));
  api.on('POST /docs-transfer/9/accept/', { body: transfer(9, { status: 'accepted', status_text: '已接收' }) });
  api.on('POST /docs-transfer/8/cancel/', { body: transfer(8, { direction: 'sent', status: 'cancelled', status_text: '已撤回' }) });
  api.on('POST /docs-transfer/', { status: 201, body: transfer(10, { direction: 'sent' }) });
  const view = await open('/app/user/transfer/list');
  const q = within(view.host);
  const [row] = await q.findAllByTestId('transfer');
  expect(row.textContent).toContain('来自 李白');
  fireEvent.click(within(row).getByRole('button', { name: '接收' }));
  await waitFor(() => expect(within(q.getAllByTestId('transfer')[0]).queryByRole('button', { name: '接收' })).toBeNull());
  expect(q.getAllByTestId('transfer')[0].textContent).toContain('已接收');

  fireEvent.click(q.getByRole('button', { name: '我发出的' }));
  await waitFor(() => expect(window.location.search).toBe('?box=sent'));
  const sent = await q.findByText('转给 读者');
  fireEvent.click(within(sent.closest('li')!).getByRole('button', { name: '撤回' }));
  await waitFor(() => expect(api.calls('POST /docs-transfer/8/cancel/')).toHaveLength(1));

  await q.findByRole('option', { name: '我的讲义' });
  fireEvent.change(q.getByRole('combobox', { name: '选择文档' }), { target: { value: '30' } });
  fireEvent.change(q.getByRole('textbox', { name: '接收人用户 ID' }), { target: { value: '77' } });
  fireEvent.click(q.getByRole('button', { name: '发送转让请求' }));
  await waitFor(() => expect(api.calls('POST /docs-transfer/')).toHaveLength(1));
  expect(api.calls('POST /docs-transfer/')[0].body).toEqual({ docs: 30, to_user: 77 });
});
