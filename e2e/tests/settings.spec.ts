import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freshPhone } from '../support/auth';
import { devRoutesHeaders } from '../support/dev-routes';
import { registerOnPage, toast } from '../support/journey';

// The account and security screens (issue 16) against the real API: bind an e-mail with the code from the dev
// outbox, sign another device out, change the password and be sent to log in again in both browsers, delete the
// account and find it restored by a login within the cooling-off period. Screenshots at 375 and 1280 px.

const PASSWORD = 'settings2026a';
const NEW_PASSWORD = 'settings2026b';
const SHOTS = process.env.SETTINGS_SCREENSHOT_DIR ?? 'test-results/settings-shots';
const A = '/app/user/setting/account';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function newPage(browser: Browser, baseURL: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/app/user/login/mobile?form_type=login_mobile');
  const tab = page.getByRole('tab', { name: '密码登录' });
  if (await tab.isVisible()) await tab.click();
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
}

async function mailCode(page: Page, baseURL: string, email: string): Promise<string> {
  for (let i = 0; i < 40; i += 1) {
    const res = await page.request.get(`${baseURL}/api/dev/outbox/?email=${encodeURIComponent(email)}`, { headers: devRoutesHeaders() });
    const { results } = (await res.json()) as { results: { code: string | null }[] };
    const code = results.find((m) => m.code)?.code;
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error(`发件箱中没有发给 ${email} 的验证码`);
}

async function proveByPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('登录密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(toast(page, '身份验证成功')).toBeVisible();
}

test.describe.serial('account and security', () => {
  const phone = freshPhone();
  const email = `settings${Date.now()}@example.com`;

  test('the hub and the account page at 375 and 1280 px; bind an e-mail with the code from the outbox', async ({ browser, baseURL }) => {
    const { context, page } = await newPage(browser, baseURL!);
    await registerOnPage(page, baseURL!, phone, PASSWORD);
    await page.goto('/app/user/setting-items');
    await expect(page.getByRole('link', { name: /账号与安全/ })).toBeVisible();
    await shot(page, 'setting-items-1280');
    await page.getByRole('link', { name: /账号与安全/ }).click();
    await expect(page).toHaveURL(`${A}/account-item`);
    await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`)).toBeVisible();
    await shot(page, 'account-item-1280');

    await page.getByRole('link', { name: '去绑定' }).click();
    await expect(page).toHaveURL(`${A}/bind-email`);
    await shot(page, 'bind-email-proof-1280');
    await proveByPassword(page, PASSWORD);
    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    await page.getByLabel('验证码', { exact: true }).fill(await mailCode(page, baseURL!, email));
    await shot(page, 'bind-email-1280');
    await page.getByRole('button', { name: '绑定邮箱' }).click();
    await expect(toast(page, '邮箱绑定成功')).toBeVisible();
    await expect(page).toHaveURL(`${A}/account-item`);
    await expect(page.getByText(/^se\*+@example\.com$/)).toBeVisible();
    for (const path of ['/app/user/setting-items', `${A}/account-item`, `${A}/change-pwd`, `${A}/pwd_protection`, `${A}/mobile`]) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await expect(page.locator('#slot-mf-user-center h1')).toBeVisible();
      await expect(page.getByText('建设中')).toHaveCount(0);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${path} 在 375 px 下横向溢出`).toBeLessThanOrEqual(375);
      await shot(page, `${path.split('/').pop()}-375`);
    }
    await context.close();
  });

  test('sign another device out from the devices page; the history tab lists the logins and the e-mail binding', async ({ browser, baseURL }) => {
    const one = await newPage(browser, baseURL!);
    const two = await newPage(browser, baseURL!, 375);
    await logIn(one.page, phone, PASSWORD);
    await logIn(two.page, phone, PASSWORD);
    await one.page.goto(`${A}/devices`);
    await expect(one.page.getByTestId('device').first()).toBeVisible();
    await shot(one.page, 'devices-1280');
    one.page.once('dialog', (d) => void d.accept());
    await one.page.getByRole('button', { name: '下线其他所有设备' }).click();
    await expect(toast(one.page, /已下线其他/)).toBeVisible();
    await expect(one.page.getByTestId('device')).toHaveCount(1);
    expect((await two.page.request.get('/api/users/0/')).status()).toBe(403);
    await one.page.getByRole('tab', { name: '登录记录' }).click();
    await expect(one.page.getByTestId('history').filter({ hasText: '绑定邮箱' })).toBeVisible();
    await expect(one.page.getByTestId('history').first()).toContainText('下线其他设备');
    await shot(one.page, 'history-1280');
    await one.context.close();
    await two.context.close();
  });

  test('change the password: 密码修改成功，请重新登录, and both browsers are logged out', async ({ browser, baseURL }) => {
    const one = await newPage(browser, baseURL!);
    const two = await newPage(browser, baseURL!);
    await logIn(one.page, phone, PASSWORD);
    await logIn(two.page, phone, PASSWORD);
    await one.page.goto(`${A}/change-pwd`);
    await one.page.getByLabel('原密码', { exact: true }).fill(PASSWORD);
    await one.page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await one.page.getByLabel('确认新密码', { exact: true }).fill(NEW_PASSWORD);
    await one.page.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(one.page, '密码修改成功，请重新登录')).toBeVisible();
    await expect(one.page).toHaveURL(/\/app\/user\/login\//);
    await two.page.goto(`${A}/account-item`);
    await expect(two.page).toHaveURL(/\/app\/user\/login\//);
    await logIn(one.page, phone, NEW_PASSWORD);
    await one.context.close();
    await two.context.close();
  });

  test('delete the account, log in within the cooling-off period and find it restored', async ({ browser, baseURL }) => {
    const { context, page } = await newPage(browser, baseURL!);
    await logIn(page, phone, NEW_PASSWORD);
    await page.goto(`${A}/account-item`);
    await page.getByRole('button', { name: '注销账号' }).click();
    await expect(page.getByText(/15 天冷静期/)).toBeVisible();
    await shot(page, 'delete-1280');
    await page.getByLabel('我已了解以上内容，确认注销').check();
    await page.getByLabel('登录密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '申请注销' }).click();
    await expect(toast(page, /已申请注销/)).toBeVisible();
    expect((await page.request.get('/api/users/0/')).status()).toBe(403);
    await logIn(page, phone, NEW_PASSWORD);
    await page.goto(`${A}/devices?tab=history`);
    await expect(page.getByTestId('history').filter({ hasText: '撤销注销账号' })).toBeVisible();
    await page.goto(`${A}/account-item`);
    await expect(page.getByText(/^se\*+@example\.com$/)).toBeVisible();
    await context.close();
  });
});
