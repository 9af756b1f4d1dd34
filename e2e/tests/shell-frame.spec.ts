import { expect, test } from '@playwright/test';
import { routePath } from '../../shared-kernel/src/routing/match';
import { SESSION_KEYS } from '../../shared-kernel/src/storage/local-store';
import { STAFF_REMOTES, type RemoteName } from '../../shared-kernel/src/routing/route-table';
import { initialDeployment, originOf, type Remote } from '../support/site';
import { apiLogin, itemTitle, pageCodeStarted, startAs, storeUserInfo } from '../support/shell';

test.describe('navbar', () => {
  test('renders at once from the page itself, before and without any remote', async ({ page }) => {
    // every remote unreachable: the frame is still whole
    for (const remote of Object.keys(initialDeployment()) as Remote[]) {
      await page.route(`${originOf(remote)}/**`, (route) => route.abort());
    }
    const html = await (await page.request.get('/app/articles/cate/list')).text();
    expect(html).toMatch(/aria-label="?主导航/);
    expect(html).toContain('用户协议');
    await page.goto('/app/articles/cate/list');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '知库文档' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['分类', routePath('articles.cate.list')],
      ['上传文档', routePath('user.docs.upload')],
      ['写文章', routePath('user.blogs.write')],
      ['登录', routePath('user.login.code')],
      ['注册', routePath('user.reg.mobile')],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('alert')).toContainText('页面加载失败');
  });

  /** The files a server-rendered page starts once it is painted (the shell's server lists them in the page). */
  function pageStart(html: string, baseURL: string): { preload: string[]; scripts: string[] } {
    const block = /<script type="application\/json" id="page-start">(.*?)<\/script>/.exec(html);
    expect(block, 'the page lists the files it starts after its first paint').not.toBeNull();
    const start = JSON.parse(block![1]) as { preload: { href: string }[]; scripts: string[] };
    return { preload: start.preload.map((h) => new URL(h.href, baseURL).href), scripts: start.scripts.map((u) => new URL(u, baseURL).href) };
  }

  test('a page that comes as HTML starts its code after its first paint, and uses every file it names', async ({ page, baseURL }) => {
    const response = await page.request.get('/');
    const html = await response.text();
    expect(response.headers()['x-page-render']).toMatch(/^server;/);
    // nothing is fetched beside the HTML before the text is on the screen: no preloads, no script elements, no Link
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/rel="?preload/);
    expect(response.headers().link).toBeUndefined();
    const { preload, scripts } = pageStart(html, baseURL!);
    // the shell's start-up chunks (its bootstrap and the shared libraries in one file, lib-startup), the deployment
    // manifest, and the remote of `/` (mf-articles): its manifest, entry and app chunk
    expect(scripts).toEqual([new URL('/main.js', baseURL).href]);
    expect(preload.some((url) => /\/lib-startup\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
    expect(preload).toContain(new URL('/deployment.json', baseURL).href);
    expect(preload).toContain(initialDeployment()['mf-articles'].manifest);
    expect(preload.filter((url) => url.startsWith(new URL(initialDeployment()['mf-articles'].manifest).origin)).length).toBeGreaterThanOrEqual(3);
    const requested = new Set<string>();
    page.on('request', (r) => requested.add(r.url()));
    await page.goto('/');
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
    await page.waitForLoadState('networkidle');
    expect([...scripts, ...preload].filter((url) => !requested.has(url))).toEqual([]);
    // every script the page fetched started after the first contentful paint
    const { fcp, early } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const js = performance.getEntriesByType('resource').filter((e) => /\.js(\?|$)/.test(e.name));
      return { fcp: paint, early: js.filter((e) => e.startTime < paint).map((e) => e.name) };
    });
    expect(Number.isFinite(fcp)).toBe(true);
    expect(early).toEqual([]);
  });

  test('a page the browser renders names its start-up scripts and its remote up front (preloads and a Link header)', async ({ page, baseURL }) => {
    const agreement = routePath('site.userAgreement');
    const response = await page.request.get(agreement);
    expect(response.headers()['x-page-render']).toBe('client');
    const html = await response.text();
    const scripts = [...html.matchAll(/<link rel="?preload"? as="?script"? href="?([^"\s>]+)/g)].map((m) => new URL(m[1], baseURL).href);
    expect(scripts.some((url) => /\/lib-startup\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
    expect(html).toMatch(/<link rel="?preload"? href="?\/deployment\.json"? as="?fetch"? crossorigin/);
    const hinted = [...(response.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    expect(hinted[0]).toBe(initialDeployment()['mf-user-center'].manifest);
    expect(hinted.length).toBeGreaterThanOrEqual(3);
    const requested = new Set<string>();
    page.on('request', (r) => requested.add(r.url()));
    await page.goto(agreement);
    await expect(page.locator('#slot-mf-user-center h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...scripts, ...hinted].filter((url) => !requested.has(url))).toEqual([]);
  });

  test("a lazy page of a remote is named among its page's files too (its own chunks), and the page uses them", async ({ page, baseURL }) => {
    const detail = routePath('articles.docs.detail', { id: 12 });
    await page.request.get(detail); // the server reads the remote's route-chunks.json on a first page, briefly
    const { preload } = pageStart(await (await page.request.get(`${detail}?again=1`)).text(), baseURL!);
    const pageChunks = preload.filter((url) => /\/route-articles\.docs\.detail\.[0-9a-f]{8}\.js$/.test(url));
    expect(pageChunks).toHaveLength(1);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(detail);
    await expect(page.locator('#slot-mf-articles h1')).toHaveText(await itemTitle(page, 'docs', 12));
    await page.waitForLoadState('networkidle');
    expect(preload.filter((url) => !requested.includes(url))).toEqual([]);
    // fetched once: the preload is what the page's import uses
    expect(requested.filter((url) => url === pageChunks[0])).toHaveLength(1);
  });

  test('the search box leads to the search results with the keyword', async ({ page }) => {
    await page.goto('/');
    // the page is HTML first; the navbar's own search (which trims the keyword) once the page's code runs
    await pageCodeStarted(page);
    await page.getByRole('searchbox', { name: '搜索文档' }).fill('  信息安全 等级保护 ');
    await page.getByRole('searchbox', { name: '搜索文档' }).press('Enter');
    await expect(page).toHaveURL(`${routePath('articles.search.result')}?keyword=${encodeURIComponent('信息安全 等级保护').replace(/%20/g, '+')}`);
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('搜索结果');
  });

  test('登录 opens mf-auth\'s dialog through the kernel when it has one, else goes to the login page', async ({ page, context }) => {
    const auth = originOf('mf-auth');
    // mf-auth exposes its dialogs: the first 登录 loads them (nothing of mf-auth was fetched before) and they answer
    const dialogPage = await context.newPage();
    const authRequests: string[] = [];
    dialogPage.on('request', (r) => r.url().startsWith(auth) && authRequests.push(r.url()));
    await dialogPage.goto(routePath('articles.docs.detail', { id: 6 }));
    await expect(dialogPage.locator('#slot-mf-articles h1')).toHaveText(await itemTitle(dialogPage, 'docs', 6));
    await dialogPage.waitForLoadState('networkidle');
    expect(authRequests).toEqual([]);
    await dialogPage.getByRole('link', { name: '登录', exact: true }).click();
    await expect(dialogPage.getByRole('dialog')).toBeVisible();
    await expect(dialogPage.locator('#auth-dialogs')).toBeAttached();
    await expect(dialogPage).toHaveURL(routePath('articles.docs.detail', { id: 6 }));
    await dialogPage.close();

    // mf-auth deployed without its dialogs: the login page, with the way back saved
    await page.route(`${auth}/mf-manifest.json`, async (route) => {
      const response = await route.fetch();
      const manifest = await response.json();
      manifest.exposes = manifest.exposes.filter((e: { name: string }) => e.name !== 'dialogs');
      await route.fulfill({ response, json: manifest });
    });
    await page.goto(routePath('articles.docs.detail', { id: 5 }));
    await expect(page.locator('#slot-mf-articles h1')).toHaveText(await itemTitle(page, 'docs', 5));
    // the page comes as HTML: its 登录 is a plain link until the page's code runs (the remote is mounted after the
    // shell's handlers are in place)
    await pageCodeStarted(page);
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(routePath('user.login.code'));
    expect(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.redirectPath)).toBe(routePath('articles.docs.detail', { id: 5 }));
    await page.getByRole('link', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL(routePath('user.reg.mobile'));
    // the login page is no place to come back to
    expect(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.redirectPath)).toBe(routePath('articles.docs.detail', { id: 5 }));
  });

  test('a user sees nickname, level title in its colour and the menu; 退出登录 ends the session', async ({ page, context, baseURL }) => {
    const user = await apiLogin(context, baseURL!);
    await page.goto(routePath('user.docs.list'));
    await expect(page).toHaveURL(routePath('user.login.code'));
    await storeUserInfo(page, { ...user, level: 2, gender: 'female' });
    await page.goto(routePath('user.docs.list'));
    const button = page.getByTestId('user-menu-button');
    await expect(button).toContainText('林晓雨');
    const badge = page.getByTestId('level-title');
    await expect(badge).toHaveText('高级学姐');
    await expect(badge).toHaveCSS('color', 'rgb(82, 196, 26)');
    await expect(page.getByRole('link', { name: '登录', exact: true })).toHaveCount(0);

    await button.click();
    const menu = page.getByRole('menu', { name: '账号菜单' });
    for (const [name, href] of [
      ['个人信息', routePath('user.info', { id: 0 })],
      ['我的文档', routePath('user.docs.list')],
      ['我的写作', routePath('user.blogs.list')],
      ['我的收藏', routePath('user.collect.list')],
      ['我的金币', routePath('user.coin.list')],
      ['我的订单', routePath('user.pay.orderHistory')],
      ['账号设置', routePath('user.settingItems')],
    ]) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await menu.getByRole('menuitem', { name: '我的金币' }).click();
    await expect(page).toHaveURL(routePath('user.coin.list'));
    await expect(menu).toHaveCount(0);

    expect((await context.request.get(`${baseURL}/api/users/0/`)).status()).toBe(200);
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/logout/') && r.request().method() === 'POST');
    await button.click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userinfo'))).toBeNull();
    expect((await context.request.get(`${baseURL}/api/users/0/`)).status()).toBe(403);
  });

  test('phones get the narrow navbar: brand, search, 登录 and a 更多 panel, all within 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 720 });
    await page.goto('/');
    await pageCodeStarted(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '分类' })).toBeHidden();
    const box = await nav.getByRole('button', { name: '更多' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const search = await nav.getByRole('search').boundingBox();
    expect(search!.width).toBeGreaterThanOrEqual(130);
    // the placeholder fits its box
    expect(await nav.getByRole('searchbox').evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await nav.getByRole('button', { name: '更多' }).click();
    await page.locator('#nav-drawer').getByRole('link', { name: '分类' }).click();
    await expect(page).toHaveURL(routePath('articles.cate.list'));
    await expect(page.locator('#nav-drawer')).toHaveCount(0);
  });
});

test('the footer links the site pages and shows the ICP record from the API', async ({ page, request }) => {
  const record = await (await request.get('/api/site-icp/')).json();
  await page.goto('/');
  // the record shows once the page is idle, which may come before the home page's code has mounted: a click then
  // waits in single-spa's queue behind that mount (a CI run once timed out here), so wait for the page as others do
  await pageCodeStarted(page);
  const footer = page.locator('#footer');
  await expect(footer.getByTestId('icp')).toHaveText(record.icp);
  await expect(footer.getByTestId('icp')).toHaveAttribute('href', record.icp_url);
  for (const [name, href] of [
    ['用户协议', routePath('site.userAgreement')],
    ['隐私政策', routePath('site.privacyPolicy')],
    ['第三方SDK列表', routePath('site.sdkList')],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: '隐私政策' }).click();
  await expect(page.locator('#slot-mf-user-center h1')).toHaveText('隐私政策');
});

test('the theme (light by default) is remembered, and a dark page starts dark', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(245, 247, 250)');
  await page.getByTestId('navbar-theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(20, 20, 20)');

  // the first paint after a reload is dark already (before any script of the shell ran)
  await page.route('**/main.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(20, 20, 20)');
  await page.unroute('**/main.js');
  await page.reload();
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('navbar-theme').click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('offline: a banner while the browser is offline, gone when it is back', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
  // the banner is the shell's code: offline before it has loaded, there would be none to show it
  await pageCodeStarted(page);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText(/网络连接已断开/);
  await expect(page.getByTestId('offline-banner')).toHaveAttribute('role', 'status');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('the progress bar shows while a remote is being fetched', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('文档搜索');
  await pageCodeStarted(page);
  await expect(page.getByTestId('progress-bar')).toBeHidden();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${originOf('mf-activity')}/remoteEntry.js`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.evaluate((path) => {
    history.pushState(null, '', path);
  }, routePath('activity.rules'));
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  release();
  await expect(page.locator('#slot-mf-activity h1')).toHaveText('活动规则');
  await expect(page.getByTestId('progress-bar')).toBeHidden();
});

test('the app\'s back button: a toast on the first press, exit on a second within 2000 ms', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { AppBridge: { exit(): void }; __exits: number };
    w.__exits = 0;
    w.AppBridge = { exit: () => (w.__exits += 1) };
  });
  await page.clock.install();
  await page.goto('/');
  // the heading comes with the HTML; the shell's bridges once its code runs (the remote is mounted after them)
  await pageCodeStarted(page);
  const press = () => page.evaluate(() => (window as unknown as { __appBack(): boolean }).__appBack());
  const exits = () => page.evaluate(() => (window as unknown as { __exits: number }).__exits);

  expect(await press()).toBe(true);
  await expect(page.getByText('再按一次退出应用')).toBeVisible();
  expect(await exits()).toBe(0);
  await page.clock.fastForward(1500);
  await press();
  expect(await exits()).toBe(1);

  // too slow: the second press only shows the toast again
  await press();
  await page.clock.fastForward(2500);
  await press();
  expect(await exits()).toBe(1);
  await expect(page.getByText('再按一次退出应用')).toBeVisible();
  await page.clock.fastForward(1000);
  await press();
  expect(await exits()).toBe(2);
});

test('/test: the shell\'s diagnostics show each remote\'s deployed version and the API health', async ({ page, request }) => {
  const health = await (await request.get('/api/health/')).json();
  await page.goto('/test');
  const diag = page.getByTestId('diagnostics');
  await expect(diag.getByRole('heading', { level: 1 })).toHaveText('诊断信息');
  await expect(page).toHaveTitle(/^诊断信息 - 知库文档/);
  for (const [remote, entry] of Object.entries(initialDeployment())) {
    const row = diag.locator(`[data-remote-row="${remote}"]`);
    if (STAFF_REMOTES.has(remote as RemoteName)) {
      // a visitor's page does not check the staff console (nobody but staff fetches a byte of it)
      await expect(row).toHaveCount(0);
      continue;
    }
    await expect(row.getByTestId(`deployed-${remote}`)).toHaveText(entry.version);
    await expect(row).toContainText('正常');
  }
  await expect(diag.getByTestId('api-health')).toContainText('正常');
  await expect(diag.getByTestId('api-health')).toContainText(health.version);
  // rendered by the shell: it works with mf-user-center down
  await page.route(`${originOf('mf-user-center')}/**`, (route) => route.abort());
  await page.reload();
  await expect(diag.locator('[data-remote-row="mf-user-center"]')).toContainText('无法访问');
  await expect(diag.locator('[data-remote-row="mf-articles"]')).toContainText('正常');
});

test('a logged-in page of a disabled user offers no way around the notice through the navbar', async ({ page, context }) => {
  await startAs(context, { uid: 41, nickname: '违规用户', is_active: 0, inactive_reason: 'POST_SPAM_COMMENTS' });
  await page.goto(routePath('user.settingItems'));
  await expect(page.getByTestId('disabled-notice')).toBeVisible();
  await page.getByRole('link', { name: '写文章' }).click();
  await expect(page.getByTestId('disabled-notice')).toBeVisible();
  await expect(page.locator('#slot-mf-user-center [data-route]')).toHaveCount(0);
});
