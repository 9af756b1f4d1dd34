import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { freshPhone, smsCode } from '../support/auth';
import { toast } from '../support/journey';
import { noisePng } from '../support/upload-files';

// My page and the site's pages (issue 16) in Chromium against the real API: the consent line's texts open over a
// half-filled registration form without losing it; registering lands on the welcome of user/info/0, where the new
// user sets an avatar and a nickname; feedback is filed and listed; every page fits 375 px and 1280 px (screenshots saved).
const SHOTS = process.env.ME_SCREENSHOT_DIR ?? '/tmp/me-shots';
const PASSWORD = 'mepages2026';

async function fitsScreen(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, '页面比屏幕宽').toBeLessThanOrEqual(inner);
}

test('register: read the agreement over the form, keep what was typed, land on the welcome and set an avatar and a nickname', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const phone = freshPhone();
  await page.goto('/app/user/reg/mobile');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByRole('link', { name: '《用户协议》' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('协议');
  await expect(dialog.locator('.ma-terms p').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reg-agreement-375.png` });
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/user\/reg\/mobile/);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(/\d/);

  const since = new Date();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(page.request, baseURL!, phone, since));
  await page.getByPlaceholder('设置密码（至少8位，含数字和字母）').fill(PASSWORD);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/user\/info\/0\?from_reg=true/);
  const welcome = page.getByTestId('welcome');
  await expect(welcome.getByText('欢迎加入！')).toBeVisible();
  await fitsScreen(page);
  await page.screenshot({ path: `${SHOTS}/welcome-375.png`, fullPage: true });
  // the avatar goes to img-storage (re-encoded there), then its url into the profile
  await welcome.locator('input[type=file]').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: noisePng(96, 96) });
  await expect(welcome.locator('img').first()).toHaveAttribute('src', /\/api\/img-storage\/\d+\/$/);
  await welcome.getByLabel('昵称').fill('新来的读者');
  await welcome.getByRole('button', { name: '完成' }).click();
  await expect(welcome).toHaveCount(0);
  await expect(page.getByTestId('nickname')).toHaveText('新来的读者');
  const { avatar } = (await (await page.request.get('/api/users/0/')).json()) as { avatar: string };
  expect(avatar).toMatch(/^\/api\/img-storage\/\d+\/$/);
  const picture = await page.request.get(avatar);
  expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
  await expect(page.getByTestId('level')).toBeVisible();
  expect(((await (await page.request.get('/api/users/0/')).json()) as { nickname: string }).nickname).toBe('新来的读者');
  await page.setViewportSize({ width: 1280, height: 900 });
  await fitsScreen(page);
  await page.screenshot({ path: `${SHOTS}/me-1280.png`, fullPage: true });

  // feedback: filed, then listed as waiting for a reply
  await page.goto('/app/site/feedback');
  await page.getByLabel('问题或建议').fill('文档预览偶尔白屏');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(toast(page, '感谢反馈')).toBeVisible();
  await expect(page.getByTestId('feedback').first()).toContainText('文档预览偶尔白屏');
  await page.screenshot({ path: `${SHOTS}/feedback-1280.png`, fullPage: true });

  // every page of this issue at both widths
  const pages = ['/app/user/info/0', '/app/user/about-items', '/app/site/user_agreement', '/app/site/privacy_policy', '/app/site/sdk_list',
    '/app/site/new_function_intro', '/app/site/app_down', '/app/site/qrcode', '/app/site/feedback', '/app/blank/blank'];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('.uc-page, .me-blank').first()).toBeAttached();
      await expect(page.getByText('建设中')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await fitsScreen(page);
      await page.screenshot({ path: `${SHOTS}/${path.split('/').slice(2).join('_')}-${width}.png`, fullPage: true });
    }
  }
});

test('app download: the package this site lacks is not offered as a link that answers 404', async ({ page }) => {
  await page.goto('/app/site/app_down');
  const android = page.getByTestId('download-android');
  await expect(android.getByText('安装包暂未上架')).toBeVisible();
  await expect(page.getByTestId('download-ios').getByRole('link')).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByTestId('qr')).toBeVisible();
});
