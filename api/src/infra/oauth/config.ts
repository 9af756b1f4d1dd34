import { modeOf, type Mode, type ProviderChoice } from '../../core/config';

/** The OAuth providers of GET /api/login/{provider}/ (SPEC §7). */
export { OAUTH_PROVIDERS, type OAuthProvider } from 'contracts';

/** One provider application: its id and secret as the provider's console issues them. */
export interface OAuthApp {
  appId: string;
  secret: string;
}

export interface AlipayApp {
  appId: string;
  /** PEM (PKCS#8) private key of the application: signs gateway requests (RSA2). */
  privateKey: string;
  /** PEM public key of Alipay: checks the gateway's answers. */
  alipayPublicKey: string;
}

export interface QrOAuthConfig {
  mode: Mode;
  /** simulator: the API's own /api/dev/oauth/ provider (development, test); real: the providers themselves. */
  provider: ProviderChoice;
  /**
   * The site's public origin (https://example.com) for redirect_uri and the QR code's link (SITE_ORIGIN; required
   * in production). Unset (development, test): the API's own listening address. Never the request's Host or
   * X-Forwarded-Host, which the client controls.
   */
  siteOrigin?: string;
  /** QR login lifetime in seconds (SPEC §9: 100). */
  qrExpireS: number;
  /** Real endpoints (a test may point them at a stand-in). */
  endpoints: { weixin: string; qq: string; weibo: string; alipayGateway: string };
  /** The chat app's open platform (website QR login) and official-account applications. */
  weixin?: OAuthApp;
  weixingzh?: OAuthApp;
  qq?: OAuthApp;
  weibo?: OAuthApp;
  alipay?: AlipayApp;
}

function app(env: NodeJS.ProcessEnv, id: string, secret: string): OAuthApp | undefined {
  const appId = env[id];
  const value = env[secret];
  return appId && value ? { appId, secret: value } : undefined;
}

/**
 * QR and third-party login settings from the environment (api/README.md "QR and third-party login"). A real
 * provider without its application id and secret is simply not offered (its login answers 503).
 */
export function loadQrOAuthConfig(env: NodeJS.ProcessEnv = process.env): QrOAuthConfig {
  const mode = modeOf(env.NODE_ENV);
  const raw = env.OAUTH_PROVIDER;
  let provider: ProviderChoice;
  if (raw === undefined || raw === '') provider = mode === 'production' ? 'real' : 'simulator';
  else if (raw === 'simulator' || raw === 'real') provider = raw;
  else throw new Error(`OAUTH_PROVIDER 只能是 simulator 或 real，收到: ${raw}`);
  if (provider === 'simulator' && mode === 'production' && env.DEV_OUTBOX !== '1') {
    throw new Error('生产环境不能使用第三方登录模拟服务（OAUTH_PROVIDER=simulator）；确需如此请同时设置 DEV_OUTBOX=1');
  }
  const expire = env.QR_LOGIN_EXPIRE_S ? Number(env.QR_LOGIN_EXPIRE_S) : 100;
  if (!Number.isInteger(expire) || expire < 1 || expire > 3600) {
    throw new Error(`QR_LOGIN_EXPIRE_S 应为 1 到 3600 的整数，收到: ${env.QR_LOGIN_EXPIRE_S}`);
  }
  const origin = env.SITE_ORIGIN?.replace(/\/+$/, '');
  if (origin && !/^https?:\/\/[^/]+$/.test(origin)) throw new Error(`SITE_ORIGIN 应为 http(s)://主机[:端口]，收到: ${origin}`);
  if (!origin && mode === 'production') {
    throw new Error('生产环境必须设置 SITE_ORIGIN（网站的公开地址，如 https://example.com）：第三方登录的回调地址和登录二维码的链接只由它生成，不取请求的 Host');
  }
  const alipay =
    env.ALIPAY_APPID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
      ? { appId: env.ALIPAY_APPID, privateKey: env.ALIPAY_PRIVATE_KEY, alipayPublicKey: env.ALIPAY_PUBLIC_KEY }
      : undefined;
  return {
    mode,
    provider,
    siteOrigin: origin || undefined,
    qrExpireS: expire,
    endpoints: {
      weixin: env.WX_API_ENDPOINT || 'https://api.weixin.qq.com',
      qq: env.QQ_API_ENDPOINT || 'https://graph.qq.com',
      weibo: env.WEIBO_API_ENDPOINT || 'https://api.weibo.com',
      alipayGateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    },
    weixin: app(env, 'WX_OPEN_APPID', 'WX_OPEN_SECRET'),
    weixingzh: app(env, 'WX_GZH_APPID', 'WX_GZH_SECRET'),
    qq: app(env, 'QQ_APPID', 'QQ_APPKEY'),
    weibo: app(env, 'WEIBO_APPKEY', 'WEIBO_SECRET'),
    alipay,
  };
}
