import type { AnalyticsTracker } from './tracker';

/** Baidu Tongji's script; the site id is its query. */
export const BAIDU_SCRIPT_URL = 'https://hm.baidu.com/hm.js';

/** A Baidu Tongji site id: 32 hexadecimal digits. */
export function isBaiduSiteId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
}

type Command = [string, ...unknown[]];
interface HmtWindow {
  _hmt?: { push(command: Command): unknown };
}

/**
 * Baidu Tongji through its documented command queue `window._hmt`: commands pushed before hm.js arrives wait in the
 * array, and hm.js runs them when it loads. A page view is `['_trackPageview', path]` (a path starting with '/');
 * hm.js sends the document title along, which the shell has set for the page by then.
 */
export function baiduTongji(siteId: string, win: Window = window): AnalyticsTracker & { load(): void } {
  const w = win as unknown as HmtWindow;
  w._hmt ??= [];
  let loaded = false;
  return {
    load() {
      if (loaded) return;
      loaded = true;
      const script = win.document.createElement('script');
      script.async = true;
      script.src = `${BAIDU_SCRIPT_URL}?${siteId}`;
      win.document.head.appendChild(script);
    },
    pageView({ path }) {
      w._hmt!.push(['_trackPageview', path]);
    },
  };
}
