import { expect, test, type APIRequestContext } from '@playwright/test';
import { pageCodeStarted } from '../support/shell';

/** Words of the seeded poems: the site's hot keywords first, then characters every poem collection is full of. */
const POEM_WORDS = ['月', '春', '山', '风', '天'];

/**
 * A word of the seeded poems with more than one page of results, so that the journey can scroll for more. Read
 * from the API the page itself uses.
 */
async function wordWithManyResults(request: APIRequestContext): Promise<{ word: string; count: number }> {
  const hot = (await (await request.get('/api/search-keyword/?page_size=20')).json()) as { results: { keyword: string }[] };
  for (const keyword of [...hot.results.map((k) => k.keyword), ...POEM_WORDS]) {
    const found = (await (await request.get(`/api/articles/?keyword=${encodeURIComponent(keyword)}&page_size=1`)).json()) as { count: number };
    if (found.count > 30) return { word: keyword, count: found.count };
  }
  throw new Error('没有结果超过 30 条的诗词用字');
}

test('search a word from a poem: suggestions, highlighted results, filters, more on scroll, and back to where the list was', async ({ page }) => {
  test.setTimeout(90_000);
  const { word } = await wordWithManyResults(page.request);

  // Home: suggestions as the word is typed.
  await page.goto('/');
  const slot = page.locator('#slot-mf-articles');
  await expect(slot.locator('h1')).toHaveText('文档搜索');
  await pageCodeStarted(page);
  const box = slot.getByRole('combobox', { name: '搜索关键词' });
  await box.pressSequentially(word, { delay: 60 });
  const suggestions = slot.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions).toContainText(word);

  // Submit: results with the word highlighted.
  await box.press('Enter');
  await expect(page).toHaveURL(`/app/articles/search/result?keyword=${encodeURIComponent(word)}`);
  await expect(slot.locator('h1')).toHaveText('搜索结果');
  const results = slot.getByRole('list', { name: '搜索结果' });
  const items = results.locator('.ar-item');
  await expect(items).toHaveCount(20);
  await expect(results.locator('mark', { hasText: word }).first()).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(word);

  // Filter to PDF documents: only PDF icons left; then back to everything.
  await slot.getByRole('button', { name: 'PDF', exact: true }).click();
  await expect(page).toHaveURL(/ext_cate=pdf/);
  await expect(slot.getByRole('button', { name: 'PDF', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    const total = await items.count();
    expect(total).toBeGreaterThan(0);
    expect(await results.locator('.ar-item .doc-icon-pdf').count()).toBe(total);
  }).toPass();
  await slot.getByRole('button', { name: '全部', exact: true }).click();
  await expect(page).not.toHaveURL(/ext_cate/);
  await expect(items).toHaveCount(20);

  // Scrolling to the footer loads the next page.
  await slot.locator('.kl-footer').scrollIntoViewIfNeeded();
  await expect(items).not.toHaveCount(20);
  expect(await items.count()).toBeGreaterThan(20);

  // Open a document of the second page (far enough from the footer that scrolling to it loads nothing more).
  const target = results.locator('.ar-item:nth-child(n+25)[data-doc-id]').first();
  const id = await target.getAttribute('data-doc-id');
  await target.scrollIntoViewIfNeeded();
  await expect(slot.locator('.kl-footer')).not.toHaveAttribute('data-status', 'loading');
  const loaded = await items.count();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  let listRequests = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/articles/') listRequests += 1;
  });
  await target.locator('a').click();
  await expect(page).toHaveURL(`/app/articles/docs/detail/${id}`);
  await expect(results).toHaveCount(0);

  // Back: the same items, at the same place, without loading them again.
  await page.goBack();
  await expect(page).toHaveURL(`/app/articles/search/result?keyword=${encodeURIComponent(word)}`);
  await expect(items).toHaveCount(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  expect(listRequests).toBe(0);
});

test('from the category tree to a category page with its articles', async ({ page }) => {
  await page.goto('/app/articles/cate/list');
  const slot = page.locator('#slot-mf-articles');
  const tree = slot.getByRole('list', { name: '全部分类' });
  await tree.getByRole('heading').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/articles\/cate\/detail\/\d+$/);
  await expect(slot.locator('h1')).toHaveText('分类文章');
  await expect(slot.getByRole('list', { name: '分类文章' }).locator('.ar-item').first()).toBeVisible();
});
