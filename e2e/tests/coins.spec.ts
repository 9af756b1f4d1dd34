import { mkdirSync } from 'node:fs';
import { expect, request as requests, test, type APIRequestContext, type Page } from '@playwright/test';
import { smsCode } from '../support/auth';
import { devRoutesHeaders } from '../support/dev-routes';
import { csrf, registerThroughPage, toast, type PageAccount } from '../support/journey';

// Coins (issue 14) in the browser against the real API and the payment simulators: a document's sale shows as
// frozen, then (staff shorten the freeze period through the staff settings API) available coins in the uploader's
// records; the uploader withdraws to Alipay and to WeChat (confirmed on the simulator's payee page), and a payout
// the provider refuses gives the coins back with its reason. Staff and the document's uploader are made with the
// dev-only routes (POST /api/dev/staff-role/, /api/dev/assign-doc/: there is no upload yet).

// scripts/site.mjs starts the Alipay and WeChat Pay simulators on the two ports after the remotes' (global-setup
// hands their addresses on), so adding a remote moves them without touching this file
const { alipay: ALIPAY_SIM, wxpay: WXPAY_SIM } = JSON.parse(process.env.E2E_PAY_SIMULATORS!) as { alipay: string; wxpay: string };
const SHOTS = process.env.COIN_SCREENSHOT_DIR ?? '/tmp/coin-shots';
const PASSWORD = 'coins2026pass';
const CHANGED_RULES = ['freeze_days', 'min_withdraw_coins', 'daily_withdraw_count', 'auto_approve_min_account_days'] as const;

async function setCoinRules(staff: PageAccount, rules: Record<string, number>): Promise<void> {
  const res = await staff.page.request.patch('/api/staff/settings/coins/', { data: rules, headers: await csrf(staff.context) });
  expect(res.status(), await res.text()).toBe(200);
}

/** A paid document nobody bought yet, at least ¥5, so its share (70%) pays for the withdrawals below. */
async function paidDoc(api: APIRequestContext): Promise<{ id: number; title: string; price: number }> {
  const res = await api.get('/api/docs/?page_size=100&ordering=-price');
  const docs = ((await res.json()) as { results: { id: number; title: string; price: number }[] }).results;
  const doc = docs.find((d) => d.price >= 500);
  expect(doc, '演示数据中没有 ¥5 以上的付费文档').toBeTruthy();
  return doc!;
}

function bucket(page: Page, label: string) {
  return page.getByTestId(`bucket-${label}`).locator('.uc-bucket-coins');
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Fills and sends the withdrawal form; answers the withdrawal the API made. */
async function withdraw(page: Page, coins: number, channel: '支付宝' | '微信'): Promise<{ id: number; withdraw_no: string; state: string }> {
  await page.goto('/app/user/pay/withdraw');
  await page.getByLabel('提现金币', { exact: true }).fill(String(coins));
  await page.getByRole('radio', { name: channel }).check();
  if (channel === '支付宝') {
    await page.getByLabel('支付宝账号').fill('13800138000');
    await page.getByLabel('真实姓名').fill('张三');
  }
  await page.getByLabel('登录密码', { exact: true }).fill(PASSWORD);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/withdraw/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '提交提现申请' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  await expect(toast(page, '提现申请已提交')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/pay\/withdraw_history/);
  return (await res.json()) as { id: number; withdraw_no: string; state: string };
}

function row(page: Page, id: number) {
  return page.locator(`[data-testid="withdrawal-row"][data-id="${id}"]`);
}

test.describe('coins: earnings, withdrawals, staff rules', () => {
  test.describe.configure({ mode: 'serial' });
  let api: APIRequestContext;
  let staff: PageAccount;
  let uploader: PageAccount;
  let share = 0;
  // the rules as the site had them: the other specs of the run find them so again
  let rules: Record<string, number> = {};

  test.beforeAll(async ({ browser, baseURL }) => {
    api = await requests.newContext({ baseURL });
    staff = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
    const granted = await api.post('/api/dev/staff-role/', { data: { mobile: staff.phone, role: 'finance' }, headers: devRoutesHeaders() });
    expect(granted.status(), await granted.text()).toBe(200);
    rules = (await (await staff.page.request.get('/api/staff/settings/coins/')).json()) as Record<string, number>;
    uploader = await registerThroughPage(browser, baseURL!, { password: PASSWORD });
  });

  test.afterAll(async () => {
    await api?.post(`${ALIPAY_SIM}/_sim/payout-fault`, { data: { out_biz_no: '*', fault: 'none' } }).catch(() => undefined);
    if (staff && rules.freeze_days !== undefined) await setCoinRules(staff, Object.fromEntries(CHANGED_RULES.map((k) => [k, rules[k]]))).catch(() => undefined);
    await staff?.context.close();
    await uploader?.context.close();
    await api?.dispose();
  });

  test('a sale through the WeChat QR shows as frozen coins; staff shorten the freeze period and they are available', async ({ browser, baseURL }) => {
    const doc = await paidDoc(api);
    const assigned = await api.post('/api/dev/assign-doc/', { data: { docs: doc.id, uid: uploader.uid }, headers: devRoutesHeaders() });
    expect(assigned.status(), await assigned.text()).toBe(200);
    share = Math.floor((doc.price * rules.uploader_share_bp) / 10_000 / rules.coin_value_fen);

    // a visitor buys it: the pay page's QR, "scanned" by opening its link (the simulator's cashier) and paying there
    const visitor = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const buyer = await visitor.newPage();
    await buyer.goto(`/app/guest/pay/order?docs=${doc.id}`);
    await buyer.getByRole('radio', { name: '微信支付' }).check();
    await buyer.getByRole('button', { name: /^立即支付/ }).click();
    const qr = buyer.getByRole('img', { name: '微信支付付款二维码' });
    await expect(qr).toBeVisible();
    const cashierUrl = await qr.getAttribute('data-code');
    expect(cashierUrl).toMatch(new RegExp(`^${WXPAY_SIM}/`));
    const phone = await visitor.newPage();
    await phone.goto(cashierUrl!);
    await phone.getByRole('button', { name: '确认支付' }).click();
    await expect(buyer.getByText('支付成功').first()).toBeVisible({ timeout: 20_000 });
    await visitor.close();

    const page = uploader.page;
    await page.goto('/app/user/coin/list');
    await expect(bucket(page, '冻结中')).toHaveText(share.toLocaleString('en-US'));
    await expect(bucket(page, '可用')).toHaveText('0');
    await expect(page.getByTestId('coin-record').first()).toContainText('文档收益（冻结中）');
    await expect(page.getByTestId('coin-record').first()).toContainText(doc.title);
    await expect(page.getByTestId('next-release')).toBeVisible();

    // staff: no freeze, and withdrawals small enough for one sale, for a new account, several a day
    await setCoinRules(staff, { freeze_days: 0, min_withdraw_coins: 100, daily_withdraw_count: 10, auto_approve_min_account_days: 0 });
    await page.reload();
    await expect(bucket(page, '可用')).toHaveText(share.toLocaleString('en-US'));
    await expect(bucket(page, '冻结中')).toHaveText('0');
    await expect(page.getByTestId('coin-record').first()).toContainText('收益解冻');
  });

  test('the uploader withdraws to Alipay with the password, and sees it 已到账', async () => {
    const page = uploader.page;
    const w = await withdraw(page, 200, '支付宝');
    await expect(row(page, w.id).getByTestId('withdrawal-state')).toHaveText('已到账');
    await expect(row(page, w.id)).toContainText('支付宝 138****8000');
    await expect(row(page, w.id)).toContainText('¥1.90');
  });

  test('a WeChat withdrawal (a WeChat login bound through the OAuth simulator) waits for the payee, who confirms on the simulator', async ({ baseURL }) => {
    // a code, an OAuth round trip, a withdrawal, the payee's page and up to two of the row's 5 s polls: more than
    // the default minute on a loaded machine
    test.setTimeout(120_000);
    const page = uploader.page;
    // binding changes the account's security: a fresh proof first (a code to the own phone; docs/accounts.md)
    const since = new Date();
    expect((await page.request.post('/api/codes/self/', { headers: await csrf(uploader.context) })).status()).toBe(200);
    const code = await smsCode(page.request, baseURL!, uploader.phone, since);
    const proof = await page.request.post('/api/account-proof/', { data: { code }, headers: await csrf(uploader.context) });
    expect(proof.status(), await proof.text()).toBe(200);
    const authorize = await page.request.post('/api/trd-account-bind/weixingzh/authorize/', { headers: await csrf(uploader.context) });
    expect(authorize.status(), await authorize.text()).toBe(200);
    await page.goto(((await authorize.json()) as { url: string }).url);
    await page.getByLabel(/模拟微信账号/).fill(`提现用户${uploader.uid}`);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/app\/user\/setting\/account\/account-item/);

    const w = await withdraw(page, 150, '微信');
    await expect(row(page, w.id).getByTestId('withdrawal-state')).toHaveText('待你在微信中确认收款');
    await expect(row(page, w.id)).toContainText('微信零钱');
    const payee = await uploader.context.newPage();
    await payee.goto(`${WXPAY_SIM}/_sim/transfer-page/${w.withdraw_no}`);
    await payee.getByRole('button', { name: '确认收款' }).click();
    // the simulator's answer to the form's POST: closing the tab before it arrives could cancel the confirmation
    await expect(payee.getByText('收款成功')).toBeVisible();
    await payee.close();
    // the row asks again about a withdrawal on its way (every 5 s): the bill's notification or the query settles it
    await expect(row(page, w.id).getByTestId('withdrawal-state')).toHaveText('已到账', { timeout: 30_000 });
    await page.reload();
    await expect(row(page, w.id).getByTestId('withdrawal-state')).toHaveText('已到账');
  });

  test('a payout Alipay refuses gives the coins back, with its reason in the history', async () => {
    const page = uploader.page;
    await page.goto('/app/user/coin/list');
    const before = await bucket(page, '可用').textContent();
    const fault = await api.post(`${ALIPAY_SIM}/_sim/payout-fault`, { data: { out_biz_no: '*', fault: 'fail' } });
    expect(fault.ok()).toBe(true);
    try {
      const w = await withdraw(page, 100, '支付宝');
      await expect(row(page, w.id).getByTestId('withdrawal-state')).toHaveText('打款失败，金币已退回');
      await expect(row(page, w.id).locator('.mp-reason')).toHaveText(/^原因：[\u4e00-\u9fff]/);
    } finally {
      await api.post(`${ALIPAY_SIM}/_sim/payout-fault`, { data: { out_biz_no: '*', fault: 'none' } });
    }
    await page.goto('/app/user/coin/list');
    await expect(bucket(page, '可用')).toHaveText(before!);
    await expect(page.getByTestId('coin-record').first()).toContainText('提现退回');
  });

  test('screenshots of the four pages with data, at 1280 and 375 px (looked at by a person, not compared)', async ({ browser, baseURL }) => {
    const state = await uploader.context.storageState();
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ baseURL, locale: 'zh-CN', storageState: state, viewport: { width, height: width === 375 ? 812 : 900 } });
      const page = await context.newPage();
      await page.goto('/app/user/coin/list');
      await expect(page.getByTestId('coin-record').first()).toBeVisible();
      await shoot(page, `coin-list-${width}`);
      await page.getByTestId('coin-record').last().click();
      await expect(page).toHaveURL(/\/app\/user\/coin\/detail\/\d+/);
      await expect(page.getByText('记录编号')).toBeVisible();
      await shoot(page, `coin-detail-${width}`);
      await page.goto('/app/user/pay/withdraw');
      await expect(page.getByRole('button', { name: '提交提现申请' })).toBeVisible();
      await shoot(page, `withdraw-${width}`);
      await page.goto('/app/user/pay/withdraw_history');
      await expect(page.getByTestId('withdrawal-row').first()).toBeVisible();
      await shoot(page, `withdraw-history-${width}`);
      await context.close();
    }
  });
});
