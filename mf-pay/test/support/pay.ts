// What mf-pay's tests share: fixtures shaped like contracts/src/pay.ts, mounting ./app as the shell does, the
// platform switches, and resetting what a test leaves behind.
import { waitFor } from '@testing-library/react';
import type { UserInfo } from 'shared-kernel';
import { remoteMounter, resetKernelPage, useTestPage, type FakeApi } from 'shared-kernel/testing';
import * as app from '../../src/app';
import { PAY_TIMING } from '../../src/pay/use-pay-status';

export { drfPage as page, expectToast, logInTestUser as logIn, toastTexts } from 'shared-kernel/testing';

export function policy(overrides: Record<string, unknown> = {}) {
  return {
    id: 1, name: '体验包', description: '', price: 990, original_price: 1500, downloads: 5, valid_days: 30,
    max_doc_price: 500, unit_price: 198, sequence: 1, recommended: false, ...overrides,
  };
}

export const POLICIES = [
  policy(),
  policy({ id: 2, name: '月度包', price: 2990, original_price: 4990, downloads: 30, valid_days: 30, unit_price: 100, sequence: 2, recommended: true, max_doc_price: null }),
  policy({ id: 3, name: '年度包', price: 19900, original_price: null, downloads: 500, valid_days: 365, unit_price: 40, sequence: 3, max_doc_price: null }),
];

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export function order(overrides: Record<string, unknown> = {}) {
  return {
    order_no: 'P202611240001', type: 'docs', title: '静夜思赏析', docs: 12, price_policy: null, amount: 500,
    pay_method: 'wxpay', channel: 'native', state: 'created', state_label: '待支付', guest: false,
    create_time: new Date().toISOString(), expire_time: inMinutes(15), paid_time: null, refunded_time: null,
    pay: { kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc' }, next: { route: 'articles/docs/detail/12' }, ...overrides,
  };
}

export function query(overrides: Record<string, unknown> = {}) {
  return { order_no: 'P202611240001', state: 'created', state_label: '待支付', paid: false, expire_time: inMinutes(15), next: null, ...overrides };
}

export function doc(overrides: Record<string, unknown> = {}) {
  return {
    id: 12, title: '静夜思赏析', summary: '', category: { id: 3, name: '唐诗' }, uploader: { uid: 1, nickname: '李白' },
    file_type: 'pdf', ext_cate: 'pdf', size: 1536, pages: 3, status: 1, status_text: '已发布', active: 1, score: 45000,
    rating: 5, views: 10, downloads: 3, comment_count: 0, collect_count: 0, price: 500, is_free: false,
    create_time: '2026-11-20T08:00:00.000Z', category_path: [], preview: { type: 'pdf', pages: 3, preview_pages: 1, limited: true },
    is_collected: false, is_purchased: false, is_owner: false, ...overrides,
  };
}

type Env = 'pc' | 'mobile' | 'weixin' | 'miniprogram';
const realUa = navigator.userAgent;
const win = window as unknown as Record<string, unknown>;

/** Makes detectPlatform() see `env`: width for PC or phone, the user agent for WeChat, __wxjs_environment for the mini-program. */
export function usePlatform(env: Env): void {
  Object.assign(window, { innerWidth: env === 'pc' ? 1280 : 375 });
  const ua = env === 'weixin' ? `${realUa} MicroMessenger/8.0.50` : realUa;
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  if (env === 'miniprogram') win.__wxjs_environment = 'miniprogram';
  else delete win.__wxjs_environment;
}

export const { open, closeAll } = remoteMounter('mf-pay', app);

/** Forgets the last test: kernel state, storage, cookies, the address, the platform; polls every 50 ms. */
export function resetPage(api: FakeApi): void {
  resetKernelPage(api);
  for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  delete win.WeixinJSBridge;
  delete win.wx;
  usePlatform('pc');
  PAY_TIMING.pollMs = 50;
}

/** The file's fake API; before each test a clean page with `user` logged in (null: a visitor). */
export const usePage = (user?: Partial<UserInfo> | null) => useTestPage({ reset: resetPage, closeAll, user });

export async function waitForCall(api: FakeApi, route: string, count = 1) {
  await waitFor(() => expect(api.calls(route).length).toBeGreaterThanOrEqual(count));
  return api.calls(route)[count - 1];
}
