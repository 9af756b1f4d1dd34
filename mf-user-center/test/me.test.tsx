import { fireEvent, waitFor, within } from '@testing-library/react';
import { user$ } from 'shared-kernel';
import { balance, open, page, usePage } from './support/coins';
import { doc, expectToast, folder, picture, publicUser, self } from './support/me';

// user/info/{id}: my page (id 0) on GET /api/users/0/, /api/docs/?uploader=, /api/blogs/?author=,
// /api/collect-folder/?user=, /api/coin-balance/; editing with PATCH /api/users/0/ and POST /api/img-storage/;
// the welcome of from_reg=true; someone else's public page.
const api = usePage({ level: 2, gender: 'female' });
beforeEach(() => {
  api.on('GET /users/0/', { body: self() });
  api.on('GET /docs/', page([doc(1, '静夜思赏析'), doc(2, '将进酒注释')], 1, 5));
  api.on('GET /blogs/', page([doc(9, '读书笔记')], 1, 1));
  api.on('GET /collect-folder/', page([folder(4, '默认收藏夹', 3)]));
  api.on('GET /coin-balance/', { body: balance({ available: 1234 }) });
});

test('my page: nickname, level title in its colour, gender, intro; counts and first items; every link', async () => {
  const view = await open('/app/user/info/0');
  const q = within(view.host);
  expect((await q.findByTestId('nickname')).textContent).toBe('读者');
  const level = q.getByTestId('level');
  expect(level.textContent).toBe('高级学姐');
  expect(level.style.background).toBe('rgb(82, 196, 26)');
  expect(q.getByText('女')).toBeTruthy();
  expect(q.getByText('爱读书的人')).toBeTruthy();
  await waitFor(() => expect(q.getByTestId('stat-上传').textContent).toBe('5上传'));
  await waitFor(() => expect(q.getByTestId('stat-写作').textContent).toBe('1写作'));
  await waitFor(() => expect(q.getByTestId('stat-收藏夹').textContent).toBe('1收藏夹'));
  await waitFor(() => expect(q.getByTestId('stat-金币').textContent).toBe('1234金币'));
  expect(q.getByTestId('stat-金币').getAttribute('href')).toBe('/app/user/coin/list');
  expect(q.getByRole('link', { name: '静夜思赏析' }).getAttribute('href')).toBe('/app/articles/docs/detail/1');
  expect(q.getByRole('link', { name: '读书笔记' }).getAttribute('href')).toBe('/app/articles/blogs/detail/9');
  expect(await q.findByText('默认收藏夹（3 项）')).toBeTruthy();
  expect(api.calls('GET /docs/')[0].query.get('uploader')).toBe('42');
  expect(api.calls('GET /blogs/')[0].query.get('author')).toBe('42');
  expect(api.calls('GET /collect-folder/')[0].query.get('user')).toBe('42');
  const links = within(q.getByRole('navigation', { name: '我的服务' }));
  const hrefs = Object.fromEntries(links.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]));
  expect(hrefs).toEqual({
    账号设置: '/app/user/setting-items', 我的上传: '/app/user/docs/list', 我的写作: '/app/user/blogs/list', 我的收藏: '/app/user/collect/list',
    浏览历史: '/app/user/history/list', 金币明细: '/app/user/coin/list', 支付记录: '/app/user/pay/order_history', 提现: '/app/user/pay/withdraw',
    我的邀请码: '/app/user/invite_code', 意见反馈: '/app/site/feedback', 关于我们: '/app/user/about-items',
  });
  expect(q.queryByTestId('welcome')).toBeNull();
});

test('editing: a new avatar through img-storage, nickname, gender and intro saved; the kernel user follows', async () => {
  api.on('POST /img-storage/', { status: 201, body: { id: 12, url: '/api/img-storage/12/', width: 200, height: 200, size: 10 } });
  api.on('PATCH /users/0/', (r) => ({ body: self({ ...r.body }) }));
  const view = await open('/app/user/info/0');
  const q = within(view.host);
  fireEvent.click(await q.findByRole('button', { name: '编辑资料' }));
  const file = view.host.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(file, { target: { files: [picture('me.png')] } });
  await waitFor(() => expect(view.host.querySelector('img.me-avatar')?.getAttribute('src')).toBe('/api/img-storage/12/'));
  const upload = api.calls('POST /img-storage/')[0];
  expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
  expect(upload.text).toContain('name="purpose"\r\n\r\navatar');
  expect(upload.text).toMatch(/name="file"; filename="me.png"/);
  fireEvent.change(q.getByLabelText('昵称'), { target: { value: ' 新名字 ' } });
  fireEvent.click(q.getByLabelText('男'));
  fireEvent.change(q.getByLabelText('个人简介'), { target: { value: '换个简介' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(api.calls('PATCH /users/0/')).toHaveLength(1));
  expect(api.calls('PATCH /users/0/')[0].body).toEqual({ nickname: '新名字', avatar: '/api/img-storage/12/', intro: '换个简介', gender: 'male' });
  expect((await q.findByTestId('nickname')).textContent).toBe('新名字');
  expect(q.getByTestId('level').textContent).toBe('高级学长');
  expect(user$.value).toMatchObject({ uid: 42, nickname: '新名字', gender: 'male' });
  await expectToast('资料已保存');
});

test('editing: an empty nickname is stopped here; the API\'s field message is shown under its field', async () => {
  api.on('PATCH /users/0/', { status: 400, body: { message: '请求参数有误，请检查后重试', code: 'invalid', errors: { intro: ['个人简介不能超过500个字符'] } } });
  const view = await open('/app/user/info/0');
  const q = within(view.host);
  fireEvent.click(await q.findByRole('button', { name: '编辑资料' }));
  fireEvent.change(q.getByLabelText('昵称'), { target: { value: '  ' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect(await q.findByText('请输入昵称')).toBeTruthy();
  expect(api.calls('PATCH /users/0/')).toHaveLength(0);
  fireEvent.change(q.getByLabelText('昵称'), { target: { value: '读者' } });
  fireEvent.click(q.getByRole('button', { name: '保存' }));
  expect(await q.findByText('个人简介不能超过500个字符')).toBeTruthy();
  fireEvent.click(q.getByRole('button', { name: '取消' }));
  expect((await q.findByTestId('nickname')).textContent).toBe('读者');
});

test('an avatar of the wrong type or too big is refused before any upload', async () => {
  const view = await open('/app/user/info/0');
  fireEvent.click(await within(view.host).findByRole('button', { name: '编辑资料' }));
  const file = view.host.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(file, { target: { files: [picture('me.gif', 10, 'image/gif')] } });
  await expectToast('头像只能是 jpg、jpeg 或 png 图片');
  fireEvent.change(file, { target: { files: [picture('big.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg')] } });
  await expectToast('头像图片不能超过 5 MB');
  expect(api.calls('POST /img-storage/')).toHaveLength(0);
});

test('from_reg=true: the welcome asks for nickname and avatar, shows what one can do, and goes once done', async () => {
  api.on('PATCH /users/0/', (r) => ({ body: self({ ...r.body }) }));
  const view = await open('/app/user/info/0?from_reg=true');
  const q = within(view.host);
  const welcome = within(await q.findByTestId('welcome'));
  expect(welcome.getByText('欢迎加入！')).toBeTruthy();
  expect(welcome.getByText('上传文档')).toBeTruthy();
  expect(welcome.getByText('赚金币、提现')).toBeTruthy();
  expect(welcome.queryByLabelText('个人简介')).toBeNull();
  fireEvent.change(welcome.getByLabelText('昵称'), { target: { value: '新同学' } });
  fireEvent.click(welcome.getByRole('button', { name: '完成' }));
  await waitFor(() => expect(q.queryByTestId('welcome')).toBeNull());
  expect(api.calls('PATCH /users/0/')[0].body).toEqual({ nickname: '新同学', avatar: '' });
  expect(q.getByTestId('nickname').textContent).toBe('新同学');
  expect(window.location.search).toBe('');
});

test('from_reg=true: 以后再说 closes the welcome without saving', async () => {
  const view = await open('/app/user/info/0?from_reg=true');
  fireEvent.click(await within(view.host).findByRole('button', { name: '以后再说' }));
  await waitFor(() => expect(within(view.host).queryByTestId('welcome')).toBeNull());
  expect(api.calls('PATCH /users/0/')).toHaveLength(0);
});

test('someone else\'s page: public fields and public lists only, no editing, no coins, no links', async () => {
  api.on('GET /users/7/', { body: publicUser() });
  const view = await open('/app/user/info/7');
  const q = within(view.host);
  expect((await q.findByTestId('nickname')).textContent).toBe('李白');
  expect(q.getByTestId('level').textContent).toBe('认证专家');
  expect(q.getByRole('img', { name: '李白的头像' }).getAttribute('src')).toBe('/api/img-storage/3/');
  expect(await q.findByText('TA 的文档 · 5')).toBeTruthy();
  expect(await q.findByText('TA 的公开收藏夹 · 1')).toBeTruthy();
  expect(q.queryByRole('button', { name: '编辑资料' })).toBeNull();
  expect(q.queryByRole('navigation', { name: '我的服务' })).toBeNull();
  expect(api.calls('GET /docs/')[0].query.get('uploader')).toBe('7');
  expect(api.calls('GET /coin-balance/')).toHaveLength(0);
  expect(api.calls('GET /users/0/')).toHaveLength(0);
});

test('my own id is my page; an unknown user shows the API\'s message with a retry; a bad id says so', async () => {
  const mine = await open('/app/user/info/42');
  expect(await within(mine.host).findByRole('button', { name: '编辑资料' })).toBeTruthy();
  await mine.close();
  api.on('GET /users/8/', { status: 404, body: { message: '用户不存在', code: 'user_not_found' } });
  const missing = await open('/app/user/info/8');
  expect(await within(missing.host).findByText('用户不存在')).toBeTruthy();
  expect(within(missing.host).getByRole('button', { name: '重试' })).toBeTruthy();
  await missing.close();
  const bad = await open('/app/user/info/abc');
  expect(await within(bad.host).findByText('用户不存在')).toBeTruthy();
});
