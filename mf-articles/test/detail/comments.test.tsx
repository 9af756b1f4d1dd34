import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { on } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import DocCommentsPage from '../../src/pages/DocCommentsPage';
import BlogCommentsPage from '../../src/pages/BlogCommentsPage';
import { docFixture, expectToast, logIn, openPage, resetPage } from './support';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));

const comment = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  uid: 30,
  uname: `读者${id}`,
  content: `第${id}条评论`,
  create_time: '2026-11-20T08:00:00Z',
  is_mine: false,
  ...overrides,
});

function scriptComments(total: number, mine: number[] = []) {
  api.on('GET /docs/12/', { body: docFixture() });
  api.on('GET /docs-setting/', { body: { comment_max_length: 500 } });
  api.on('GET /docs-comment/', (r) => {
    const page = Number(r.query.get('page') ?? 1);
    const size = Number(r.query.get('page_size') ?? 10);
    const ids = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * size, page * size);
    return { body: { count: total, next: page * size < total ? `/api/docs-comment/?page=${page + 1}` : null, results: ids.map((id) => comment(id, { is_mine: mine.includes(id) })) } };
  });
}

const open = () => openPage(DocCommentsPage, '/app/articles/docs/comment/:id', '/app/articles/docs/comment/12');

describe('comment page', () => {
  test('lists the comments page by page down to the end text', async () => {
    scriptComments(13);
    open();
    await screen.findByText('第13条评论');
    await screen.findByRole('link', { name: '唐诗三百首选读' });
    expect(document.querySelectorAll('.dt-comment')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第1条评论');
    expect(document.querySelectorAll('.dt-comment')).toHaveLength(13);
    await screen.findByText('---- end ----');
    expect(api.calls('GET /docs-comment/')[0].query.get('docs')).toBe('12');
  });

  test('an empty or too long comment is refused before sending', async () => {
    scriptComments(0);
    logIn();
    open();
    await screen.findByText('还没有评论，快来抢沙发吧');
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(screen.getByRole('alert').textContent).toBe('评论内容不能为空');
    fireEvent.change(screen.getByLabelText('评论内容'), { target: { value: '好'.repeat(501) } });
    expect(screen.getByText('501/500').className).toContain('dt-over');
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(screen.getByRole('alert').textContent).toBe('评论不能超过500个字');
    expect(api.calls('POST /docs-comment/')).toHaveLength(0);
  });

  test('posts a comment, which shows at the top', async () => {
    scriptComments(2);
    logIn(7, '读者甲');
    api.on('POST /docs-comment/', (r) => ({ status: 201, body: comment(99, { uid: 7, uname: '读者甲', content: r.body.content, is_mine: true }) }));
    open();
    await screen.findByText('第2条评论');
    fireEvent.change(screen.getByLabelText('评论内容'), { target: { value: '  读来齿颊留香  ' } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    await expectToast('评论成功');
    expect(api.calls('POST /docs-comment/')[0].body).toEqual({ docs: 12, content: '读来齿颊留香' });
    expect(document.querySelector('.dt-comment .dt-comment-text')?.textContent).toBe('读来齿颊留香');
    expect((screen.getByLabelText('评论内容') as HTMLTextAreaElement).value).toBe('');
  });

  test("shows the server's Chinese message when it refuses a comment", async () => {
    scriptComments(0);
    logIn();
    api.on('POST /docs-comment/', { status: 400, body: { message: '您的账号因发布广告或不当评论已被禁用', code: 'invalid' } });
    open();
    fireEvent.change(await screen.findByLabelText('评论内容'), { target: { value: '广告' } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('您的账号因发布广告或不当评论已被禁用'));
  });

  test('a visitor is asked to log in and the comment is sent after login', async () => {
    scriptComments(0);
    api.on('POST /docs-comment/', { status: 201, body: comment(5, { content: '好诗', is_mine: true }) });
    const asked: unknown[] = [];
    const stop = on('auth:login-required', (p) => asked.push(p));
    open();
    fireEvent.change(await screen.findByLabelText('评论内容'), { target: { value: '好诗' } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(asked).toHaveLength(1);
    expect(api.calls('POST /docs-comment/')).toHaveLength(0);
    logIn();
    await waitFor(() => expect(api.calls('POST /docs-comment/')).toHaveLength(1));
    stop();
  });

  test('deletes only one own comment, after confirming', async () => {
    scriptComments(3, [2]);
    logIn(30);
    api.on('DELETE /docs-comment/2/', { status: 204 });
    open();
    await screen.findByText('第3条评论');
    const rows = [...document.querySelectorAll<HTMLElement>('.dt-comment')];
    expect(rows.map((r) => within(r).queryByRole('button', { name: '删除' }) !== null)).toEqual([false, true, false]);
    fireEvent.click(within(rows[1]).getByRole('button', { name: '删除' }));
    fireEvent.click(within(rows[1]).getByRole('button', { name: '确定' }));
    await expectToast('评论已删除');
    expect(screen.queryByText('第2条评论')).toBeNull();
    expect(api.calls('DELETE /docs-comment/2/')).toHaveLength(1);
    expect(screen.getByText('（2）')).toBeTruthy();
  });

  test('the blog comment page asks blogs-comment', async () => {
    api.on('GET /blogs/4/', { body: { id: 4, title: '读《静夜思》有感' } });
    api.on('GET /blogs-comment/', { body: { count: 1, next: null, results: [comment(1, { content: '写得好' })] } });
    openPage(BlogCommentsPage, '/app/articles/blogs/comment/:id', '/app/articles/blogs/comment/4');
    await screen.findByText('写得好');
    await screen.findByRole('link', { name: '读《静夜思》有感' });
    expect(api.calls('GET /blogs-comment/')[0].query.get('blogs')).toBe('4');
  });
});
