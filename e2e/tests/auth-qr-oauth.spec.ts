import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { appLogin, scanAndConfirm } from '../../api/scripts/qr-app-simulator.mjs';
import { freshPhone, screenshotPath, smsCode } from '../support/auth';
import { QR_EXPIRE_S } from '../support/ports';
import { toast } from '../support/journey';

// QR login confirmed by the product's app (api/scripts/qr-app-simulator.mjs acting as the logged-in app) and
// third-party login through the API's OAuth provider simulator, in the browser against the real API behind the
// shell's proxy (HTTP and the login-QR WebSocket).

const QR_PAGE = '/app/user/login/mobile?form_type=login_qrcode';

/** The token of the QR picture on the page. */
async function qrToken(page: Page): Promise<string> {
  const src = await page.getByRole('img', { name: '登录二维码' }).getAttribute('src');
  const token = new URL(src!, page.url()).searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
  return token!;
}

test.describe('QR login (PC)', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('the app confirms: the page logs in without a reload and the socket is closed', async ({ page, baseURL }) => {
    // the app is logged in first, so the code has all its lifetime left for the scan
    const app = await appLogin(baseURL!, freshPhone());
    const sockets: WebSocket[] = [];
    const received: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('framereceived', (f) => received.push(String(f.payload)));
    });
    await page.goto(QR_PAGE);
    await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
    const token = await qrToken(page);
    // the picture is a real PNG served by the API
    const png = await page.request.get(`${baseURL}/api/qrcode/?type=login&token=${token}&action=make`);
    expect(png.headers()['content-type']).toBe('image/png');
    expect((await png.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    await page.screenshot({ path: screenshotPath('qr-login-1280'), animations: 'disabled' });
    await expect.poll(() => sockets.length).toBe(1);
    expect(new URL(sockets[0].url()).pathname).toBe('/api/ws/login-qrcode/');
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    await scanAndConfirm(app.client, token, 'scan');
    await expect(page.getByText('扫码成功，请在App上确认登录')).toBeVisible();
    await scanAndConfirm(app.client, token, 'confirm');

    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(received).toEqual(['scanned', 'ok']);
    await expect.poll(() => sockets[0].isClosed()).toBe(true);
    const me = await page.request.get(`${baseURL}/api/users/0/`);
    expect((await me.json()).uid).toBe(app.user.uid);
  });

  test("after the expiry the code shows '二维码已过期，点击刷新', and refreshing gives a working one", async ({ page }) => {
    test.setTimeout(QR_EXPIRE_S * 1000 + 40_000);
    await page.goto(QR_PAGE);
    const first = await qrToken(page);
    const expired = page.getByRole('button', { name: '二维码已过期，点击刷新' });
    await expect(expired).toBeVisible({ timeout: QR_EXPIRE_S * 1000 + 5_000 });
    await page.screenshot({ path: screenshotPath('qr-login-expired-1280'), animations: 'disabled' });
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/qrcode/') && r.request().method() === 'POST');
    await expired.click();
    expect((await renewed).status()).toBe(200);
    await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
    const second = await qrToken(page);
    expect(second).not.toBe(first);
    const image = await page.request.get(`/api/qrcode/?type=login&token=${second}&action=make`);
    expect(image.status()).toBe(200);
    const old = await page.request.get(`/api/qrcode/?type=login&token=${first}&action=make`);
    expect(old.status()).toBe(400);
    expect((await old.json()).message).toBe('二维码已过期，请刷新后重新扫描');
  });
});

test.describe('third-party login through the OAuth simulator', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 860 } });
  const person = `e2e微信用户${Date.now() % 100000}`;
  const phone = freshPhone();

  test('a new chat-app user lands on user info, binds a phone with a code and becomes active', async ({ page, baseURL }) => {
    await page.goto('/app/user/login/code');
    await page.getByRole('button', { name: /微信登录/ }).click();
    await expect(page).toHaveURL(/\/api\/dev\/oauth\/weixin\/connect\/qrconnect\?/);
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${baseURL}/api/login/weixin/callback/`);
    await expect(page.getByRole('heading', { name: '微信授权登录' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('oauth-simulator-authorize-1280'), animations: 'disabled' });
    await page.getByLabel(/模拟微信账号/).fill(person);
    await page.getByRole('button', { name: '同意授权' }).click();

    // back on the site: the shell applies nextPath=trd-login and goes to user info 0, which asks for a phone
    await expect(page).toHaveURL(/\/app\/user\/info\/0/);
    const dialog = page.getByRole('dialog', { name: '绑定手机号' });
    await expect(dialog).toBeVisible();
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('nextPath');
    expect(names).not.toContain('userinfo');
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    const since = new Date();
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(page.request, baseURL!, phone, since));
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await expect(toast(page, '手机号绑定成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-menu-button')).toContainText(person);
    const me = await (await page.request.get(`${baseURL}/api/users/0/`)).json();
    expect(me).toMatchObject({ is_active: 1, nickname: person, mobile: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    const bound = await (await page.request.get(`${baseURL}/api/trd-account-bind/`)).json();
    expect(bound.results).toEqual([expect.objectContaining({ provider: 'weixin', nickname: person })]);
  });

  test('the same person again, in a new browser, is the active user at once', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto('/app/user/login/code');
    await page.getByRole('button', { name: /微信登录/ }).click();
    await page.getByLabel(/模拟微信账号/).fill(person);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/app\/user\/info\/0/);
    await expect(page.getByTestId('user-menu-button')).toContainText(person);
    await expect(page.getByRole('dialog', { name: '绑定手机号' })).toHaveCount(0);
    const history = await (await page.request.get(`${baseURL}/api/login-history/`)).json();
    expect(history.results[0].login_type).toBe(3);
    await context.close();
  });

  test('refusing at the provider answers a Chinese page and logs nobody in', async ({ page, baseURL }) => {
    await page.goto('/app/user/login/code');
    await page.getByRole('button', { name: /微信登录/ }).click();
    await page.getByRole('link', { name: '拒绝' }).click();
    await expect(page.getByRole('heading', { name: '第三方登录失败' })).toBeVisible();
    await expect(page.getByText('您已取消授权，未能登录')).toBeVisible();
    expect((await page.request.get(`${baseURL}/api/users/0/`)).status()).toBe(403);
  });
});
