import { routePath } from 'shared-kernel';
import { ADS_DISMISSED_KEY, adsAllowed, adSlots } from '../src/ads/ad-slots';
import type { AdCreative, AdProvider } from '../src/ads/provider';
import { decide } from '../src/routing/decide';

const page = (path: string) => decide(path, { user: null });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const creative: AdCreative = { id: 'own-packages', kind: 'packages', title: '开通下载套餐', text: '说明', cta: '查看套餐', href: '/app/user/pay/order' };

function provider(): AdProvider & { creativeFor: jest.Mock; clicked: jest.Mock } {
  return { creativeFor: jest.fn(async () => creative), clicked: jest.fn() };
}

beforeEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.className = '';
  history.replaceState(null, '', '/');
});

describe('adsAllowed', () => {
  it('only for no prefix or it, math, algorithm, www, mianshi (the kernel\'s list)', () => {
    const home = page('/');
    for (const host of ['zhiku.com', 'localhost', 'it.zhiku.com', 'math.zhiku.com', 'algorithm.zhiku.com', 'www.zhiku.com', 'mianshi.zhiku.com']) {
      expect(adsAllowed(home, host)).toBe(true);
    }
    for (const host of ['blog.zhiku.com', 'edu.zhiku.com.cn', 'm.zhiku.com']) expect(adsAllowed(home, host)).toBe(false);
  });

  it('never in the staff console', () => {
    const staff = { uid: 3, nickname: '运营', is_active: 1 as const, staff_roles: ['admin'] };
    expect(adsAllowed(decide(routePath('admin.docs'), { user: staff }), 'zhiku.com')).toBe(false);
  });

  it('never on login or payment pages, the shell\'s own pages, or after the visitor closed one', () => {
    expect(adsAllowed(page(routePath('user.login.code')), 'zhiku.com')).toBe(false);
    expect(adsAllowed(page(routePath('guest.pay.order')), 'zhiku.com')).toBe(false);
    expect(adsAllowed(page('/nope'), 'zhiku.com')).toBe(false);
    expect(adsAllowed(page('/test'), 'zhiku.com')).toBe(false);
    expect(adsAllowed(page(routePath('articles.cate.list')), 'zhiku.com')).toBe(true);
    sessionStorage.setItem(ADS_DISMISSED_KEY, '1');
    expect(adsAllowed(page(routePath('articles.cate.list')), 'zhiku.com')).toBe(false);
  });
});

describe('adSlots', () => {
  it('fills the slot when scheduled, in a fixed box with label, text and call to action', async () => {
    const p = provider();
    const tasks: (() => void)[] = [];
    const slots = adSlots({ loadProvider: async () => p, inApp: () => false, schedule: (t) => tasks.push(t) });
    slots.fill(page('/'), '/');
    expect(document.querySelector('[data-ad]')).toBeNull();
    tasks.shift()!();
    await flush();
    const ad = document.querySelector<HTMLElement>('[data-ad]')!;
    // jsdom's width is 1024: a phone-sized screen gets the bottom banner
    expect(ad.dataset.ad).toBe('banner');
    expect(ad.dataset.adSerial).toBe('1');
    expect(ad.getAttribute('aria-label')).toBe('推广');
    expect(ad.textContent).toContain('开通下载套餐');
    expect(document.body.classList.contains('has-ad-banner')).toBe(true);
    expect(p.creativeFor).toHaveBeenCalledWith('banner', { path: '/', inApp: false });

    const cta = ad.querySelector<HTMLAnchorElement>('.ad-cta')!;
    expect(cta.getAttribute('href')).toBe('/app/user/pay/order');
    cta.click();
    expect(p.clicked).toHaveBeenCalledWith(creative, 'banner');
    expect(location.pathname).toBe('/app/user/pay/order');
  });

  it('clear() removes every ad at once; a fill scheduled before a navigation never lands after it', async () => {
    const p = provider();
    const tasks: (() => void)[] = [];
    const slots = adSlots({ loadProvider: async () => p, inApp: () => true, schedule: (t) => tasks.push(t) });
    slots.fill(page('/'), '/');
    tasks.shift()!();
    await flush();
    expect(document.querySelectorAll('[data-ad]')).toHaveLength(1);
    slots.fill(page('/app/articles/cate/list'), '/app/articles/cate/list');
    slots.clear();
    expect(document.querySelectorAll('[data-ad]')).toHaveLength(0);
    expect(document.body.classList.contains('has-ad-banner')).toBe(false);
    tasks.shift()!();
    await flush();
    expect(document.querySelectorAll('[data-ad]')).toHaveLength(0);
    expect(p.creativeFor).toHaveBeenCalledTimes(1);
  });

  it('closing an ad removes it and no other shows for the session', async () => {
    const p = provider();
    const slots = adSlots({ loadProvider: async () => p, inApp: () => false, schedule: (t) => t() });
    slots.fill(page('/'), '/');
    await flush();
    document.querySelector<HTMLButtonElement>('[data-ad] .ad-close')!.click();
    expect(document.querySelector('[data-ad]')).toBeNull();
    slots.fill(page('/app/articles/cate/list'), '/app/articles/cate/list');
    await flush();
    expect(document.querySelector('[data-ad]')).toBeNull();
  });

  it('a page where ads are not allowed loads no provider at all', async () => {
    const loadProvider = jest.fn(async () => provider());
    const slots = adSlots({ loadProvider, inApp: () => false, schedule: (t) => t() });
    slots.fill(page(routePath('user.login.code')), routePath('user.login.code'));
    await flush();
    expect(loadProvider).not.toHaveBeenCalled();
  });

  it('a provider that fails leaves the slot empty', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const slots = adSlots({ loadProvider: async () => ({ creativeFor: async () => Promise.reject(new Error('x')) }), inApp: () => false, schedule: (t) => t() });
    slots.fill(page('/'), '/');
    await flush();
    expect(document.querySelector('[data-ad]')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('ownPromotions (the default provider)', () => {
  // loaded lazily in the shell; imported here directly
  const load = () => import('../src/ads/own-promotions').then((m) => m.ownPromotions());

  it('phones: the app download with the newest version from GET /api/app-update/ (asked once)', async () => {
    const { http } = await import('shared-kernel');
    const get = jest.spyOn(http, 'get').mockResolvedValue({ data: { results: [{ version: '2.4.1' }] } });
    const post = jest.spyOn(http, 'post').mockResolvedValue({ data: {} });
    const own = await load();
    const banner = await own.creativeFor('banner', { path: '/', inApp: false });
    expect(banner).toMatchObject({ kind: 'app-download', title: '知库文档 App v2.4.1', href: routePath('site.appDown'), cta: '免费下载' });
    await own.creativeFor('banner', { path: '/x', inApp: false });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/app-update/', { params: { page: 1, page_size: 1 }, background: true });
    own.clicked!(banner!, 'banner');
    expect(post).toHaveBeenCalledWith('/app-down-click/', { source: 'ad:banner' }, { background: true });

    // wide screens and pages inside the app: the download packages, and no click to count
    expect(await own.creativeFor('float', { path: '/', inApp: false })).toMatchObject({ kind: 'packages', href: routePath('user.pay.order', {}, { type: 'package', from: '/' }) });
    const inApp = await own.creativeFor('banner', { path: '/', inApp: true });
    expect(inApp).toMatchObject({ kind: 'packages' });
    own.clicked!(inApp!, 'banner');
    expect(post).toHaveBeenCalledTimes(1);
    get.mockRestore();
    post.mockRestore();
  });

  it('without an answer from the API the app download shows without a version', async () => {
    const { http } = await import('shared-kernel');
    const get = jest.spyOn(http, 'get').mockRejectedValue(new Error('offline'));
    const own = await load();
    expect(await own.creativeFor('banner', { path: '/', inApp: false })).toMatchObject({ title: '知库文档 App' });
    get.mockRestore();
  });
});
