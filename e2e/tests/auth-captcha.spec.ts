import { expect, test } from '../support/private-site';
import {
  CAPTCHA_TYPES,
  captchaDialog,
  ChallengeLog,
  exhaustSmsLimit,
  freshPhone,
  screenshotPath,
  showVariant,
  smsCode,
  solveShown,
} from '../support/auth';

// SPEC §4 "Rate limiting": a 429 opens the security check; once solved, the original request is retried once
// with the token and succeeds. Runs on a site of its own: it uses up the per-address SMS allowance on purpose.

test.describe.configure({ mode: 'serial' });

async function hitTheLimit(page: import('@playwright/test').Page, origin: string, request: import('@playwright/test').APIRequestContext) {
  await exhaustSmsLimit(request, origin);
  const log = new ChallengeLog(page);
  await page.goto(`${origin}/app/user/login/code`);
  const phone = freshPhone();
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(captchaDialog(page)).toBeVisible();
  await expect(captchaDialog(page).getByRole('heading', { name: '请完成安全验证' })).toBeVisible();
  return { log, phone };
}

for (const type of CAPTCHA_TYPES) {
  test(`a rate-limited code request, the ${type} captcha solved, and the code is sent`, async ({ page, privateSite, request }) => {
    const origin = privateSite.url;
    const started = new Date();
    const { log, phone } = await hitTheLimit(page, origin, request);
    const challenge = await showVariant(page, log, type);
    await page.screenshot({ path: screenshotPath(`captcha-${type}-1280`), animations: 'disabled' });
    // a mouse for two of them, the keyboard for the other two
    await solveShown(page, request, origin, challenge, type === 'rotate' || type === 'drag' ? 'keyboard' : 'mouse');
    // success: green, the seconds and '验证成功'; closed after 1 s; the original request went through
    await expect(captchaDialog(page).locator('.ma-result-success')).toHaveText(/^\d+\.\d{2}s验证成功$/);
    await expect(captchaDialog(page)).toBeHidden({ timeout: 3000 });
    await expect(page.locator('.kt-item', { hasText: '验证码已发送' })).toBeVisible();
    await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    expect(await smsCode(request, origin, phone, started)).toMatch(/^\d{6}$/);
  });
}

test("cancelling the captcha ends the request with '用户取消输入验证码'", async ({ page, privateSite, request }) => {
  const origin = privateSite.url;
  await hitTheLimit(page, origin, request);
  await captchaDialog(page).getByRole('button', { name: '关闭' }).click();
  await expect(captchaDialog(page)).toBeHidden();
  await expect(page.locator('.kt-item', { hasText: '用户取消输入验证码' })).toBeVisible();
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
});

test('a wrong answer: red 验证失败, a new picture after 1 s, then solved', async ({ page, privateSite, request }) => {
  const origin = privateSite.url;
  const { log } = await hitTheLimit(page, origin, request);
  const wrong = await showVariant(page, log, 'slide');
  const handle = captchaDialog(page).getByRole('slider');
  await handle.focus();
  await handle.press('End'); // the far right: never the hole
  await handle.press('Enter');
  await expect(captchaDialog(page).locator('.ma-result-failure')).toHaveText('验证失败');
  await expect.poll(() => log.seen.length).toBeGreaterThan(log.seen.indexOf(wrong) + 1);
  const fresh = await showVariant(page, log, 'slide');
  expect(fresh.captchaId).not.toBe(wrong.captchaId);
  await solveShown(page, request, origin, fresh);
  await expect(captchaDialog(page)).toBeHidden({ timeout: 3000 });
  await expect(page.locator('.kt-item', { hasText: '验证码已发送' })).toBeVisible();
});

test.describe('at 375 px with a touch screen', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('every variant fits the phone screen', async ({ page, privateSite, request }) => {
    const { log } = await hitTheLimit(page, privateSite.url, request);
    for (const type of CAPTCHA_TYPES) {
      await showVariant(page, log, type);
      const box = await captchaDialog(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await page.screenshot({ path: screenshotPath(`captcha-${type}-375`), animations: 'disabled' });
    }
  });

  for (const type of CAPTCHA_TYPES) {
    test(`the ${type} captcha solved by finger`, async ({ page, privateSite, request }) => {
      const origin = privateSite.url;
      const { log } = await hitTheLimit(page, origin, request);
      await solveShown(page, request, origin, await showVariant(page, log, type), 'touch');
      await expect(captchaDialog(page)).toBeHidden({ timeout: 3000 });
      await expect(page.locator('.kt-item', { hasText: '验证码已发送' })).toBeVisible();
    });
  }
});
