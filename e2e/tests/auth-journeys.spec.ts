import { expect, test, type Page } from '@playwright/test';
import { captchaDialog, ChallengeLog, freshPhone, screenshotPath, showVariant, smsCode, solveShown } from '../support/auth';
import { initialDeployment } from '../support/site';
import { toast } from '../support/journey';
import { pageCodeStarted } from '../support/shell';

// The account journeys of SPEC §2/§4 in the browser against the real API (its SMS simulator's dev outbox gives
// the codes): register, log out, log in by password (in the dialog any page opens), by SMS code (a new account,
// activated), and reset the password. One account goes through them in order.

test.describe.configure({ mode: 'serial' });

const account = { phone: freshPhone(), password: 'Zhiku2026a', codeSentAt: new Date(0) };

/**
 * Sends the form's code and types what the dev outbox received. With `captcha`, the send opens the security check
 * first (a phone that had a code this hour, asked for by somebody not logged in as its owner), which is solved.
 */
async function sendAndTypeCode(page: Page, baseURL: string, phone: string, captcha = false): Promise<Date> {
  const since = new Date();
  const log = captcha ? new ChallengeLog(page) : null;
  await page.getByRole('button', { name: '获取验证码' }).click();
  if (log) {
    await expect(captchaDialog(page)).toBeVisible();
    await solveShown(page, page.request, baseURL, await showVariant(page, log, 'rotate'), 'keyboard');
    await expect(captchaDialog(page)).toBeHidden({ timeout: 3000 });
  }
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const code = await smsCode(page.request, baseURL, phone, since);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  return since;
}

/** Logs out from a login route, which shows who is logged in. */
async function logOut(page: Page) {
  await page.goto('/app/user/login/code');
  await expect(page.getByText(/^您已登录：/)).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出登录' }).click();
  await expect(toast(page, '已退出登录')).toBeVisible();
  await expect(page.getByRole('tab', { name: '验证码登录' })).toBeVisible();
}

test('register by SMS code, then log out', async ({ page, baseURL }) => {
  await page.goto('/app/user/reg/mobile');
  await expect(page.getByRole('heading', { level: 1, name: '手机号注册' })).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(account.phone);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(`${account.phone.slice(0, 3)} ${account.phone.slice(3, 7)} ${account.phone.slice(7)}`);
  const encrypted: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/users/') && r.method() === 'POST') encrypted.push(String(r.postDataJSON()?.password));
  });
  account.codeSentAt = await sendAndTypeCode(page, baseURL!, account.phone);
  await page.getByPlaceholder('设置密码（至少8位，含数字和字母）').fill(account.password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(toast(page, '注册成功')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/info\/0\?from_reg=true$/);
  expect(encrypted).toHaveLength(1);
  expect(encrypted[0]).not.toContain(account.password); // RSA-OAEP, base64
  expect(encrypted[0]).toMatch(/^[A-Za-z0-9+/]{300,}={0,2}$/);
  await logOut(page);
});

test('log in by password in the dialog opened on the home page (1280 and 375 px)', async ({ page }) => {
  // mf-auth's JavaScript is not fetched on '/' until the dialog is wanted, and then only the dialog layer
  const authOrigin = new URL(initialDeployment()['mf-auth'].manifest).origin;
  const authScripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(authOrigin) && r.url().endsWith('.js')) authScripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await pageCodeStarted(page);
  await page.waitForLoadState('networkidle');
  expect(authScripts).toEqual([]);
  await page.getByRole('button', { name: '登录', exact: true }).or(page.getByRole('link', { name: '登录', exact: true })).first().click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveClass(/ma-popup/);
  expect(authScripts.some((p) => p.includes('__federation_expose_dialogs'))).toBe(true);
  expect(authScripts.some((p) => p.includes('__federation_expose_app'))).toBe(false);
  await page.screenshot({ path: screenshotPath('login-dialog-1280'), animations: 'disabled' });
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByLabel('手机号', { exact: true }).fill(account.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(account.password);
  await page.screenshot({ path: screenshotPath('login-dialog-password-1280'), animations: 'disabled' });
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await logOut(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await pageCodeStarted(page);
  await page.getByRole('button', { name: '登录', exact: true }).or(page.getByRole('link', { name: '登录', exact: true })).first().click();
  const sheet = page.getByRole('dialog', { name: '登录' });
  await expect(sheet).toHaveClass(/ma-sheet/);
  const box = await sheet.boundingBox();
  expect(box).toMatchObject({ x: 0, width: 375 });
  await page.screenshot({ path: screenshotPath('login-dialog-375'), animations: 'disabled' });
});

test('a login-required page sends a visitor to the login page; logging in there brings them back', async ({ page }) => {
  const target = '/app/user/collect/list?folder=2#top';
  await page.goto(target);
  await expect(page).toHaveURL('/app/user/login/code');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(account.phone);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page).toHaveURL(target);
  await expect(page.locator('#slot-mf-user-center h1')).toHaveText('我的收藏夹');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(target); // and stays there
  await logOut(page);
});

test('log in by SMS code as a new account: user info with from_reg, activation, disclaimer', async ({ page, baseURL }) => {
  const phone = freshPhone();
  await page.goto('/app/user/login/code');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await sendAndTypeCode(page, baseURL!, phone);
  await page.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/info\/0\?from_reg=true$/);
  const activation = page.getByRole('dialog', { name: '完善账号信息' });
  await expect(activation).toBeVisible();
  await activation.getByLabel('昵称', { exact: true }).fill('测试读者');
  await activation.getByLabel('密码', { exact: true }).fill('Reader2026x');
  await activation.getByRole('button', { name: '完成' }).click();
  await expect(toast(page, '设置成功')).toBeVisible();
  const disclaimer = page.getByRole('dialog', { name: '免责声明' });
  await expect(disclaimer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(disclaimer).toBeVisible(); // persistent
  await disclaimer.getByRole('button', { name: '我已阅读并同意' }).click();
  await expect(disclaimer).toBeHidden();
  await logOut(page);
});

test('reset the password, then log in with the new one (the old one is refused)', async ({ page, baseURL }) => {
  // one code per phone a minute (the API's rule): wait out the registration's
  const wait = account.codeSentAt.getTime() + 61_000 - Date.now();
  test.setTimeout(60_000 + Math.max(0, wait));
  if (wait > 0) await page.waitForTimeout(wait);

  await page.goto('/app/user/findpwd/mobile');
  await page.getByLabel('手机号', { exact: true }).fill(account.phone);
  // the registration's code was this hour and nobody is logged in: the second code needs a solved captcha
  await sendAndTypeCode(page, baseURL!, account.phone, true);
  const newPassword = 'Changed2026b';
  await page.getByPlaceholder('设置密码（至少8位，含数字和字母）').fill(newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(toast(page, '密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user\/login\/mobile$/);

  await page.getByLabel('手机号', { exact: true }).fill(account.phone);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '手机号或密码错误')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
