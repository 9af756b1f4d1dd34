import { constants, publicEncrypt } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { USER_INFO_KEY, type UserInfo } from '../../shared-kernel/src/state/user';
import { devRoutesHeaders } from './dev-routes';
import { E2E_PORTS } from './ports';

/** The site's URL on a sub-site host: Chromium resolves every *.localhost name to the loopback address. */
export function siteUrl(prefix: string, path = '/'): string {
  const host = prefix ? `${prefix}.zhiku.localhost` : 'localhost';
  return `http://${host}:${E2E_PORTS.shell}${path}`;
}

/** What the login routes answer (the user info the client stores). */
export type LoginAnswer = UserInfo & { is_new: boolean };

export interface Account {
  mobile: string;
  password: string;
}

/** What the browser does: the password's UTF-8 bytes, RSA-OAEP/SHA-256 with the API's public key, base64. */
async function encryptPassword(request: APIRequestContext, password: string): Promise<string> {
  const res = await request.get('/api/public-key/');
  const { public_key: pem } = (await res.json()) as { public_key: string };
  return publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}

/** The newest code the SMS simulator delivered (the API's development outbox). */
async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox/?mobile=${mobile}&limit=1`, { headers: devRoutesHeaders() });
  expect(res.status(), '开发发件箱').toBe(200);
  const { results } = (await res.json()) as { results: { code: string | null }[] };
  expect(results[0]?.code, '模拟短信中的验证码').toMatch(/^\d{6}$/);
  return results[0].code!;
}

/**
 * Registers a new active account through the real API (SMS code from the simulator's outbox, the password
 * encrypted as the browser does), in a request context of its own: registering logs it in, and the browser
 * contexts must not share that session.
 */
export async function registerAccount(baseURL: string, nickname = '林晓雨'): Promise<Account> {
  const request = await playwrightRequest.newContext({ baseURL });
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const password = 'zhiku2025pass';
  const sent = await request.post('/api/codes/', { data: { mobile, reason: 'REGISTER' } });
  expect(sent.status(), '发送注册验证码').toBe(200);
  const code = await smsCode(request, mobile);
  const res = await request.post('/api/users/', {
    data: { username: mobile, code, password: await encryptPassword(request, password), nickname },
  });
  expect(res.status(), '注册').toBe(201);
  await request.dispose();
  return { mobile, password };
}

let account: Promise<Account> | null = null;

/** One active account for the whole run: the SMS limits per address allow only a few codes a minute. */
export function testAccount(baseURL: string): Promise<Account> {
  account ??= registerAccount(baseURL);
  account.catch(() => (account = null));
  return account;
}

let staff: Promise<Account> | null = null;

/**
 * One staff account (role admin) for the whole run: registered like the others, then given the role with the
 * dev-only POST /api/dev/staff-role/ (a real site grants roles with `npm run staff -w api`).
 */
export function testStaffAccount(baseURL: string): Promise<Account> {
  staff ??= (async () => {
    const account = await registerAccount(baseURL, '运营小王');
    const request = await playwrightRequest.newContext({ baseURL });
    const granted = await request.post('/api/dev/staff-role/', { data: { mobile: account.mobile, role: 'admin' }, headers: devRoutesHeaders() });
    expect(granted.status(), '授予管理员角色').toBe(200);
    await request.dispose();
    return account;
  })();
  staff.catch(() => (staff = null));
  return staff;
}

/** Logs the context in (as `who`, else the run's account) through POST /api/token/ (the session cookie lands in the context); answers the user info. */
export async function apiLogin(context: BrowserContext, baseURL: string, who?: Account): Promise<LoginAnswer> {
  const { mobile, password } = who ?? (await testAccount(baseURL));
  const res = await context.request.post(`${baseURL}/api/token/`, {
    data: { username: mobile, password: await encryptPassword(context.request, password), login_type: 1, platform: 3 },
  });
  expect(res.status(), '登录').toBe(200);
  return (await res.json()) as LoginAnswer;
}

/** The local-storage entry the kernel's setUser() writes (USER_INFO_KEY, with no expiry), as mf-auth's login will. */
export function storedUserInfo(user: Partial<UserInfo>): [string, string] {
  return [USER_INFO_KEY, JSON.stringify({ value: user, expire: 0 })];
}

/** Starts the context with this user info stored (a returning user); a later change by the test stays. */
export async function startAs(context: BrowserContext, user: Partial<UserInfo>): Promise<void> {
  const [key, value] = storedUserInfo(user);
  await context.addInitScript(([k, v]) => {
    if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
  }, [key, value]);
}

/** Writes the user info from this page, as a login in this tab does (other tabs hear it as a storage event). */
export async function storeUserInfo(page: Page, user: Partial<UserInfo>): Promise<void> {
  const [key, value] = storedUserInfo(user);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
}

/**
 * A page that comes as HTML starts its code after its first paint: until then its links are plain links, its forms
 * plain GETs and its buttons do nothing. A test that needs the page's code waits for the remote's mount (the
 * shell's own handlers are in place before it) and then for its page to be hydrated (`data-page-ready`, set by the
 * kernel's PageHydrated; a page the browser renders has it at its first commit).
 */
export async function pageCodeStarted(page: Page, remote = 'mf-articles'): Promise<void> {
  const slot = page.locator(`#slot-${remote}`);
  await expect(slot).toHaveAttribute('data-remote', remote, { timeout: 15_000 });
  // mounted is not enough for server HTML: React drops a click on a part it has not hydrated yet
  await expect(slot).toHaveAttribute('data-page-ready', 'true', { timeout: 15_000 });
}

/** The shell's site title for a subject (the kernel's format). */
export { pageTitle, siteContext } from '../../shared-kernel/src/site/site-context';

/** A link of the navbar (the search home has its own links with the same words, such as 按分类浏览). */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name, exact: true });
}

/** What a detail page shows in its <h1>: the item's own title, from the API (the tab title keeps the route's). */
export async function itemTitle(page: Page, kind: 'docs' | 'blogs', id: number): Promise<string> {
  // from the main host: Node does not resolve sub-site names under localhost as Chromium does
  const res = await page.request.get(siteUrl('', `/api/${kind}/${id}/`));
  expect(res.status(), `/api/${kind}/${id}/`).toBe(200);
  const { title } = (await res.json()) as { title: string };
  expect(title).toBeTruthy();
  return title;
}
