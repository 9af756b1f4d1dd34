import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, expect, request as requests, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { devRoutesHeaders } from '../support/dev-routes';
import { apiLogin, pageCodeStarted, registerAccount, startAs, type Account } from '../support/shell';
import { storedFileWith } from '../support/site';
import { chineseDocx, chinesePdf, noisePng } from '../support/upload-files';
import { csrf } from '../support/journey';

// Uploads (issue 15) end to end against the real API, its conversion worker (LibreOffice, poppler) and the payment
// simulators: a user picks a docx and a PDF at once on user/docs/upload, watches each upload's bar and then each
// conversion's stage live until 待审核; staff approve both through the staff API; a visitor finds the docx by a
// word that is only inside the file, reads its converted preview (paid: its one preview page and the pay prompt),
// pays with a WeChat Pay QR on the simulator and downloads the very bytes that were uploaded.

test.describe.configure({ mode: 'serial' });

/** Screenshots are for looking at, not for the repository. */
const SHOTS = process.env.UPLOAD_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'upl-shots');
const sims = JSON.parse(process.env.E2E_PAY_SIMULATORS ?? '{}') as { alipay: string; wxpay: string };
const PC = { viewport: { width: 1280, height: 900 }, locale: 'zh-CN' };
const PHONE = { ...devices['iPhone 13'], viewport: { width: 375, height: 740 }, defaultBrowserType: undefined };
const STAMP = String(Date.now()).slice(-6);
/** In the docx's body only: neither its title nor its description has it. */
const INSIDE = '琉璃蜂鸟';
const DOCX = { name: `季度调研报告${STAMP}.docx`, title: `季度调研报告${STAMP}`, pages: 3 };
const PDF = { name: `边塞诗选${STAMP}.pdf`, title: `边塞诗选${STAMP}`, pages: 2 };
const CONVERSION_DEADLINE = 180_000;

let uploader: Account;
let staff: Account;
const uploaded: { docx?: Buffer; pdf?: Buffer } = {};
const ids: Record<string, number> = {};

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The page at 375 and at 1280 px, as it is now (from its top, the floating promotion closed: it is not the page's). */
async function shotBoth(page: Page, name: string): Promise<void> {
  const promo = page.getByRole('button', { name: '关闭推广' });
  if (await promo.isVisible()) await promo.click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(page, `${name}-375`);
  await page.setViewportSize(PC.viewport);
  await shot(page, `${name}-1280`);
}

async function loggedIn(browser: Browser, baseURL: string, who: Account): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PC, baseURL });
  await startAs(context, await apiLogin(context, baseURL, who));
  return { context, page: await context.newPage() };
}

/**
 * Records, per upload card (its file name), every progress bar label and end state the card shows, in order: the
 * bars change faster than a test can look, a MutationObserver sees each one.
 */
function recordCards(): void {
  const w = window as unknown as { __cards: Record<string, string[]> };
  w.__cards = {};
  const record = () => {
    document.querySelectorAll('[data-testid="upload-card"]').forEach((card) => {
      const list = (w.__cards[card.getAttribute('aria-label') ?? ''] ??= []);
      const seen = [...card.querySelectorAll('[role="progressbar"]')].map((b) => `${b.getAttribute('aria-label')}`);
      const state = card.querySelector('.ucd-state')?.textContent?.trim();
      for (const s of state ? [...seen, `=${state}`] : seen) if (list.at(-1) !== s) list.push(s);
    });
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

const cardsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __cards: Record<string, string[]> }).__cards);

test('register the uploader and a reviewer', async ({ baseURL }) => {
  uploader = await registerAccount(baseURL!, '上传测试用户');
  staff = await registerAccount(baseURL!, '审核测试员');
  const api = await requests.newContext({ baseURL });
  const granted = await api.post('/api/dev/staff-role/', { data: { mobile: staff.mobile, role: 'reviewer' }, headers: devRoutesHeaders() });
  expect(granted.status(), await granted.text()).toBe(200);
  await api.dispose();
  expect(sims.wxpay, '全局启动时记录了支付模拟器地址').toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('a docx and a PDF picked at once: each upload bar, then each conversion live, until 待审核', async ({ browser, baseURL }) => {
  test.setTimeout(CONVERSION_DEADLINE + 60_000);
  // each over one 5 MB chunk (a picture of noise in it): the bar moves chunk by chunk
  uploaded.docx = await chineseDocx('季度调研', INSIDE, DOCX.pages, noisePng());
  uploaded.pdf = await chinesePdf('边塞诗选', PDF.pages, noisePng());
  for (const bytes of [uploaded.docx, uploaded.pdf]) expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
  const { context, page } = await loggedIn(browser, baseURL!, uploader);
  await context.addInitScript(recordCards);
  await page.goto('/app/user/docs/upload');
  const limits = page.getByTestId('upload-limits');
  await expect(limits).toContainText('200 MB');
  await expect(limits).toContainText('每次最多 20 个文件');
  await expect(page.getByTestId('left-today')).toHaveText('今日还可上传 50 个');
  await shotBoth(page, 'upload-empty');

  await page.getByLabel('选择文件').setInputFiles([
    { name: DOCX.name, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: uploaded.docx },
    { name: PDF.name, mimeType: 'application/pdf', buffer: uploaded.pdf },
  ]);
  const docxCard = page.getByRole('listitem', { name: DOCX.name });
  const pdfCard = page.getByRole('listitem', { name: PDF.name });
  await expect(docxCard.getByLabel('标题')).toHaveValue(DOCX.title);
  await expect(pdfCard.getByLabel('标题')).toHaveValue(PDF.title);
  for (const card of [docxCard, pdfCard]) await card.getByLabel('分类').selectOption({ index: 1 });
  await docxCard.getByLabel('简介').fill('一份季度调研的摘要，供测试使用。');
  await docxCard.getByLabel('付费').check();
  await docxCard.getByLabel('售价（元）').fill('2');
  await docxCard.getByLabel('可预览页数').fill('1');
  await page.getByLabel('我已阅读并同意以上声明').check();
  await shotBoth(page, 'upload-picked');

  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/docs/' && r.request().method() === 'POST' && r.request().postDataJSON()?.title === PDF.title);
  const createdDocx = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/docs/' && r.request().method() === 'POST' && r.request().postDataJSON()?.title === DOCX.title);
  await page.getByRole('button', { name: '开始上传' }).click();
  await expect(docxCard.getByRole('progressbar', { name: /^上传中 \d+%$/ })).toBeVisible();
  for (const [key, answer] of [['docx', createdDocx], ['pdf', created]] as const) {
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    ids[key] = ((await response.json()) as { id: number }).id;
  }

  // the PDF waits behind the docx in the one worker's queue: both cards show a conversion bar
  await expect(pdfCard.getByTestId('conversion').getByRole('progressbar')).toBeVisible();
  await shotBoth(page, 'upload-converting');

  for (const card of [docxCard, pdfCard]) await expect(card.getByTestId('conversion')).toContainText('待审核', { timeout: CONVERSION_DEADLINE });
  await expect(page.getByTestId('left-today')).toHaveText('今日还可上传 48 个');
  await shotBoth(page, 'upload-done');

  const seen = await cardsSeen(page);
  for (const name of [DOCX.name, PDF.name]) {
    const steps = seen[name] ?? [];
    const uploadPcts = steps.map((s) => /^上传中 (\d+)%$/.exec(s)?.[1]).filter((p) => p !== undefined).map(Number);
    expect(uploadPcts.some((p) => p > 0 && p < 100), `${name} 的上传进度条走过中间值：${steps.join(' → ')}`).toBe(true);
    const stages = steps.filter((s) => /^(排队中|正在转换|正在提取文字|正在生成缩略图|正在检查) \d+%$/.test(s));
    expect(stages.length, `${name} 的转换阶段实时可见：${steps.join(' → ')}`).toBeGreaterThan(0);
    // uploading comes before converting, and 待审核 last
    expect(steps.findIndex((s) => s.startsWith('上传中'))).toBeLessThan(steps.indexOf(stages[0]));
    expect(steps.at(-1)).toMatch(/^=待审核/);
  }
  const converting = seen[DOCX.name].filter((s) => /^正在转换 \d+%$/.test(s));
  expect(converting.length, `docx 的 LibreOffice 转换阶段：${seen[DOCX.name].join(' → ')}`).toBeGreaterThan(0);
  await context.close();
});

test('staff approve both through the staff API; the uploader sees them published in my docs', async ({ browser, baseURL }) => {
  const reviewer = await loggedIn(browser, baseURL!, staff);
  const queue = await reviewer.page.request.get('/api/staff/docs/?status=reviewing&page_size=100');
  expect(queue.status()).toBe(200);
  const waiting = ((await queue.json()) as { results: { id: number }[] }).results.map((d) => d.id);
  expect(waiting).toEqual(expect.arrayContaining([ids.docx, ids.pdf]));
  for (const id of [ids.docx, ids.pdf]) {
    const res = await reviewer.page.request.post(`/api/staff/docs/${id}/approve/`, { headers: await csrf(reviewer.context) });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { status: number }).status).toBe(1);
  }
  await reviewer.context.close();

  const { context, page } = await loggedIn(browser, baseURL!, uploader);
  await page.goto('/app/user/docs/list');
  for (const title of [DOCX.title, PDF.title]) await expect(page.getByTestId('my-doc').filter({ hasText: title }).getByTestId('doc-state')).toHaveText('已发布');
  await shotBoth(page, 'my-docs');
  await context.close();
});

test('a visitor finds the docx by a word inside it, reads its paid preview, pays and downloads the uploaded bytes', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PC, baseURL });
  const page = await context.newPage();
  const doc = (await (await page.request.get(`/api/docs/${ids.docx}/`)).json()) as { title: string; summary: string; price: number; pages: number };
  expect(doc.title).not.toContain(INSIDE);
  expect(doc.summary).not.toContain(INSIDE);
  expect(doc.price).toBe(200);
  expect(doc.pages).toBe(DOCX.pages);

  await page.goto('/');
  const slot = page.locator('#slot-mf-articles');
  await pageCodeStarted(page);
  await slot.getByRole('combobox', { name: '搜索关键词' }).fill(INSIDE);
  await slot.getByRole('combobox', { name: '搜索关键词' }).press('Enter');
  await expect(page).toHaveURL(`/app/articles/search/result?keyword=${encodeURIComponent(INSIDE)}`);
  const results = slot.getByRole('list', { name: '搜索结果' });
  await results.getByRole('link', { name: DOCX.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/app/articles/docs/detail/${ids.docx}$`));
  await expect(page.getByRole('heading', { level: 1, name: DOCX.title })).toBeVisible();

  // the reader: the converted PDF cut to its one preview page, drawn, with the word in its text layer
  const preview = page.getByRole('region', { name: '文档预览' });
  await expect(preview.getByText('可预览前 1 页')).toBeVisible();
  const pages = preview.locator('.dt-pdf-page');
  await expect(pages).toHaveCount(1);
  await expect(pages.first()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(pages.first().locator('.dt-pdf-text')).toContainText(INSIDE);
  await expect(preview.getByText(`剩余 ${DOCX.pages - 1} 页需下载后阅读`)).toBeVisible();

  await page.getByRole('button', { name: '立即下载' }).click();
  await expect(page.locator('.dt-pay')).toContainText('该文档为付费文档');
  await page.locator('.dt-pay').getByRole('button', { name: '去支付 ¥2.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/guest/pay/order\\?docs=${ids.docx}$`));
  await page.getByText('微信支付', { exact: true }).click();
  await page.getByRole('button', { name: /^立即支付/ }).click();
  const qr = page.locator('img.mp-qr');
  await expect(qr).toBeVisible();
  const codeUrl = await qr.getAttribute('data-code');
  expect(codeUrl).toMatch(new RegExp(`^${sims.wxpay.replace(/\./g, '\\.')}/`));
  const phone = await browser.newContext(PHONE);
  const cashier = await phone.newPage();
  await cashier.goto(codeUrl!);
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByText('支付成功').first()).toBeVisible();
  await phone.close();

  const link = page.getByRole('link', { name: '下载文档' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), link.click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.equals(uploaded.docx!), '下载的正是上传的文件').toBe(true);
  expect(storedFileWith(bytes), '存储中的原文件').not.toBeNull();
  expect(download.suggestedFilename()).toBe(DOCX.name);
  await context.close();
});

test('the free PDF reads whole in the reader', async ({ page }) => {
  await page.goto(`/app/articles/docs/detail/${ids.pdf}`);
  const preview = page.getByRole('region', { name: '文档预览' });
  await expect(preview.getByText(`共 ${PDF.pages} 页`)).toBeVisible();
  await expect(preview.locator('.dt-pdf-page')).toHaveCount(PDF.pages);
  await expect(preview.locator('.dt-pdf-page').first()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(preview.locator('.dt-pdf-text').first()).toContainText('边塞诗选');
});
