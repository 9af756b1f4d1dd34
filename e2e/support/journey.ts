// Helpers shared by the journey specs (e2e/tests/*.spec.ts): the kernel's toasts, the CSRF header of a logged-in
// context, and a new account registered through the registration page the way a person does it.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freshPhone, smsCode } from './auth';

/** A toast of the kernel's toast host holding `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.kt-item', { hasText: text });
}

/** The CSRF header for unsafe API calls made with a logged-in context's cookies. */
export async function csrf(context: BrowserContext): Promise<Record<string, string>> {
  const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
  expect(token, '未登录：没有 csrftoken').toBeTruthy();
  return { 'x-csrftoken': token! };
}

export const REGISTER_PATH = '/app/user/reg/mobile';

/** Registers `phone` with `password` on the registration page at `path` (which may carry ?invite=). */
export async function registerOnPage(page: Page, baseURL: string, phone: string, password: string, path = REGISTER_PATH): Promise<void> {
  await page.goto(path);
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  const since = new Date();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(page.request, baseURL, phone, since));
  await page.getByPlaceholder('设置密码（至少8位，含数字和字母）').fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(toast(page, '注册成功')).toBeVisible();
}

export interface PageAccount {
  context: BrowserContext;
  page: Page;
  phone: string;
  uid: number;
}

export interface RegisterOptions {
  password: string;
  /** The registration page, e.g. with ?invite=<code>. */
  path?: string;
  /** Viewport width of the new context (height 900). */
  width?: number;
}

/** A new account registered through the registration page, logged in in a context of its own. */
export async function registerThroughPage(browser: Browser, baseURL: string, options: RegisterOptions): Promise<PageAccount> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  const phone = freshPhone();
  await registerOnPage(page, baseURL, phone, options.password, options.path);
  const me = (await (await page.request.get('/api/users/0/')).json()) as { uid: number };
  return { context, page, phone, uid: me.uid };
}
