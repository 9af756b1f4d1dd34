import { fireEvent, waitFor, within } from '@testing-library/react';
import { open, page, usePage } from './support/coins';
import { myBlog } from './support/blogs';

const api = usePage();

const item = (o: Record<string, unknown>) => {
  const { draft: _d, ...rest } = myBlog(o);
  return rest;
};

test('my posts: states, views, comments, attachment earnings; filter; delete after confirming', async () => {
  api.on('GET /my-blogs/', (r) =>
    r.query.get('status') === 'published'
      ? page([item({ id: 1, title: '已发布的', status: 1, status_text: '已发布', views: 120, comment_count: 3, appendix_income: 650 })])
      : page([
          item({ id: 1, title: '已发布的', status: 1, status_text: '已发布', views: 120, comment_count: 3, appendix_income: 650 }),
          item({ id: 2, title: '', status: 0, status_text: '草稿' }),
        ]),
  );
  api.on('DELETE /blogs/2/', { status: 204 });
  const view = await open('/app/user/blogs/list');
  const rows = await within(view.host).findAllByTestId('my-blog');
  expect(rows[0].textContent).toContain('已发布');
  expect(rows[0].textContent).toContain('阅读 120');
  expect(rows[0].textContent).toContain('评论 3');
  expect(rows[0].textContent).toContain('附件收入 ¥6.50');
  expect(within(rows[0]).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/app/articles/blogs/detail/1');
  expect(within(rows[1]).getByRole('link', { name: '（无标题）' }).getAttribute('href')).toBe('/app/user/blogs/edit/2');
  jest.spyOn(window, 'confirm').mockReturnValueOnce(true);
  fireEvent.click(within(rows[1]).getByRole('button', { name: '删除「（无标题）」' }));
  await waitFor(() => expect(api.calls('DELETE /blogs/2/')).toHaveLength(1));
  fireEvent.click(within(view.host).getByRole('button', { name: '已发布' }));
  await waitFor(() => expect(api.calls('GET /my-blogs/').some((c) => c.query.get('status') === 'published')).toBe(true));
});

test('the denylist: rejected posts with the reason, to edit and resubmit', async () => {
  api.on('GET /my-blogs/', page([item({ id: 5, title: '被驳回的', status: 2, status_text: '审核未通过', reject_reason: '请补充代码示例' })]));
  const view = await open('/app/user/blogs/denylist');
  const row = await within(view.host).findByTestId('my-blog');
  expect(api.calls('GET /my-blogs/')[0].query.get('status')).toBe('rejected');
  expect(row.textContent).toContain('未通过原因：请补充代码示例');
  expect(within(row).getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe('/app/user/blogs/edit/5');
});
