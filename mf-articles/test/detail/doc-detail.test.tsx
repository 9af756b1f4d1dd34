import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatFileSize, on, ratingText } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import DocDetailPage from '../../src/pages/DocDetailPage';
import { docFixture, expectToast, logIn, openPage, PAGE, quotaFixture, resetPage, scriptDoc } from './support';

const PATTERN = '/app/articles/docs/detail/:id';
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));
afterEach(() => jest.restoreAllMocks());

const open = (id: number | string = 12) => openPage(DocDetailPage, PATTERN, `/app/articles/docs/detail/${id}`);

describe('document detail', () => {
  test('shows score as value/10000 to one decimal, the rating text, size, pages, uploader and category', async () => {
    scriptDoc(api, docFixture({ score: 45000, rating: 3, size: 2284, pages: 5 }));
    open();
    await screen.findByRole('heading', { level: 1, name: '唐诗三百首选读' });
    expect(screen.getByTestId('score').textContent).toBe('4.5');
    expect(screen.getByTestId('size').textContent).toBe(formatFileSize(2284));
    expect(screen.getByTestId('size').textContent).toBe('2.23 KB');
    expect(screen.getByLabelText(`3 星：${ratingText(3)}`)).toBeTruthy();
    expect(screen.getByText('5 页')).toBeTruthy();
    expect(screen.getByText('梅听听雨')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '唐诗' }).length).toBeGreaterThan(0);
  });

  test('a missing rating shows 5 stars; an inactive document has the grey icon', async () => {
    scriptDoc(api, docFixture({ rating: null, active: 0, status: 5, ext_cate: 'pdf', score: 38000 }));
    open();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByLabelText(`5 星：${ratingText(5)}`)).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('3.8');
    const icon = screen.getByRole('img', { name: 'PDF 文档' });
    expect(icon.className).toContain('doc-icon-grey');
  });

  test('an unknown id says the document does not exist', async () => {
    api.on('GET /docs/999/', { status: 404, body: { message: '文档不存在', code: 'not_found' } });
    open(999);
    await screen.findByRole('heading', { name: '文档不存在或已被删除' });
  });

  test('shows the free quota left and downloads through the signed link', async () => {
    scriptDoc(api);
    api.on('POST /user-download/docs/12/', { body: { url: '/api/user-download-token/docs/12/?token=abc', expire_time: '2026-11-23T19:31:45.000Z', kind: 'free', left: 0 } });
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.href);
    });
    open();
    const quota = await screen.findByTestId('quota');
    expect(quota.textContent).toContain('今日剩余免费下载次数 1/2');
    fireEvent.click(screen.getByRole('button', { name: '立即下载' }));
    await waitFor(() => expect(clicks).toEqual([`${api.origin}/api/user-download-token/docs/12/?token=abc`]));
    await expectToast('开始下载');
  });

  test('a paid document: shows what the API answered and the button to the payment route', async () => {
    scriptDoc(api, docFixture({ price: 500, is_free: false }));
    api.on('POST /user-download/docs/12/', {
      status: 402,
      body: { docs: 12, price: 500, is_free: false, pay: { route: 'guest/pay/order', query: { docs: '12' } }, message: '该文档为付费文档，购买后即可下载', code: 'payment_required' },
    });
    open();
    await screen.findByText('付费文档，购买后即可下载', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: '立即下载' }));
    const answer = await screen.findByRole('alert');
    expect(answer.textContent).toContain('该文档为付费文档，购买后即可下载');
    fireEvent.click(within(answer).getByRole('button', { name: '去支付 ¥5.00' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/app/guest/pay/order?docs=12');
  });

  test('an exhausted free quota offers a download package', async () => {
    scriptDoc(api);
    api.on('POST /user-download/docs/12/', {
      status: 402,
      body: { docs: 12, left: 0, total: 2, reset_time: '2026-11-24T16:00:00.000Z', pay: { route: 'user/pay/order', query: { type: 'package' } }, message: '今日免费下载次数已用完', code: 'free_quota_exhausted' },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '立即下载' }));
    const answer = await screen.findByRole('alert');
    expect(answer.textContent).toContain('今日免费下载次数已用完');
    // a visitor may log in and try again
    expect(within(answer).getByRole('button', { name: '登录后下载' })).toBeTruthy();
    fireEvent.click(within(answer).getByRole('button', { name: '购买下载套餐' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/app/user/pay/order?type=package');
  });

  test('a visitor who favourites is asked to log in, and the folder dialog opens after login', async () => {
    scriptDoc(api);
    api.on('GET /collect-folder/', { body: PAGE([{ id: 3, name: '默认收藏夹', is_public: false, is_default: true, item_count: 4 }, { id: 9, name: '唐诗', is_public: false, is_default: false, item_count: 1 }]) });
    api.on('POST /docs-collect/', { status: 201, body: { id: 1, folder: 9, create_time: '2026-11-23T00:00:00Z' } });
    const asked: unknown[] = [];
    const stop = on('auth:login-required', (p) => asked.push(p));
    open();
    fireEvent.click(await screen.findByRole('button', { name: /收藏/ }));
    expect(asked).toEqual([expect.objectContaining({ reason: 'required', title: '登录后收藏' })]);
    expect(screen.queryByRole('dialog')).toBeNull();
    logIn();
    const dialog = await screen.findByRole('dialog', { name: '收藏到' });
    fireEvent.click(await within(dialog).findByLabelText(/唐诗/));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await expectToast('收藏成功');
    expect(api.calls('POST /docs-collect/')[0].body).toEqual({ docs: 12, folder: 9 });
    await screen.findByRole('button', { name: /已收藏/ });
    stop();
  });

  test('a new folder can be made in the dialog', async () => {
    scriptDoc(api);
    logIn();
    api.on('GET /collect-folder/', { body: PAGE([]) });
    api.on('POST /collect-folder/', (r) => ({ status: 201, body: { id: 21, name: r.body.name, is_public: false, is_default: false, item_count: 0 } }));
    api.on('POST /docs-collect/', { status: 201, body: { id: 1, folder: 21 } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /收藏/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '新建' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('收藏夹名称不能为空');
    fireEvent.change(within(dialog).getByLabelText('新收藏夹名称'), { target: { value: '宋词' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '新建' }));
    await within(dialog).findByLabelText(/宋词/);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.calls('POST /docs-collect/')[0]?.body).toEqual({ docs: 12, folder: 21 }));
  });

  test('share copies the link with the sign to the clipboard and says so', async () => {
    scriptDoc(api);
    logIn();
    api.on('GET /docs-share-sign/12/', { body: { sign: 's1gn', share_url: '/app/articles/docs/detail/12' } });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /分享/ }));
    await expectToast('链接已复制，快去分享给好友吧');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/app/articles/docs/detail/12?sign=s1gn`);
  });

  test('a complaint needs a reason and a text within the limit, then is sent', async () => {
    scriptDoc(api);
    logIn();
    api.on('POST /articles-report/', { status: 201, body: { id: 1 } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /投诉/ }));
    const dialog = await screen.findByRole('dialog', { name: '投诉' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交投诉' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('请选择投诉原因');
    fireEvent.click(within(dialog).getByLabelText('侵犯版权'));
    fireEvent.change(within(dialog).getByLabelText('投诉说明'), { target: { value: '字'.repeat(1001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交投诉' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('投诉说明不能超过1000个字');
    expect(api.calls('POST /articles-report/')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('投诉说明'), { target: { value: '未经授权转载' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交投诉' }));
    await expectToast('投诉已提交，我们会尽快处理');
    expect(api.calls('POST /articles-report/')[0].body).toEqual({ type: 'docs', id: 12, reason: 'infringement', content: '未经授权转载' });
  });

  test('reads the text preview, and a paid document tells how many pages are left', async () => {
    scriptDoc(api, docFixture({ pages: 9, preview: { type: 'text', pages: 9, preview_pages: 3, limited: true, message: '付费文档仅可预览前3页，购买后可阅读全文' } }));
    open();
    const reader = await screen.findByTestId('text-preview');
    await within(reader).findByText(/床前明月光/);
    expect(screen.getByText('剩余 6 页需下载后阅读')).toBeTruthy();
    expect(screen.getByText('付费文档仅可预览前3页，购买后可阅读全文')).toBeTruthy();
  });

  test('lists the recommended documents without the document itself', async () => {
    scriptDoc(api);
    api.on('GET /articles-recommend/', { body: PAGE([docFixture({ id: 12 }), docFixture({ id: 13, title: '宋词选读' })]) });
    open();
    const section = await screen.findByRole('region', { name: '相关推荐' });
    expect(within(section).getAllByRole('link').map((a) => a.textContent)).toEqual(['宋词选读']);
    expect(api.calls('GET /articles-recommend/')[0].query.get('docs')).toBe('12');
  });

  test('the quota is asked again as the logged-in user after login', async () => {
    scriptDoc(api);
    api.on('GET /obj-left-free-down-num/docs/12/', { body: quotaFixture({ left: 5, total: 5, used: 0 }) });
    open();
    await screen.findByTestId('quota');
    logIn();
    await waitFor(() => expect(api.calls('GET /obj-left-free-down-num/docs/12/').length).toBeGreaterThanOrEqual(2));
    expect((await screen.findByTestId('quota')).textContent).toContain('5/5');
  });
});
