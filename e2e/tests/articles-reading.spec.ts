import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPhone } from '../support/auth';
import { storedFileWith } from '../support/site';
import { registerOnPage, toast } from '../support/journey';
import { pageCodeStarted } from '../support/shell';

// Reading on the composed site against the seeded API (issue 7): a visitor opens a document by its route, reads
// its preview and downloads it (the exact bytes the signed link serves), exhausts the visitor's free quota and
// sees the payment answer; logs in from the favourite button's dialog (the favourite continues after login),
// comments, and finds the document in the browsing history; a blog detail renders its Markdown.

test.describe.configure({ mode: 'serial' });

interface Doc {
  id: number;
  title: string;
  file_type: string;
  ext_cate: string;
  is_free: boolean;
  price: number;
  pages: number;
  size: number;
}

const account = { phone: freshPhone(), password: 'Yuedu2026a' };

async function docs(request: APIRequestContext, query: string): Promise<Doc[]> {
  const response = await request.get(`/api/docs/?page_size=100&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Doc[] }).results;
}

/** Clicks the download button and returns the file the browser received, with the name it suggested. */
async function downloadFrom(page: Page): Promise<{ bytes: Buffer; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '立即下载' }).click()]);
  const file = await download.path();
  return { bytes: readFileSync(file), name: download.suggestedFilename() };
}

test('register an account for the reading journey', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerOnPage(page, baseURL!, account.phone, account.password);
  await context.close();
});

test('a visitor reads a text document, downloads its exact bytes, uses up the free quota and sees the payment answer', async ({ page }) => {
  const free = (await docs(page.request, 'is_free=1&ordering=-create_time')).filter((d) => d.file_type === 'txt' || d.file_type === 'md');
  expect(free.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = free;

  await page.goto(`/app/articles/docs/detail/${first.id}`);
  await pageCodeStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  // the preview shows the first text page the API serves
  const url = (await (await page.request.get(`/api/docs-preview-url/${first.id}/1/`)).json()) as { url: string };
  const pageText = await (await page.request.get(url.url)).text();
  // a line of the body (a first heading that repeats the title is not shown twice)
  const firstLine = pageText
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .map((l) => l.replace(/^[>*\-\s]+/, '').replace(/\*+$/, '').trim())
    .find((l) => l.length > 3)!;
  await expect(page.getByTestId('text-preview')).toContainText(firstLine.slice(0, 12));
  await expect(page.getByTestId('quota')).toContainText('今日剩余免费下载次数 2/2');

  const { bytes, name } = await downloadFrom(page);
  // the Chinese title of Content-Disposition's filename* (RFC 5987)
  expect(name).toBe(`${first.title}.${first.file_type}`);
  // the same file again through a new signed link (a repeat download the same day costs no quota)
  const link = (await (await page.request.post(`/api/user-download/docs/${first.id}/`)).json()) as { url: string; kind: string };
  expect(link.kind).toBe('repeat');
  const served = await (await page.request.get(link.url)).body();
  expect(bytes.equals(served)).toBe(true);
  // and exactly the file the API stored for it
  expect(bytes.length).toBe(first.size);
  expect(storedFileWith(bytes)).not.toBeNull();
  expect(bytes.toString('utf8')).toContain(firstLine.slice(0, 12));
  await expect(page.getByTestId('quota')).toContainText('今日剩余免费下载次数 1/2');

  await page.goto(`/app/articles/docs/detail/${second.id}`);
  await pageCodeStarted(page);
  await expect(page.getByTestId('quota')).toContainText('1/2');
  await downloadFrom(page);
  await expect(page.getByTestId('quota')).toContainText('0/2');

  await page.goto(`/app/articles/docs/detail/${third.id}`);
  await pageCodeStarted(page);
  await page.getByRole('button', { name: '立即下载' }).click();
  const answer = page.locator('.dt-pay');
  await expect(answer).toContainText('免费下载次数');
  await answer.getByRole('button', { name: '购买下载套餐' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/guest/pay/order\\?docs=${third.id}&type=package$`));

  // a paid document answers with its price and the way to pay
  const [paid] = await docs(page.request, 'is_free=0&ordering=-create_time');
  await page.goto(`/app/articles/docs/detail/${paid.id}`);
  await pageCodeStarted(page);
  await page.getByRole('button', { name: '立即下载' }).click();
  await expect(page.locator('.dt-pay')).toContainText('该文档为付费文档，购买后即可下载');
  await page.locator('.dt-pay').getByRole('button', { name: /去支付/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/guest/pay/order\\?docs=${paid.id}$`));
});

test('log in from the favourite button, favourite continues, comment, and find it in the browsing history', async ({ page }) => {
  const [doc] = await docs(page.request, 'is_free=1&ordering=-downloads');
  await page.goto(`/app/articles/docs/detail/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
  await pageCodeStarted(page);
  await page.getByRole('button', { name: /^☆?\s*收藏/ }).click();
  const login = page.getByRole('dialog', { name: '登录后收藏' });
  await expect(login).toBeVisible();
  await login.getByRole('tab', { name: '密码登录' }).click();
  await login.getByLabel('手机号', { exact: true }).fill(account.phone);
  await login.getByLabel('密码', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  // the favourite goes on by itself: pick the folder
  const folders = page.getByRole('dialog', { name: '收藏到' });
  await expect(folders).toBeVisible();
  await folders.getByLabel('新收藏夹名称').fill('唐宋名篇');
  await folders.getByRole('button', { name: '新建' }).click();
  await expect(folders.getByLabel(/唐宋名篇/)).toBeChecked();
  await folders.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '收藏成功')).toBeVisible();
  await expect(page.getByRole('button', { name: /已收藏/ })).toBeVisible();
  const collected = (await (await page.request.get(`/api/docs-collect/?docs=${doc.id}`)).json()) as { count: number };
  expect(collected.count).toBe(1);

  // the comment page as the shell's server keeps it for readers (made before the comment below)
  const commentPage = `/app/articles/docs/comment/${doc.id}`;
  await page.goto(commentPage);
  await pageCodeStarted(page);
  await page.goto(`/app/articles/docs/detail/${doc.id}`);
  await pageCodeStarted(page);

  const text = `端到端评论 ${Date.now()}`;
  await page.getByLabel('评论内容').fill(text);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(toast(page, '评论成功')).toBeVisible();
  const row = page.locator('.dt-comment', { hasText: text });
  await expect(row).toBeVisible();
  // on the comment page too, where the author may delete it. The page the server keeps was made before the comment:
  // its author gets one made after it (the wrote_at cookie of the /api/ proxy), the comment in its HTML
  const html = await (await page.request.get(commentPage)).text();
  expect(html).toContain(text);
  await page.goto(commentPage);
  await pageCodeStarted(page);
  const own = page.locator('.dt-comment', { hasText: text });
  await expect(own).toBeVisible();
  await own.getByRole('button', { name: '删除' }).click();
  await own.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '评论已删除')).toBeVisible();
  await expect(page.locator('.dt-comment', { hasText: text })).toHaveCount(0);

  const history = (await (await page.request.get('/api/articles-browsing-history/?type=docs')).json()) as { results: { docs?: { id: number } }[] };
  expect(history.results.map((h) => h.docs?.id)).toContain(doc.id);
});

test('a blog detail renders its Markdown and lists its appendix', async ({ page }) => {
  const blogs = ((await (await page.request.get('/api/blogs/?page_size=40')).json()) as { results: { id: number; title: string; appendix_count: number }[] }).results;
  const blog = blogs.find((b) => b.appendix_count > 0)!;
  await page.goto(`/app/articles/blogs/detail/${blog.id}`);
  await pageCodeStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  const body = page.locator('.dt-blog .dt-md');
  await expect(body.locator('h2').first()).toBeVisible();
  await expect(body.locator('blockquote')).toHaveCount(1);
  await expect(body).not.toContainText('## ');
  await expect(page.getByRole('region', { name: /附件/ })).toContainText('原文');
});
