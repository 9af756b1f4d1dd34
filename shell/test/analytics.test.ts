import { analyticsVisitorId, getLocal } from 'shared-kernel';
import { BAIDU_SCRIPT_URL, baiduTongji, isBaiduSiteId } from '../src/analytics/baidu';
import { pageViewReporter } from '../src/analytics/tracker';
import { initVisitorId, VISITOR_ID_KEY } from '../src/analytics/visitor-id';
import { siteSettingsOf } from '../src/config/site-config';

const SITE_ID = 'abcdef0123456789abcdef0123456789';

describe('pageViewReporter', () => {
  it('skips the first load, then reports each navigation to a different full path with its title', () => {
    const views: unknown[] = [];
    const reporter = pageViewReporter({ pageView: (v) => views.push(v) });
    expect(reporter.navigated('/', '首页')).toBe(false);
    expect(reporter.navigated('/', '首页')).toBe(false);
    expect(reporter.navigated('/app/articles/cate/list', '分类列表')).toBe(true);
    expect(reporter.navigated('/app/articles/cate/list', '分类列表')).toBe(false);
    expect(reporter.navigated('/app/articles/cate/list?page=2', '分类列表')).toBe(true);
    expect(reporter.navigated('/app/articles/cate/list?page=2#c', '分类列表')).toBe(true);
    expect(views).toEqual([
      { path: '/app/articles/cate/list', title: '分类列表' },
      { path: '/app/articles/cate/list?page=2', title: '分类列表' },
      { path: '/app/articles/cate/list?page=2#c', title: '分类列表' },
    ]);
  });
});

describe('baiduTongji', () => {
  afterEach(() => {
    delete (window as unknown as { _hmt?: unknown })._hmt;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('queues page views in _hmt as _trackPageview commands', () => {
    const tracker = baiduTongji(SITE_ID);
    tracker.pageView({ path: '/app/x?y=1', title: 'X' });
    expect((window as unknown as { _hmt: unknown[] })._hmt).toEqual([['_trackPageview', '/app/x?y=1']]);
  });

  it('keeps commands queued before it, and loads hm.js with the site id once, asynchronously', () => {
    (window as unknown as { _hmt: unknown[] })._hmt = [['_setAccount', 'x']];
    const tracker = baiduTongji(SITE_ID);
    tracker.load();
    tracker.load();
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => [s.src, s.async])).toEqual([[`${BAIDU_SCRIPT_URL}?${SITE_ID}`, true]]);
    tracker.pageView({ path: '/a', title: 'A' });
    expect((window as unknown as { _hmt: unknown[] })._hmt).toEqual([['_setAccount', 'x'], ['_trackPageview', '/a']]);
  });

  it('accepts only a 32-hex site id, from the deployment manifest', () => {
    expect(isBaiduSiteId(SITE_ID)).toBe(true);
    for (const bad of ['', 'x', `${SITE_ID}0`, SITE_ID.toUpperCase(), '"><script>', 42, null]) expect(isBaiduSiteId(bad)).toBe(false);
    expect(siteSettingsOf({ remotes: {}, analytics: { baidu: SITE_ID } })).toEqual({ baiduSiteId: SITE_ID });
    expect(siteSettingsOf({ remotes: {}, analytics: { baidu: 'javascript:x' } })).toEqual({ baiduSiteId: null });
    expect(siteSettingsOf({ remotes: {} })).toEqual({ baiduSiteId: null });
    expect(siteSettingsOf(null)).toEqual({ baiduSiteId: null });
  });
});

describe('visitor id', () => {
  beforeEach(() => localStorage.clear());

  it('is made once, kept for a year, and handed to the kernel for the trace id', () => {
    const id = initVisitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(analyticsVisitorId()).toBe(id);
    expect(getLocal(VISITOR_ID_KEY)).toBe(id);
    const stored = JSON.parse(localStorage.getItem(VISITOR_ID_KEY)!);
    expect(stored.expire - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(initVisitorId()).toBe(id);
  });

  it('a damaged stored id is replaced', () => {
    localStorage.setItem(VISITOR_ID_KEY, JSON.stringify({ value: '<b>', expire: 0 }));
    expect(initVisitorId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
