import { mkdirSync } from 'node:fs';
import { expect, request as requests, test, type Page } from '@playwright/test';
import { devRoutesHeaders } from '../support/dev-routes';
import { csrf, registerThroughPage } from '../support/journey';

// Writing (issue 18) in Chromium against the real API: a post with a table and a code block, Chinese typed
// through the browser's input-method composition (CDP Input.imeSetComposition), the tab closed mid-sentence and
// the draft recovered, published (machine checks, review), approved through the staff API, and read on its
// detail page at 375 and 1280 px with the table and the highlighted code. Pictures need POST /api/img-storage/
// (the uploads work): the editor's paste is covered by the component tests.

const SHOTS = process.env.WRITING_SCREENSHOT_DIR ?? '/tmp/writing-shots';
const PASSWORD = 'write2026pass';

/** Types through the input method as a Chinese user does: pinyin composing, then the chosen characters. */
async function typeWithIme(page: Page, steps: string[], committed: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const pinyin of steps) await cdp.send('Input.imeSetComposition', { text: pinyin, selectionStart: pinyin.length, selectionEnd: pinyin.length });
  await cdp.send('Input.insertText', { text: committed });
  await cdp.detach();
}

const BODY = [
  '## 表格与代码',
  '',
  '| 语言 | 用途 |',
  '| --- | --- |',
  '| TypeScript | 前端 |',
  '| Go | 后端 |',
  '',
  '```ts',
  'const greeting: string = "你好";',
  '```',
  '',
  '正文：',
].join('\n');

test('write with a table and code, IME, close the tab mid-sentence, recover, publish, approve, read at 375 and 1280 px', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const author = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const staff = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  const api = await requests.newContext({ baseURL });
  const granted = await api.post('/api/dev/staff-role/', { data: { mobile: staff.phone, role: 'reviewer' }, headers: devRoutesHeaders() });
  expect(granted.status(), await granted.text()).toBe(200);

  const page = author.page;
  // the home page loads neither the editor nor the Markdown renderer
  const home: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && home.push(r.url()));
  await page.goto('/');
  await expect(page.locator('#app-slot h1')).toBeVisible();
  expect(home.filter((u) => /route-user\.blogs|md-engine|lib-marked|lib-highlight/.test(u))).toEqual([]);
  await page.goto('/app/user/blogs/write');
  await page.getByLabel('标题', { exact: true }).fill('端到端：表格与代码');
  const area = page.getByLabel('正文（Markdown）');
  await area.fill(BODY);
  await area.press('End');
  await typeWithIme(page, ['z', 'zhong', 'zhongwen'], '中文');
  await expect(area).toHaveValue(`${BODY}中文`);
  // saved to the server: the address is the post's own
  await expect(page.getByText(/已保存到云端/)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/blogs\/edit\/\d+$/);
  const editUrl = page.url();
  const id = Number(editUrl.match(/(\d+)$/)![1]);
  await expect(page.getByTestId('blog-preview').locator('table td').first()).toHaveText('TypeScript');
  await page.screenshot({ path: `${SHOTS}/write-1280.png`, fullPage: true });

  // mid-sentence, the tab goes before the autosave delay is over
  await area.press('End');
  await area.pressSequentially('，写到一半的句子');
  await page.close();

  const again = await author.context.newPage();
  await again.goto(editUrl);
  await expect(again.getByLabel('正文（Markdown）')).toHaveValue(`${BODY}中文，写到一半的句子`);
  await expect(again.getByText('已恢复上次未保存的内容')).toBeVisible();
  await expect(again.getByText(/已保存到云端/)).toBeVisible();
  const saved = (await (await again.request.get(`/api/my-blogs/${id}/`)).json()) as { draft: { content: string; category: number } };
  expect(saved.draft.content).toBe(`${BODY}中文，写到一半的句子`);

  await again.getByRole('button', { name: '发布' }).click();
  await expect(again).toHaveURL(/\/app\/user\/blogs\/list$/);
  await expect(again.getByTestId('my-blog').filter({ hasText: '端到端：表格与代码' })).toContainText('待审核');
  await again.screenshot({ path: `${SHOTS}/list-1280.png`, fullPage: true });
  expect((await api.get(`/api/blogs/${id}/`)).status()).toBe(404);

  const approved = await staff.page.request.post(`/api/staff/blogs/${id}/approve/`, { headers: await csrf(staff.context) });
  expect(approved.status(), await approved.text()).toBe(200);

  for (const width of [375, 1280]) {
    const reader = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width, height: 900 } });
    const view = await reader.newPage();
    const scripts: string[] = [];
    view.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await view.goto(`/app/articles/blogs/detail/${id}`);
    const body = view.locator('.dt-md');
    await expect(body.locator('table td').first()).toHaveText('TypeScript');
    await expect(body.locator('code.language-ts .hljs-keyword').first()).toHaveText('const');
    await expect(body).toContainText('中文，写到一半的句子');
    // the table scrolls inside its box on a phone; the page itself does not scroll sideways
    expect(await view.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await view.screenshot({ path: `${SHOTS}/detail-${width}.png`, fullPage: true });
    // the post came as HTML, rendered and sanitized on the server: the browser loads neither the Markdown
    // renderer nor the editor to show it
    expect(scripts.filter((u) => /md-engine|lib-marked|lib-highlight/.test(u))).toEqual([]);
    expect(scripts.filter((u) => /route-user\.blogs/.test(u))).toEqual([]);
    await reader.close();
  }
  // a rejected post: the reason on the denylist, edit and resubmit from there (phone width)
  const headers = await csrf(author.context);
  const made = await author.context.request.post('/api/blogs/', { data: { category: saved.draft.category, title: '待驳回的文章', content: '这是一篇用来测试驳回流程的文章，正文足够长了。' }, headers });
  expect(made.status(), await made.text()).toBe(201);
  const rejectedId = ((await made.json()) as { id: number }).id;
  expect((await author.context.request.post(`/api/blogs/${rejectedId}/submit/`, { headers })).status()).toBe(200);
  const rejected = await staff.page.request.post(`/api/staff/blogs/${rejectedId}/reject/`, { data: { reason: '请补充代码示例' }, headers: await csrf(staff.context) });
  expect(rejected.status(), await rejected.text()).toBe(200);
  const phone = await author.context.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto('/app/user/blogs/denylist');
  const row = phone.getByTestId('my-blog').filter({ hasText: '待驳回的文章' });
  await expect(row).toContainText('未通过原因：请补充代码示例');
  await phone.screenshot({ path: `${SHOTS}/denylist-375.png`, fullPage: true });
  await row.getByRole('link', { name: '修改后重新提交' }).click();
  await expect(phone.getByLabel('正文（Markdown）')).toHaveValue('这是一篇用来测试驳回流程的文章，正文足够长了。');
  await expect(phone.getByRole('note')).toContainText('请补充代码示例');
  await phone.getByRole('button', { name: '预览' }).click();
  await expect(phone.getByTestId('blog-preview')).toContainText('这是一篇用来测试驳回流程的文章');
  await phone.screenshot({ path: `${SHOTS}/edit-preview-375.png`, fullPage: true });
  await phone.getByRole('button', { name: '重新提交审核' }).click();
  await expect(phone).toHaveURL(/\/app\/user\/blogs\/list$/);
  await expect(phone.getByTestId('my-blog').filter({ hasText: '待驳回的文章' })).toContainText('待审核');
  await author.context.close();
  await staff.context.close();
  await api.dispose();
});
