import type { Mode, ProviderChoice } from '../../core/config';

/**
 * Configuration of the site endpoints, from the environment:
 *
 * | env | default | meaning |
 * |---|---|---|
 * | `WX_MP_PROVIDER` | `real` in production, else `simulator` | WeChat official account (JS-SDK ticket) |
 * | `WX_MP_APPID`, `WX_MP_SECRET` | simulator values | the official account's credentials (required when real) |
 * | `WX_API_ENDPOINT` | `https://api.weixin.qq.com` | WeChat API base (shared with the mini-program login) |
 * | `WX_MINIAPP_WEBVIEW_PAGE` | `/pages/webview/index` | the mini-program page that opens a site URL in its web view |
 */
export interface SiteConfig {
  wxMp: {
    provider: ProviderChoice;
    endpoint: string;
    appId: string;
    appSecret: string;
  };
  /** Mini-program page path (with leading slash) whose `url` query is opened in a web view. */
  miniAppWebviewPage: string;
}

export const WX_MP_SIMULATOR = { appId: 'wx-mp-simulator-appid', appSecret: 'wx-mp-simulator-secret' } as const;

/** Throws a Chinese message for settings that cannot work (a real provider without credentials, ...). */
export function loadSiteConfig(env: NodeJS.ProcessEnv, mode: Mode): SiteConfig {
  const raw = env.WX_MP_PROVIDER;
  let provider: ProviderChoice;
  if (raw === undefined || raw === '') provider = mode === 'production' ? 'real' : 'simulator';
  else if (raw === 'simulator' || raw === 'real') provider = raw;
  else throw new Error(`WX_MP_PROVIDER 只能是 simulator 或 real，收到: ${raw}`);
  if (provider === 'simulator' && mode === 'production' && env.DEV_OUTBOX !== '1') {
    throw new Error('生产环境不能使用模拟服务（WX_MP_PROVIDER=simulator）；确需如此请同时设置 DEV_OUTBOX=1');
  }
  let appId: string = WX_MP_SIMULATOR.appId;
  let appSecret: string = WX_MP_SIMULATOR.appSecret;
  if (provider === 'real') {
    if (!env.WX_MP_APPID || !env.WX_MP_SECRET) {
      throw new Error('使用真实的微信公众号服务时必须设置环境变量 WX_MP_APPID 和 WX_MP_SECRET');
    }
    appId = env.WX_MP_APPID;
    appSecret = env.WX_MP_SECRET;
  } else {
    appId = env.WX_MP_APPID || appId;
    appSecret = env.WX_MP_SECRET || appSecret;
  }
  const page = env.WX_MINIAPP_WEBVIEW_PAGE || '/pages/webview/index';
  if (!/^\/[A-Za-z0-9_\-/]{1,200}$/.test(page)) {
    throw new Error(`WX_MINIAPP_WEBVIEW_PAGE 应为小程序页面路径，如 /pages/webview/index，收到: ${page}`);
  }
  return {
    wxMp: { provider, endpoint: env.WX_API_ENDPOINT || 'https://api.weixin.qq.com', appId, appSecret },
    miniAppWebviewPage: page,
  };
}
