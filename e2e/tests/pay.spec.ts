import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { type Account, apiLogin, pageCodeStarted, registerAccount, startAs } from '../support/shell';
import { storedFileWith } from '../support/site';
import { toast } from '../support/journey';

// Payments through the browser with the real API and the local payment simulators (docs/payments.md): a visitor
// buys a document with a WeChat Pay QR and downloads it; a user on a phone buys a package on Alipay's WAP
// cashier and spends one of its downloads; a notification the simulator drops is settled by the page's polling;
// the order history shows both of the user's orders, paid.

test.describe.configure({ mode: 'serial' });

interface Doc {
  id: number;
  title: string;
  file_type: string;
  price: number;
  size: number;
}

/** Screenshots are for looking at, not for the repository. */
const SHOTS = process.env.PAY_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'pay-shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const sims = JSON.parse(process.env.E2E_PAY_SIMULATORS ?? '{}') as { alipay: string; wxpay: string };
const PC = { viewport: { width: 1280, height: 900 } };
const PHONE = { ...devices['iPhone 13'], viewport: { width: 375, height: 740 }, defaultBrowserType: undefined };

let user: Account;
const paidByUser: string[] = [];

/** Paid documents a package covers (¥20 at most) and the daily free quota does not (over ¥1), cheapest first. */
async function paidDocs(request: APIRequestContext): Promise<Doc[]> {
  const response = await request.get('/api/docs/?page_size=100&is_free=0&ordering=price');
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: Doc[] };
  const docs = results.filter((d) => d.price > 100 && d.price < 2000);
  expect(docs.length, '演示数据中 ¥1 到 ¥20 之间的付费文档').toBeGreaterThanOrEqual(3);
  return docs;
}

async function loggedIn(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const answer = await apiLogin(context, baseURL, user);
  await startAs(context, answer);
  return { context, page: await context.newPage() };
}

/** The order number the page got from POST /api/order-info/ (or once-order-info), with its pay start. */
async function orderCreated(page: Page, click: () => Promise<void>, path = '/api/order-info/'): Promise<{ order_no: string; pay: { kind: string; code_url?: string; url?: string } }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
    click(),
  ]);
  expect(response.status(), `${path} 下单`).toBe(201);
  return (await response.json()) as { order_no: string; pay: { kind: string; code_url?: string; url?: string } };
}

async function simFault(request: APIRequestContext, sim: string, outTradeNo: string, fault: 'drop' | 'none'): Promise<void> {
  const response = await request.post(`${sim}/_sim/fault`, { data: { out_trade_no: outTradeNo, fault } });
  expect(response.status(), '模拟器故障设置').toBe(200);
}

/** "Scans" the QR on `page`: opens its content (the cashier's URL) on a phone of its own and confirms there. */
async function scanAndPay(browser: Browser, page: Page, method: 'wxpay' | 'alipay', shotName: string): Promise<void> {
  const qr = page.locator('img.mp-qr');
  await expect(qr).toBeVisible();
  const codeUrl = await qr.getAttribute('data-code');
  expect(codeUrl, '二维码内容是模拟器收银台的地址').toMatch(new RegExp(`^${(method === 'wxpay' ? sims.wxpay : sims.alipay).replace(/\./g, '\\.')}/`));
  const phone = await browser.newContext(PHONE);
  const cashier = await phone.newPage();
  await cashier.goto(codeUrl!);
  const confirm = cashier.getByRole('button', { name: method === 'wxpay' ? '确认支付' : '确认付款' });
  await expect(confirm).toBeVisible();
  await shot(cashier, shotName);
  await confirm.click();
  await expect(cashier.getByText('支付成功').first()).toBeVisible();
  await phone.close();
}

test('register the paying user', async ({ baseURL }) => {
  expect(sims.wxpay, '全局启动时记录了支付模拟器地址').toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  user = await registerAccount(baseURL!, '付款测试用户');
  expect(user.mobile).toMatch(/^1\d{10}$/);
});

test('a visitor on a PC buys a paid document with a WeChat Pay QR and downloads it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PC, baseURL });
  const page = await context.newPage();
  const doc = (await paidDocs(page.request)).at(-1)!;

  await page.goto(`/app/articles/docs/detail/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
  await pageCodeStarted(page);
  await page.getByRole('button', { name: '立即下载' }).click();
  await expect(page.locator('.dt-pay')).toContainText('该文档为付费文档');
  await page.locator('.dt-pay').getByRole('button', { name: /去支付/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/guest/pay/order\\?docs=${doc.id}$`));
  await expect(page.locator('.mp-doc-title, .mp-card').getByText(doc.title).first()).toBeVisible();
  await shot(page, 'guest-order-1280');

  await page.getByText('微信支付', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '微信支付' })).toBeChecked();
  const order = await orderCreated(page, () => page.getByRole('button', { name: /^立即支付/ }).click(), '/api/once-order-info/');
  expect(order.pay.kind).toBe('qr');
  await expect(page.getByText('请使用微信支付扫码支付')).toBeVisible();
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^1[45]:\d\d$/);
  await expect(page.locator('img.mp-qr')).toHaveAttribute('data-code', order.pay.code_url!);
  await shot(page, 'guest-qr-1280');

  await scanAndPay(browser, page, 'wxpay', 'cashier-wxpay-native-375');
  // the page's polling sees the payment and shows the download
  const link = page.getByRole('link', { name: '下载文档' });
  await expect(link).toBeVisible();
  await expect(page.getByRole('heading', { name: '购买成功' })).toBeVisible();
  await shot(page, 'guest-paid-1280');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), link.click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.length).toBe(doc.size);
  expect(storedFileWith(bytes), '下载的正是该文档存储的文件').not.toBeNull();
  expect(download.suggestedFilename()).toBe(`${doc.title}.${doc.file_type}`);
  await context.close();
});

test('a user on a phone buys a package on the Alipay WAP cashier and a paid download uses one of it', async ({ browser, baseURL }) => {
  const { context, page } = await loggedIn(browser, baseURL!, { ...PHONE, baseURL });
  const doc = (await paidDocs(page.request))[0];

  await page.goto('/app/user/pay/order?type=package');
  await expect(page.getByRole('heading', { name: '我的套餐' })).toBeVisible();
  await expect(page.getByText('您还没有下载套餐')).toBeVisible();
  const trial = page.locator('.mp-package', { hasText: '体验包' });
  await trial.getByRole('button').click();
  await expect(trial.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('开通「体验包」')).toBeVisible();
  await shot(page, 'packages-375');
  await page.getByText('支付宝', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  await page.getByRole('button', { name: '立即支付 ¥9.90' }).click();

  // the simulator's WAP cashier (the order's number shows there), then back to the site
  await expect(page).toHaveURL(new RegExp(`^${sims.alipay.replace(/\./g, '\\.')}/gateway\\.do\\?`));
  await expect(page.getByText('¥9.90')).toBeVisible();
  const orderNo = /订单号 ([0-9A-Za-z_-]+)/.exec(await page.locator('.note').innerText())?.[1];
  expect(orderNo).toBeTruthy();
  paidByUser.push(orderNo!);
  await shot(page, 'cashier-alipay-wap-375');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/app\/user\/pay\/order\?type=package$/);
  const mine = page.locator('.mp-mine-item', { hasText: '体验包' });
  await expect(mine).toContainText('剩余 5 / 5 次');
  await shot(page, 'packages-bought-375');

  await page.goto(`/app/articles/docs/detail/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
  await pageCodeStarted(page);
  const downloading = page.waitForEvent('download', { timeout: 15_000 });
  downloading.catch(() => undefined); // awaited below, once the API's answer is checked
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/user-download/docs/${doc.id}/` && r.request().method() === 'POST'),
    page.getByRole('button', { name: '立即下载' }).click(),
  ]);
  expect(answer.status(), '套餐覆盖该文档，无需支付').toBe(200);
  expect(((await answer.json()) as { kind: string; message: string })).toMatchObject({ kind: 'package', message: '已使用下载套餐，套餐剩余 4 次' });
  expect(readFileSync((await (await downloading).path())!).length).toBe(doc.size);

  await page.goto('/app/user/pay/order?type=package');
  await expect(mine).toContainText('剩余 4 / 5 次');
  await context.close();
});

test('a notification the simulator drops is settled by the page asking the provider', async ({ browser, baseURL }) => {
  const { context, page } = await loggedIn(browser, baseURL!, { ...PC, baseURL });
  const doc = (await paidDocs(page.request))[1];

  await page.goto(`/app/user/pay/order?docs=${doc.id}`);
  await expect(page.locator('.mp-checkout-title')).toHaveText('购买此文档');
  await expect(page.getByRole('button', { name: `立即支付 ¥${(doc.price / 100).toFixed(2)}` })).toBeVisible();
  await shot(page, 'user-order-docs-1280');
  await page.getByText('微信支付', { exact: true }).click();
  const order = await orderCreated(page, () => page.getByRole('button', { name: /^立即支付/ }).click());
  expect(order.pay.kind).toBe('qr');
  paidByUser.push(order.order_no);
  // the provider will never tell the API: only the page's polling (which asks the provider) can settle it
  await simFault(page.request, sims.wxpay, order.order_no, 'drop');
  await expect(page.getByTestId('pay-countdown')).toBeVisible();
  await shot(page, 'user-qr-1280');

  await scanAndPay(browser, page, 'wxpay', 'cashier-wxpay-drop-375');
  await expect(toast(page, '支付成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/articles/docs/detail/${doc.id}$`));
  const status = await page.request.get(`/api/wxpay/query/order/${order.order_no}/`);
  expect(((await status.json()) as { state: string }).state).toBe('paid');
  await context.close();
});

test('the order history shows both of the user\'s orders, paid', async ({ browser, baseURL }) => {
  expect(paidByUser).toHaveLength(2);
  for (const [width, options] of [[1280, PC], [375, PHONE]] as const) {
    const { context, page } = await loggedIn(browser, baseURL!, { ...options, baseURL });
    await page.goto('/app/user/pay/order_history');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    // newest first
    await expect(rows.nth(0)).toHaveAttribute('data-order', paidByUser[1]);
    await expect(rows.nth(1)).toHaveAttribute('data-order', paidByUser[0]);
    for (const row of await rows.all()) {
      await expect(row.locator('.mp-state')).toHaveText('已支付');
      await expect(row).toContainText('支付时间');
    }
    await expect(rows.nth(0)).toContainText('微信支付');
    await expect(rows.nth(1)).toContainText('支付宝');
    await expect(rows.nth(1)).toContainText('¥9.90');
    await shot(page, `order-history-${width}`);
    await context.close();
  }
});
