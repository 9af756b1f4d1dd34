import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerThroughPage, toast } from '../support/journey';
import { pageCodeStarted } from '../support/shell';

// My library (issue 17) in the browser against the real API: a reader collects a document into a new folder from
// the document's page and finds it under user/collect/list, moves it into another folder, and finds the document
// they read under user/history/list. Screenshots at 375 and 1280 px.

const SHOTS = process.env.LIBRARY_SCREENSHOT_DIR ?? '/tmp/library-shots';
const PASSWORD = 'library2026pass';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} 在 ${width}px 下横向溢出`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('collect a document into a new folder, find it there, move it; find what I read in my history', async ({ browser, baseURL }) => {
  const { page } = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const docs = (await (await page.request.get('/api/docs/?page_size=2')).json()) as { results: { id: number; title: string }[] };
  const [doc, other] = docs.results;

  await page.goto(`/app/articles/docs/detail/${doc.id}`);
  await expect(page.getByRole('heading', { name: doc.title })).toBeVisible();
  await pageCodeStarted(page);
  await page.getByRole('button', { name: /^收藏/ }).click();
  await page.getByLabel('新收藏夹名称').fill('期末复习');
  await page.getByRole('button', { name: '新建', exact: true }).click();
  await expect(page.getByRole('radio', { name: /期末复习/ })).toBeChecked();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '收藏成功')).toBeVisible();
  // the page comes as HTML (the visitor's view); for a signed-in reader the browser then reads the document again,
  // which is what puts it in the reader's history
  const readAgain = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/docs/${other.id}/`);
  await page.goto(`/app/articles/docs/detail/${other.id}`);
  await expect(page.getByRole('heading', { name: other.title })).toBeVisible();
  expect((await readAgain).ok()).toBe(true);

  await page.goto('/app/user/collect/list');
  const nav = page.getByRole('list', { name: '收藏夹' });
  await nav.getByRole('button', { name: /期末复习/ }).click();
  const panel = page.getByTestId('folder-panel');
  await expect(panel.getByRole('heading', { name: /期末复习/ })).toBeVisible();
  await expect(panel.getByTestId('library-item')).toHaveCount(1);
  await expect(panel.getByRole('link', { name: doc.title })).toBeVisible();
  await shoot(page, 'collect-list');

  // a second folder, then the document moves into it
  await page.getByRole('textbox', { name: '收藏夹名称' }).fill('考研资料');
  await page.getByRole('button', { name: '新建收藏夹' }).click();
  await expect(toast(page, '收藏夹已创建')).toBeVisible();
  await nav.getByRole('button', { name: /期末复习/ }).click();
  await panel.getByTestId('library-item').getByRole('combobox', { name: '移到…' }).selectOption({ label: '考研资料' });
  await expect(toast(page, '已移动')).toBeVisible();
  await expect(panel.getByTestId('library-item')).toHaveCount(0);
  await nav.getByRole('button', { name: /考研资料/ }).click();
  await expect(panel.getByRole('link', { name: doc.title })).toBeVisible();

  await page.goto('/app/user/history/list');
  const today = page.getByRole('group', { name: '今天' });
  await expect(today.getByTestId('library-item')).toHaveCount(2);
  await expect(today.getByTestId('library-item').first().getByRole('link')).toHaveText(other.title);
  await expect(today.getByRole('link', { name: doc.title })).toBeVisible();
  await shoot(page, 'history');

  // the other pages of the library are real at both widths
  await page.goto('/app/user/docs/download');
  await expect(page.getByRole('region', { name: '下载统计' })).toBeVisible();
  await expect(page.getByText('还没有下载过文档')).toBeVisible();
  await shoot(page, 'downloads');
  await page.goto('/app/user/transfer/list');
  await expect(page.getByRole('heading', { name: '发起转让' })).toBeVisible();
  await expect(page.getByText('暂无转让记录')).toBeVisible();
  // a new account has no published document to offer
  await expect(page.getByText('你还没有已上传的文档')).toBeVisible();
  await expect(page.locator('.kt-item')).toHaveCount(0);
  await shoot(page, 'transfers');
  await page.context().close();
});
