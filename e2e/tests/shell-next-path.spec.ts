import { expect, test, type BrowserContext } from '@playwright/test';
import { routePath } from '../../shared-kernel/src/routing/match';
import { COOKIES } from '../../shared-kernel/src/storage/cookies';
import { SESSION_KEYS } from '../../shared-kernel/src/storage/local-store';
import { USER_INFO_KEY } from '../../shared-kernel/src/state/user';
import { navLink, pageCodeStarted, startAs } from '../support/shell';

// SPEC.md §2 "Navigation behaviour on every route change": the nextPath cookie, read and cleared.

const USER_INFO_0 = routePath('user.info', { id: 0 });

async function setCookies(context: BrowserContext, baseURL: string, cookies: Record<string, string>): Promise<void> {
  // percent-encoded, as the API sets them
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: baseURL })));
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name);
}

test.describe('nextPath', () => {
  test.beforeEach(async ({ context }) => {
    await startAs(context, { uid: 21, nickname: '付款用户', is_active: 1, level: 1 });
  });

  test('coin-pay: back from paying for coins, to user info 0', async ({ page, context, baseURL }) => {
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'coin-pay' });
    await page.goto(routePath('guest.pay.order'));
    await expect(page).toHaveURL(USER_INFO_0);
    await expect(page.locator('#slot-mf-user-center')).toHaveAttribute('data-remote', 'mf-user-center');
    expect(await cookieNames(context)).not.toContain(COOKIES.nextPath);
  });

  test('docs-pay: the download starts and the document detail opens; all three cookies are cleared', async ({ page, context, baseURL }) => {
    const downloadUrl = `${baseURL}/downloads/e2e-doc-42.pdf`;
    await page.route(downloadUrl, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="e2e-doc-42.pdf"' },
        body: '%PDF-1.4\n% e2e\n',
      }),
    );
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'docs-pay', [COOKIES.docsUrl]: downloadUrl, [COOKIES.docsId]: '42' });
    const download = page.waitForEvent('download');
    await page.goto(routePath('guest.pay.order'));
    expect((await download).suggestedFilename()).toBe('e2e-doc-42.pdf');
    await expect(page).toHaveURL(routePath('articles.docs.detail', { id: 42 }));
    await pageCodeStarted(page);
    const left = await cookieNames(context);
    expect(left.filter((n) => [COOKIES.nextPath, COOKIES.docsUrl, COOKIES.docsId].includes(n as never))).toEqual([]);
  });

  test('docs-pay: a download address that is not http(s) is ignored, the detail still opens', async ({ page, context, baseURL }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'docs-pay', [COOKIES.docsUrl]: 'javascript:alert(1)', [COOKIES.docsId]: '7' });
    await page.goto('/');
    await expect(page).toHaveURL(routePath('articles.docs.detail', { id: 7 }));
    expect(requests.some((u) => u.startsWith('javascript:'))).toBe(false);
  });

  test('trd-login: the third-party login\'s user info is taken from its cookie, then user info 0', async ({ browser, baseURL }) => {
    const user = { uid: 31, nickname: '微信登录的用户', is_active: 1, level: 3, gender: 'female' };
    const encoded = Buffer.from(JSON.stringify(user), 'utf8').toString('base64');
    // a fresh context without the stored user of beforeEach: a visitor coming back from the provider
    const fresh = await browser.newContext({ baseURL, locale: 'zh-CN' });
    await setCookies(fresh, baseURL!, { [COOKIES.nextPath]: 'trd-login', [COOKIES.userInfo]: encoded });
    const tab = await fresh.newPage();
    await tab.goto('/');
    await expect(tab).toHaveURL(USER_INFO_0);
    await expect(tab.getByTestId('user-menu-button')).toContainText('微信登录的用户');
    await expect(tab.getByTestId('level-title')).toHaveText('认证专家');
    const stored = await tab.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), USER_INFO_KEY);
    expect(stored.value).toMatchObject({ uid: 31, is_active: 1 });
    expect(await cookieNames(fresh)).not.toContain(COOKIES.nextPath);
    expect(await cookieNames(fresh)).not.toContain(COOKIES.userInfo);
    await fresh.close();
  });

  test('redirect-path: to the saved path with its query, which is then forgotten', async ({ page, context, baseURL }) => {
    const saved = `${routePath('articles.cate.detail', { id: 7 })}?sort=hot&page=3`;
    await context.addInitScript(
      ([key, value]) => {
        if (sessionStorage.getItem('e2e-seeded') === null) {
          sessionStorage.setItem(key, value);
          sessionStorage.setItem('e2e-seeded', '1');
        }
      },
      [SESSION_KEYS.redirectPath, saved],
    );
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'redirect-path' });
    await page.goto(routePath('site.appDown'));
    await expect(page).toHaveURL(saved);
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类文章');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.redirectPath)).toBeNull();
  });

  test('the cookie is read on a client-side route change too, not only on a page load', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
    // a route change of the page's code (before it runs, the link is a page load)
    await pageCodeStarted(page);
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'coin-pay' });
    await navLink(page, '分类').click();
    await expect(page).toHaveURL(USER_INFO_0);
    expect(await cookieNames(context)).not.toContain(COOKIES.nextPath);
  });

  test('an unknown value is cleared and changes nothing', async ({ page, context, baseURL }) => {
    await setCookies(context, baseURL!, { [COOKIES.nextPath]: 'somewhere-else' });
    await page.goto(routePath('articles.cate.list'));
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
    await pageCodeStarted(page);
    await expect(page).toHaveURL(routePath('articles.cate.list'));
    expect(await cookieNames(context)).not.toContain(COOKIES.nextPath);
  });
});
