import { expect, test, type Page } from '@playwright/test';
import { getRoute, routePath } from '../../shared-kernel/src/routing/match';
import { SESSION_KEYS } from '../../shared-kernel/src/storage/local-store';
import { apiLogin, itemTitle, navLink, pageTitle, siteUrl, startAs, storeUserInfo } from '../support/shell';

const LOGIN_PATH = routePath('user.login.code');
const redirectPath = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.redirectPath);

test.describe('need_log: to login and back', () => {
  test('a visitor on a login-required page lands on the login route and returns after logging in (another tab)', async ({ page, context, baseURL }) => {
    const target = `${routePath('user.coin.list')}?month=2025-05&page=2#records`;
    await page.goto(target);
    await expect(page).toHaveURL(LOGIN_PATH);
    await expect(page.locator('#slot-mf-auth h1')).toHaveText(getRoute('user.login.code').title);
    // the page that needs login was never rendered, and the way back is saved with its query
    await expect(page.locator('#slot-mf-user-center')).toHaveCount(0);
    expect(await redirectPath(page)).toBe(target);
    // the login page replaced the guarded entry: back does not bounce through it
    expect(await page.evaluate(() => history.length)).toBe(2);

    // The person logs in (the real API: session cookie in the browser), and the login stores the user info as
    // the kernel's setUser() does. Here in a second tab: the first one follows through the storage event.
    const user = await apiLogin(context, baseURL!);
    expect(user).toMatchObject({ is_active: 1, nickname: '林晓雨' });
    const other = await context.newPage();
    await other.goto('/app/user/about-items');
    await storeUserInfo(other, user);

    await expect(page).toHaveURL(target);
    await expect(page.locator('#slot-mf-user-center h1')).toHaveText(getRoute('user.coin.list').title);
    await expect(page.getByTestId('user-menu-button')).toContainText('林晓雨');
    expect(await redirectPath(page)).toBeNull();
  });

  test('a logged-in person who opens the login page with a pending way back is taken there', async ({ page, context, baseURL }) => {
    await page.goto(routePath('user.blogs.write'));
    await expect(page).toHaveURL(LOGIN_PATH);
    const user = await apiLogin(context, baseURL!);
    await storeUserInfo(page, user);
    await page.reload();
    await expect(page).toHaveURL(routePath('user.blogs.write'));
    await expect(page.locator('#slot-mf-user-center h1')).toHaveText('写文章');
  });

  test('a logged-in user opens login-required pages directly', async ({ page, context, baseURL }) => {
    // a real session: the favourites page loads the person's folders from the API
    const user = await apiLogin(context, baseURL!);
    await startAs(context, { ...user, is_active: 1 });
    await page.goto(routePath('user.collect.list'));
    await expect(page.locator('#slot-mf-user-center h1')).toHaveText('我的收藏夹');
    await expect(page).toHaveURL(routePath('user.collect.list'));
  });

  test('an inactive account gets the activation flow instead of the page', async ({ page, context }) => {
    await startAs(context, { uid: 12, nickname: '新用户', is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
    await page.goto(routePath('user.docs.list'));
    const notice = page.getByTestId('activation-notice');
    await expect(notice).toContainText('请先激活账号');
    await expect(notice).toContainText('设置昵称和密码');
    await expect(page).toHaveURL(routePath('user.docs.list'));
    await expect(page.locator('#slot-mf-user-center [data-route]')).toHaveCount(0);
    expect(await redirectPath(page)).toBe(routePath('user.docs.list'));

    // a third-party account without phone is pointed to binding one; the bind page (login-required) is open to it
    await storeUserInfo(page, { uid: 13, nickname: '微信用户', is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE' });
    await page.reload();
    const bind = page.getByTestId('activation-notice').getByRole('link', { name: '绑定手机号' });
    await expect(bind).toHaveAttribute('href', routePath('user.welcome.accountBind'));
    await page.goto(routePath('user.welcome.accountBind'));
    await expect(page).toHaveURL(routePath('user.welcome.accountBind'));
    await expect(page.locator('#slot-mf-auth')).toHaveAttribute('data-remote', 'mf-auth');
    await expect(page.getByTestId('activation-notice')).toHaveCount(0);
  });

  test('a disabled account (POST_SPAM_COMMENTS) sees only the notice', async ({ page, context }) => {
    await startAs(context, { uid: 14, nickname: '违规用户', is_active: 0, inactive_reason: 'POST_SPAM_COMMENTS' });
    await page.goto(routePath('user.info', { id: 0 }));
    await expect(page.getByTestId('disabled-notice')).toContainText('账号已被禁用');
    await expect(page.locator('#slot-mf-user-center [data-route]')).toHaveCount(0);
    await expect(page.getByTestId('activation-notice')).toHaveCount(0);
  });
});

test.describe('titles', () => {
  test('every page carries its route title and the site title of its sub-site', async ({ page }) => {
    const site = pageTitle('信息安全');
    expect(site).toBe('知库文档 - 信息安全文档下载平台（部分文档可免费下载）');
    await page.goto('/');
    await expect(page).toHaveTitle(site);
    for (const name of ['articles.cate.list', 'site.userAgreement', 'user.login.code', 'activity.rules']) {
      await page.goto(routePath(name));
      await expect(page).toHaveTitle(`${getRoute(name).title} - ${site}`);
    }
    // client-side navigation updates it too
    await navLink(page, '分类').click();
    await expect(page).toHaveTitle(`分类列表 - ${site}`);
    await page.goto('/app/no/such/page');
    await expect(page).toHaveTitle(`页面不存在 - ${site}`);
  });

  for (const [prefix, subject] of [
    ['math', '数学'],
    ['algorithm', '算法'],
    ['www', '信息安全'],
    ['blog', '信息安全'],
  ] as const) {
    test(`the ${prefix}. sub-site's titles use the subject ${subject}`, async ({ page }) => {
      await page.goto(siteUrl(prefix, '/'));
      await expect(page).toHaveTitle(pageTitle(subject));
      await page.goto(siteUrl(prefix, routePath('articles.docs.detail', { id: 12 })));
      const title = await itemTitle(page, 'docs', 12);
      await expect(page.locator('#slot-mf-articles h1')).toHaveText(title);
      // a document's page is named after the document (its head is made from the content), then the site's title
      await expect(page).toHaveTitle(`${title} - 知库文档 - ${subject}文档下载平台（部分文档可免费下载）`);
    });
  }

  test('a sub-site name right under localhost counts too (math.localhost)', async ({ page }) => {
    await page.goto(siteUrl('', '/').replace('//localhost', '//math.localhost'));
    await expect(page).toHaveTitle(pageTitle('数学'));
  });
});

test('an unknown path shows the Chinese 404 inside the frame, and its links work', async ({ page }) => {
  const response = await page.goto('/app/articles/nothing/here?x=1');
  expect(response?.status()).toBe(200);
  const notFound = page.getByTestId('not-found');
  await expect(notFound.getByRole('heading', { level: 1 })).toContainText('页面不存在');
  await expect(notFound).toContainText('404');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.locator('#footer')).toContainText('用户协议');
  // no remote was activated for it
  await expect(page.locator('[data-remote]')).toHaveCount(0);
  await notFound.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});
