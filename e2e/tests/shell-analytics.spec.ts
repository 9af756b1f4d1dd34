import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { routePath } from '../../shared-kernel/src/routing/match';
import { navLink, pageCodeStarted, pageTitle } from '../support/shell';

// SPEC.md §2: a page view to the analytics tracker after each navigation to a different full path, with path and
// title; none on first load. The tracker is Baidu Tongji's `_hmt` queue, configured by the deployment manifest.

const SITE_ID = '0123456789abcdef0123456789abcdef';
const SITE = pageTitle('信息安全');

/**
 * A stand-in for hm.baidu.com/hm.js, served by the test (no request leaves the machine). Like the real script it
 * runs the commands queued in `_hmt` and then takes over `_hmt.push`; a page view records the path and the document
 * title at that moment (what hm.js sends as `tt`).
 */
const FAKE_HM_JS = `(function () {
  var sent = (window.__hmSent = []);
  function run(command) {
    if (command && command[0] === '_trackPageview') sent.push({ path: command[1], title: document.title });
  }
  var queued = window._hmt || [];
  for (var i = 0; i < queued.length; i++) run(queued[i]);
  window._hmt = { push: run };
})();`;

const sent = (page: Page) => page.evaluate(() => (window as unknown as { __hmSent?: { path: string; title: string }[] }).__hmSent);

test.describe('with a Baidu Tongji site id in the deployment manifest', () => {
  let original = '';
  test.beforeAll(() => {
    original = readFileSync(process.env.E2E_DEPLOYMENT_FILE!, 'utf8');
    writeFileSync(process.env.E2E_DEPLOYMENT_FILE!, JSON.stringify({ ...JSON.parse(original), analytics: { baidu: SITE_ID } }));
  });
  test.afterAll(() => writeFileSync(process.env.E2E_DEPLOYMENT_FILE!, original));

  test('no page view on the first load; one per navigation to a different full path, with path and title', async ({ page }) => {
    const script = page.waitForRequest(`https://hm.baidu.com/hm.js?${SITE_ID}`);
    await page.route('https://hm.baidu.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_HM_JS }));
    await page.goto('/');
    await script;
    await pageCodeStarted(page);
    await expect.poll(() => sent(page)).toEqual([]);

    await navLink(page, '分类').click();
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
    await expect.poll(() => sent(page)).toEqual([{ path: routePath('articles.cate.list'), title: `分类列表 - ${SITE}` }]);

    // the same full path again: nothing new
    await navLink(page, '分类').click();
    await page.waitForTimeout(300);
    expect(await sent(page)).toHaveLength(1);

    // a different query is a different full path
    await page.getByRole('searchbox', { name: '搜索文档' }).fill('数据库');
    await page.getByRole('searchbox', { name: '搜索文档' }).press('Enter');
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('搜索结果');
    await page.goBack();
    await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
    await expect.poll(() => sent(page)).toEqual([
      { path: routePath('articles.cate.list'), title: `分类列表 - ${SITE}` },
      { path: `${routePath('articles.search.result')}?keyword=%E6%95%B0%E6%8D%AE%E5%BA%93`, title: `搜索结果 - ${SITE}` },
      { path: routePath('articles.cate.list'), title: `分类列表 - ${SITE}` },
    ]);
  });

  test('a redirect by the login guard on the first load is no navigation of the visitor', async ({ page }) => {
    await page.route('https://hm.baidu.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_HM_JS }));
    await page.goto(routePath('user.coin.list'));
    await expect(page).toHaveURL(routePath('user.login.code'));
    await expect.poll(() => sent(page)).toEqual([]);
  });
});

test('without a site id no analytics script is fetched and nothing is queued', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/');
  await pageCodeStarted(page);
  await navLink(page, '分类').click();
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  await page.waitForTimeout(2500);
  expect(requests.filter((u) => u.includes('baidu.com'))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { _hmt?: unknown })._hmt)).toBeUndefined();
});
