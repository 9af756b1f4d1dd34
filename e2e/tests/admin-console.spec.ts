import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, pageCodeStarted, startAs, testAccount, testStaffAccount } from '../support/shell';
import { originOf } from '../support/site';

// The staff console (mf-admin, issue 20): an ordinary user's browser never fetches a byte of it, not even when the
// address is typed in; a staff member finds it in the user menu and works in it, at 1280 px and on a phone.

const SHOTS = process.env.ADMIN_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'mf-admin-shots');

function menu(page: Page) {
  return page.getByTestId('user-menu-button');
}

test('an ordinary user browsing the site and opening /app/admin/… never requests mf-admin', async ({ page, context, baseURL }) => {
  const user = await apiLogin(context, baseURL!, await testAccount(baseURL!));
  expect(user.staff_roles).toEqual([]);
  await startAs(context, user);
  const admin = originOf('mf-admin');
  const fetched: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(admin)) fetched.push(request.url());
  });
  // /test (diagnostics) checks every remote's manifest, but not the staff console's for someone not staff
  for (const url of ['/', '/app/articles/cate/list', '/app/user/coin/list', '/app/user/pay/order_history', '/app/site/feedback', '/test']) {
    await page.goto(url);
    await expect(page.locator('main h1').first(), url).toBeVisible();
  }
  await menu(page).click();
  await expect(page.getByRole('menuitem', { name: '账号设置' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '管理后台' })).toHaveCount(0);
  for (const url of ['/app/admin', '/app/admin/docs', '/app/admin/settings/coins']) {
    await page.goto(url);
    await expect(page.getByTestId('not-found'), url).toContainText('页面不存在');
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  // a client-side navigation too (no page load): the shell decides the same way
  await page.goto('/');
  await page.evaluate(() => {
    history.pushState(null, '', '/app/admin/withdrawals');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('not-found')).toContainText('页面不存在');
  await page.waitForLoadState('networkidle').catch(() => {});
  expect(fetched).toEqual([]);
});

test('a staff member opens the console from the user menu and works in it, at 1280 px and at 375 px', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await apiLogin(context, baseURL!, await testStaffAccount(baseURL!));
  expect(staff.staff_roles).toEqual(['admin']);
  await startAs(context, staff);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await pageCodeStarted(page);
  await menu(page).click();
  await page.getByRole('menuitem', { name: '管理后台' }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  const slot = page.locator('#slot-mf-admin');
  await expect(slot.locator('h1')).toHaveText('管理后台');
  await expect(slot.getByTestId('my-roles')).toHaveText('我的角色：管理员');
  const nav = slot.getByRole('navigation', { name: '后台导航' });

  await nav.getByRole('link', { name: '文档审核' }).click();
  await expect(slot.locator('h1')).toHaveText('文档审核');
  await expect(slot.getByTestId('docs-queue').getByRole('button', { name: '待审核' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, 'docs-1280.png'), fullPage: true });

  await nav.getByRole('link', { name: '提现审核' }).click();
  await expect(slot.locator('h1')).toHaveText('提现审核');
  await expect(slot.getByTestId('withdrawals-queue')).toBeVisible();

  // the real coin rules (the API's values), read and saved back unchanged: 没有改动
  await nav.getByRole('link', { name: '金币设置' }).click();
  const freeze = slot.getByLabel('收益冻结天数');
  await expect(freeze).toHaveValue(/^\d+$/);
  await slot.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.kt-item', { hasText: '没有改动' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'coins-1280.png'), fullPage: true });

  await nav.getByRole('link', { name: '套餐与价格' }).click();
  const last = slot.getByTestId('policies').getByTestId('queue-row').last();
  await expect(last).toContainText('上架中');
  await page.screenshot({ path: path.join(SHOTS, 'prices-1280.png'), fullPage: true });
  // a real change through the staff API, then back as it was
  await last.getByRole('button', { name: '下架' }).click();
  await expect(last).toContainText('已下架');
  await last.getByRole('button', { name: '上架' }).click();
  await expect(last).toContainText('上架中');

  await page.setViewportSize({ width: 375, height: 740 });
  for (const url of ['/app/admin', '/app/admin/docs', '/app/admin/settings/prices', '/app/admin/activities']) {
    await page.goto(url);
    await expect(slot.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => {});
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(scroll, `${url} 在 375 px 下不应横向溢出`).toBeLessThanOrEqual(width);
  }
  await page.screenshot({ path: path.join(SHOTS, 'activities-375.png'), fullPage: true });
});

test('a visitor opening the console is sent to login; a staff member logging in there lands in the console', async ({ page, baseURL }) => {
  const account = await testStaffAccount(baseURL!);
  await page.goto('/app/admin/withdrawals');
  await expect(page).toHaveURL('/app/user/login/code');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(account.mobile);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL('/app/admin/withdrawals');
  await expect(page.locator('#slot-mf-admin h1')).toHaveText('提现审核');
  await expect(page.locator('#slot-mf-admin').getByTestId('withdrawals-queue')).toBeVisible();
});
