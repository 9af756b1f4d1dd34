import { fireEvent, waitFor, within } from '@testing-library/react';
import { clearUser, on } from 'shared-kernel';
import { open, page, usePage } from './support/coins';
import { expectToast, picture } from './support/me';

// user/about-items and the site pages: user_agreement, privacy_policy, sdk_list, new_function_intro, app_down,
// qrcode, feedback, blank.
const api = usePage();

const agreement = (overrides: Record<string, unknown> = {}) => ({
  title: '用户服务协议', version: '2.1', effective_date: '2026-01-01', update_time: '2026-01-01T02:00:00.000Z',
  content: '第一条 总则\n本协议……\n\n第二条 <img src=x onerror="alert(1)"> 账号', ...overrides,
});
const version = (id: number, platform: string, v: string, url: string, overrides: Record<string, unknown> = {}) => ({
  id, platform, version: v, download_url: url, notes: `${v} 的更新`, force_update: false, create_time: '2026-05-06T08:00:00.000Z', ...overrides,
});

test('the user agreement: title, version and date, paragraphs as text (markup is shown, never run)', async () => {
  api.on('GET /user-agreement/', { body: agreement() });
  const view = await open('/app/site/user_agreement');
  const q = within(view.host);
  expect(await q.findByRole('heading', { name: '用户服务协议' })).toBeTruthy();
  expect(q.getByText(/版本 2\.1 · 2026-01-01 起生效/)).toBeTruthy();
  const paragraphs = view.host.querySelectorAll('.me-text p');
  expect([...paragraphs].map((p) => p.textContent)).toEqual(['第一条 总则\n本协议……', '第二条 <img src=x onerror="alert(1)"> 账号']);
  expect(view.host.querySelector('.me-text img')).toBeNull();
});

test('the privacy policy: a failure shows the message and a retry that loads it', async () => {
  api.on('GET /user-privacy/', { status: 404, body: { message: '内容暂未发布', code: 'not_found' } });
  const view = await open('/app/site/privacy_policy');
  const q = within(view.host);
  expect(await q.findByText('内容暂未发布')).toBeTruthy();
  api.on('GET /user-privacy/', { body: agreement({ title: '隐私政策', content: '我们如何收集信息' }) });
  fireEvent.click(q.getByRole('button', { name: '重试' }));
  expect(await q.findByText('我们如何收集信息')).toBeTruthy();
});

test('the SDK list: each SDK with company, purpose, data, platforms and its policy link; by platform', async () => {
  const sdk = { id: 1, name: '微信 OpenSDK', company: '深圳市腾讯计算机系统有限公司', purpose: '微信登录、分享', data_collected: '设备型号',
    platforms: ['android', 'ios'], privacy_url: 'https://weixin.qq.com/privacy' };
  api.on('GET /sdk-list/', (r) => page(r.query.get('platform') === 'ios' ? [] : [sdk, { ...sdk, id: 2, name: '坏链接', privacy_url: 'javascript:alert(1)' }]));
  const view = await open('/app/site/sdk_list');
  const q = within(view.host);
  const rows = await q.findAllByTestId('sdk');
  expect(within(rows[0]).getByText('深圳市腾讯计算机系统有限公司')).toBeTruthy();
  expect(within(rows[0]).getByText('Android、iOS')).toBeTruthy();
  expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('https://weixin.qq.com/privacy');
  expect(within(rows[1]).queryByRole('link')).toBeNull();
  fireEvent.click(q.getByRole('button', { name: 'iOS' }));
  expect(await q.findByText('暂无第三方SDK')).toBeTruthy();
  expect(api.calls('GET /sdk-list/').at(-1)?.query.get('platform')).toBe('ios');
});

test('new functions: the versions of the chosen platform, newest marked, a forced update flagged', async () => {
  api.on('GET /app-version-detail/', (r) =>
    page(r.query.get('platform') === 'pc' ? [version(3, 'pc', '1.10.0', '/x.exe')] : [version(2, 'android', '2.4.1', '/a.apk', { force_update: true }), version(1, 'android', '2.4.0', '/b.apk')]),
  );
  const view = await open('/app/site/new_function_intro?platform=android');
  const q = within(view.host);
  const rows = await q.findAllByTestId('version');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText('最新')).toBeTruthy();
  expect(within(rows[0]).getByText('重要更新')).toBeTruthy();
  expect(within(rows[0]).getByText('2.4.1 的更新')).toBeTruthy();
  expect(within(rows[1]).queryByText('最新')).toBeNull();
  fireEvent.click(q.getByRole('button', { name: '电脑版' }));
  await waitFor(() => expect(q.getAllByTestId('version')).toHaveLength(1));
  expect(q.getByText('1.10.0 的更新')).toBeTruthy();
});

test('app download: a package this site really serves, an app-store address, and a missing package apart; clicks counted', async () => {
  api.on('GET /app-update/', (r) => page([r.query.get('platform') === 'ios' ? version(2, 'ios', '2.4.0', 'https://apps.apple.com/cn/app/id1') : version(1, 'android', '2.4.1', '/static/app/wendang-2.4.1.apk')]));
  api.on('GET /pc-update/', page([version(3, 'pc', '1.10.0', '/static/app/setup-1.10.0.exe')]));
  api.on('POST /app-down-click/', { status: 201, body: { detail: 'ok', platform: 'ios', download_url: null } });
  // the android package is missing on this site, the pc one is there (the fake answers both without /api)
  api.otherwise((r) => (r.method === 'HEAD' && r.url === '/static/app/setup-1.10.0.exe' ? { status: 200 } : { status: 404 }));
  const view = await open('/app/site/app_down');
  const q = within(view.host);
  const android = within(await q.findByTestId('download-android'));
  expect(await android.findByText('安装包暂未上架')).toBeTruthy();
  const ios = within(q.getByTestId('download-ios'));
  const iosLink = await ios.findByRole('link', { name: '下载iOS 版' });
  expect(iosLink.getAttribute('href')).toBe('https://apps.apple.com/cn/app/id1');
  const pc = within(q.getByTestId('download-pc'));
  expect((await pc.findByRole('link', { name: '下载电脑版' })).getAttribute('href')).toBe('/static/app/setup-1.10.0.exe');
  iosLink.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
  fireEvent.click(iosLink);
  await waitFor(() => expect(api.calls('POST /app-down-click/')).toHaveLength(1));
  expect(api.calls('POST /app-down-click/')[0].body).toEqual({ platform: 'ios', version: '2.4.0', source: '/app/site/app_down' });
  expect(await q.findByTestId('qr')).toBeTruthy();
  expect(q.getByText('http://localhost/')).toBeTruthy();
});

test('the QR page: the QR of the page asked for (a site path only), with its link to copy', async () => {
  const view = await open('/app/site/qrcode?path=%2Fapp%2Farticles%2Fdocs%2Fdetail%2F12');
  const q = within(view.host);
  expect((await q.findByTestId('qr')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(q.getByTestId('qr-url').textContent).toBe('http://localhost/app/articles/docs/detail/12');
  expect(q.getByRole('img', { name: '当前页面的二维码' })).toBeTruthy();
  await view.close();
  const other = await open('/app/site/qrcode?path=https%3A%2F%2Fevil.example%2F');
  expect(within(other.host).getByTestId('qr-url').textContent).toBe('http://localhost/');
});

test('feedback: a visitor is asked to log in', async () => {
  clearUser();
  const asked: unknown[] = [];
  const off = on('auth:login-required', (p) => asked.push(p));
  const view = await open('/app/site/feedback');
  fireEvent.click(await within(view.host).findByRole('button', { name: '登录' }));
  expect(asked).toHaveLength(1);
  off();
  expect(api.calls('GET /feedback/')).toHaveLength(0);
});

test('feedback: text required; text, contact and a screenshot sent; my list reloads with the staff reply', async () => {
  let sent: Record<string, unknown>[] = [];
  api.on('GET /feedback/', () => page(sent.map((b, i) => ({ id: i + 1, content: b.content, contact: b.contact, images: b.images, reply: '', reply_time: null, create_time: '2026-11-24T02:00:00.000Z' }))));
  api.on('POST /img-storage/', { status: 201, body: { id: 5, url: '/api/img-storage/5/', width: 10, height: 10, size: 10 } });
  api.on('POST /feedback/', (r) => {
    sent = [r.body, ...sent];
    return { status: 201, body: { id: 1, ...r.body, reply: '', reply_time: null, create_time: '2026-11-24T02:00:00.000Z' } };
  });
  const view = await open('/app/site/feedback');
  const q = within(view.host);
  expect(await q.findByText('还没有提交过反馈')).toBeTruthy();
  fireEvent.click(q.getByRole('button', { name: '提交反馈' }));
  expect(await q.findByText('请填写反馈内容')).toBeTruthy();
  fireEvent.change(q.getByLabelText('问题或建议'), { target: { value: ' 预览白屏 ' } });
  fireEvent.change(q.getByLabelText('联系方式（选填）'), { target: { value: 'qq 123' } });
  fireEvent.change(view.host.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [picture('shot.jpg', 10, 'image/jpeg')] } });
  expect((await q.findByRole('img', { name: '截图 1' })).getAttribute('src')).toBe('/api/img-storage/5/');
  fireEvent.click(q.getByRole('button', { name: '提交反馈' }));
  await expectToast('感谢反馈，我们会尽快处理');
  expect(api.calls('POST /feedback/')[0].body).toEqual({ content: '预览白屏', contact: 'qq 123', images: ['/api/img-storage/5/'] });
  const rows = await q.findAllByTestId('feedback');
  expect(within(rows[0]).getByText('预览白屏')).toBeTruthy();
  expect(rows[0].textContent).toContain('等待回复');
  expect((q.getByLabelText('问题或建议') as HTMLTextAreaElement).value).toBe('');
});

test('feedback: replies are shown; a screenshot can be removed; a failure\'s message is toasted', async () => {
  api.on('GET /feedback/', page([{ id: 1, content: '希望有夜间模式', contact: '', images: [], reply: '已上线，谢谢', reply_time: '2026-11-24T03:00:00.000Z', create_time: '2026-11-24T02:00:00.000Z' }]));
  api.on('POST /img-storage/', { status: 201, body: { id: 6, url: '/api/img-storage/6/', width: 10, height: 10, size: 10 } });
  api.on('POST /feedback/', { status: 403, body: { message: '请先绑定手机号完成账号激活', code: 'account_inactive' } });
  const view = await open('/app/site/feedback');
  const q = within(view.host);
  expect(await q.findByText('已上线，谢谢')).toBeTruthy();
  fireEvent.change(view.host.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [picture()] } });
  fireEvent.click(await q.findByRole('button', { name: '删除第 1 张截图' }));
  expect(q.queryByRole('img', { name: '截图 1' })).toBeNull();
  fireEvent.change(q.getByLabelText('问题或建议'), { target: { value: '再来一条' } });
  fireEvent.click(q.getByRole('button', { name: '提交反馈' }));
  await expectToast('请先绑定手机号完成账号激活');
});

test('about: name and version, every site page one tap away, the ICP record linked', async () => {
  api.on('GET /site-icp/', { body: { icp: '京ICP备00000000号', icp_url: 'https://beian.miit.gov.cn/', police: '', police_url: '', copyright: '© 2026 知库文档' } });
  const view = await open('/app/user/about-items');
  const q = within(view.host);
  expect(await q.findByText('知库文档')).toBeTruthy();
  expect(q.getByTestId('version').textContent).toBe(`版本 ${__APP_VERSION__}`);
  const hrefs = Object.fromEntries(q.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]));
  expect(hrefs).toMatchObject({
    用户协议: '/app/site/user_agreement', 隐私政策: '/app/site/privacy_policy', 第三方SDK列表: '/app/site/sdk_list', 新版功能介绍: '/app/site/new_function_intro',
    意见反馈: '/app/site/feedback', 下载手机客户端: '/app/site/app_down', 扫码访问: '/app/site/qrcode',
  });
  expect((await q.findByRole('link', { name: '京ICP备00000000号' })).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
  expect(q.getByTestId('icp').textContent).toContain('© 2026 知库文档');
});

test('blank: nothing but a heading for screen readers, and no call', async () => {
  const view = await open('/app/blank/blank');
  await waitFor(() => expect(view.host.querySelector('h1')?.textContent).toBe('空白页'));
  expect(view.host.textContent).toBe('空白页');
  expect(api.received).toHaveLength(0);
});

test("the small tools: a live count of characters, Chinese characters and lines; the site's word cut of the text", async () => {
  api.on('POST /cut-words/', { body: { words: ['唐诗', '三百首', '选读'], all: ['唐诗', '三百首', '，', '选读'] } });
  const view = await open('/smalltool');
  const q = within(view.host);
  expect(await q.findByRole('heading', { name: '小工具' })).toBeTruthy();
  fireEvent.change(q.getByLabelText('文本'), { target: { value: '唐诗三百首，选读\nabc' } });
  expect(q.getByTestId('counts').textContent).toBe('字符 12 · 汉字 7 · 行 2');
  fireEvent.click(q.getByRole('button', { name: '分词' }));
  await waitFor(() => expect(q.getByTestId('words').textContent).toBe('唐诗三百首选读'));
  expect(api.calls('POST /cut-words/')[0].body).toEqual({ text: '唐诗三百首，选读\nabc' });
  expect(q.getByText('共 3 个词（已去掉标点和空白）')).toBeTruthy();
  // over 2000 characters: said, and nothing is sent
  fireEvent.change(q.getByLabelText('文本'), { target: { value: '字'.repeat(2001) } });
  expect(q.getByRole('alert').textContent).toBe('最多2000字，请分段处理');
  expect((q.getByRole('button', { name: '分词' }) as HTMLButtonElement).disabled).toBe(true);
});
