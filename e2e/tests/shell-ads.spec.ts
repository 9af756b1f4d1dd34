import { expect, test, type Page } from '@playwright/test';
import { routePath } from '../../shared-kernel/src/routing/match';
import { navLink, siteUrl } from '../support/shell';

// SPEC.md §1, §6: ads only for no host prefix or it, math, algorithm, www, mianshi; removed on each navigation;
// loaded after the page is interactive, in reserved fixed boxes (no layout shift, no delay of the first paint).

interface AdLog {
  events: { kind: 'add' | 'remove'; serial: string; t: number }[];
}

/** Records every ad element added to or removed from the page, with the time. */
async function recordAds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: AdLog = { events: [] };
    (window as unknown as { __ads: AdLog }).__ads = log;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const [kind, nodes] of [['add', record.addedNodes], ['remove', record.removedNodes]] as const) {
          nodes.forEach((node) => {
            if (node instanceof HTMLElement && node.dataset.ad) log.events.push({ kind, serial: node.dataset.adSerial ?? '', t: performance.now() });
          });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const adLog = (page: Page) => page.evaluate(() => (window as unknown as { __ads: AdLog }).__ads.events);

test('on the main site an ad fills its fixed slot after the page is interactive, without moving the page', async ({ page }) => {
  await recordAds(page);
  await page.goto('/');
  const heading = page.locator('#slot-mf-articles h1');
  await expect(heading).toHaveText('文档搜索');
  const before = await heading.boundingBox();
  const ad = page.locator('[data-ad]');
  await expect(ad).toHaveCount(1);
  await expect(ad).toHaveAttribute('data-ad', 'float');
  await expect(ad).toContainText('推广');
  expect(await ad.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  expect(await ad.boundingBox()).toMatchObject({ width: 320, height: 104 });
  // after the load event, and nothing on the page moved
  const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  const [added] = await adLog(page);
  expect(added.kind).toBe('add');
  expect(added.t).toBeGreaterThanOrEqual(loadEnd);
  expect(await heading.boundingBox()).toEqual(before);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
});

test('ad elements are removed on each navigation, and the new page gets its own', async ({ page }) => {
  await recordAds(page);
  await page.goto('/');
  await expect(page.locator('[data-ad]')).toHaveCount(1);
  const first = await page.locator('[data-ad]').getAttribute('data-ad-serial');
  await navLink(page, '分类').click();
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  await expect(page.locator(`[data-ad-serial="${first}"]`)).toHaveCount(0);
  await expect(page.locator('[data-ad]')).toHaveCount(1);
  const second = await page.locator('[data-ad]').getAttribute('data-ad-serial');
  expect(second).not.toBe(first);
  const events = await adLog(page);
  expect(events.map((e) => `${e.kind}:${e.serial}`)).toEqual([`add:${first}`, `remove:${first}`, `add:${second}`]);

  // to a page without ads (logging in): removed, and nothing comes back
  await page.evaluate((path) => history.pushState(null, '', path), routePath('user.reg.mobile'));
  await expect(page.locator('#slot-mf-auth')).toHaveAttribute('data-remote', 'mf-auth');
  await expect(page.locator('[data-ad]')).toHaveCount(0);
  await page.waitForTimeout(2500);
  await expect(page.locator('[data-ad]')).toHaveCount(0);
});

for (const prefix of ['math', 'algorithm', 'it', 'www', 'mianshi']) {
  test(`the ${prefix}. sub-site shows ads`, async ({ page }) => {
    await page.goto(siteUrl(prefix, routePath('articles.cate.list')));
    await expect(page.locator('[data-ad]')).toHaveCount(1);
  });
}

test('other sub-sites never load or show ads', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  // the same page on the main site gets its ad within the wait below
  await page.goto(siteUrl('', routePath('articles.cate.list')));
  await expect(page.locator('[data-ad]')).toHaveCount(1, { timeout: 4000 });
  requests.length = 0;

  await page.goto(siteUrl('blog', routePath('articles.cate.list')));
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  await page.waitForTimeout(4000);
  await expect(page.locator('[data-ad]')).toHaveCount(0);
  expect(requests.filter((u) => /\/ads\.[0-9a-f]+\.js|\/api\/app-update\//.test(u))).toEqual([]);
});

test('phones get the bottom banner for the app, whose click is counted and leads to the download page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 720 });
  await page.goto(routePath('articles.cate.list'));
  const banner = page.locator('[data-ad="banner"]');
  await expect(banner).toContainText('知库文档 App');
  await expect(banner).toContainText(/v\d+\.\d+/);
  expect(await banner.boundingBox()).toMatchObject({ x: 0, width: 375, height: 64 });
  // its space is reserved at the end of the page: nothing is hidden under it
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('64px');
  const click = page.waitForRequest((r) => r.url().endsWith('/api/app-down-click/') && r.method() === 'POST');
  await banner.getByRole('link', { name: '免费下载' }).click();
  expect((await click).postDataJSON()).toEqual({ source: 'ad:banner' });
  await expect(page).toHaveURL(routePath('site.appDown'));
});

test('a closed ad stays closed for the session', async ({ page }) => {
  await page.goto('/');
  await page.locator('[data-ad]').getByRole('button', { name: '关闭推广' }).click();
  await expect(page.locator('[data-ad]')).toHaveCount(0);
  await navLink(page, '分类').click();
  await expect(page.locator('#slot-mf-articles h1')).toHaveText('分类列表');
  await page.waitForTimeout(2500);
  await expect(page.locator('[data-ad]')).toHaveCount(0);
});
