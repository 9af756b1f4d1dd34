import { expect, test } from '@playwright/test';
import { ROUTES } from '../../shared-kernel/src/routing/route-table';
import { pageTitle } from '../../shared-kernel/src/site/site-context';
import { apiLogin, startAs, storeUserInfo, testStaffAccount } from '../support/shell';
import { collectConsole } from '../support/site';

// Every route of SPEC.md §2 resolves to its owning remote and shows its title; one copy of React everywhere.
// Login-required routes are opened as an active user: the shell sends visitors to login (shell-routing.spec.ts);
// the staff console's routes as a staff member, after all the others (admin-console.spec.ts: nobody else gets them).
// `/test` is rendered by the shell itself (docs/architecture.md). Titles: the route's, then the site title.
// A detail page names the item it shows in its <h1>: the expected heading is that item's title from the API.
// Pages about content name it in the tab title as well (issue 21: their head is made from the content, on the
// server and in the browser alike): a document or a blog its title, comments the item's, a category page its
// category (12 is no category of the demo data: its pages say so), a result page its keyword.
const ITEM_API: Record<string, string> = { 'articles.docs.detail': '/api/docs/12/', 'articles.blogs.detail': '/api/blogs/12/' };
const CONTENT_TITLE: Record<string, (item: (path: string) => Promise<string>) => Promise<string>> = {
  'articles.docs.detail': (item) => item('/api/docs/12/'),
  'articles.blogs.detail': (item) => item('/api/blogs/12/'),
  'articles.docs.comment': async (item) => `${await item('/api/docs/12/')}的评论`,
  'articles.blogs.comment': async (item) => `${await item('/api/blogs/12/')}的评论`,
  'articles.cate.detail': async () => '分类不存在',
  'articles.docs.list': async () => '分类不存在',
  'articles.blogs.list': async () => '分类不存在',
  // a result page without a keyword offers a search
  'articles.search.result': async () => '搜索',
};

test('every route is served by its owning remote with its title, without duplicate-React warnings', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  // a real session: the user's pages (coins, orders, withdrawals) load their data from the API
  const user = await apiLogin(context, baseURL!);
  await startAs(context, { ...user, is_active: 1 });
  const consoleLines = collectConsole(page);
  const site = pageTitle('信息安全');
  let asStaff = false;
  for (const route of [...ROUTES].sort((a, b) => Number(a.staff) - Number(b.staff))) {
    if (route.staff && !asStaff) {
      await context.clearCookies(); // a new login: the user's session (and its CSRF token) goes
      const staff = await apiLogin(context, baseURL!, await testStaffAccount(baseURL!));
      await storeUserInfo(page, staff);
      asStaff = true;
    }
    const url = route.path.replace(':id', '12');
    await page.goto(url);
    if (route.name === 'test') {
      await expect(page.getByTestId('diagnostics').locator('h1')).toHaveText(route.title);
    } else {
      const slot = page.locator(`#slot-${route.remote}`);
      const item = ITEM_API[route.name];
      const heading = item ? ((await (await page.request.get(item)).json()) as { title: string }).title : route.title;
      expect(heading, `${url} 的标题`).toBeTruthy();
      await expect(slot.locator('h1'), `${url} 的标题`).toHaveText(heading);
      await expect(slot).toHaveAttribute('data-remote', route.remote);
    }
    const itemTitle = async (api: string) => ((await (await page.request.get(api)).json()) as { title: string }).title;
    const content = CONTENT_TITLE[route.name];
    const title = route.name === 'home' ? site : `${content ? await content(itemTitle) : route.title} - ${site}`;
    await expect(page, `${url} 的页面标题`).toHaveTitle(title);
  }
  const hookProblems = consoleLines.filter((l) => /invalid hook call|more than one copy of react|duplicate react/i.test(l));
  expect(hookProblems).toEqual([]);
});

test('an unknown path shows the Chinese 404 page inside the frame', async ({ page }) => {
  await page.goto('/app/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('页面不存在');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
});
