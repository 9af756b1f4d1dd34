import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { fetchTransport } from '../../infra/providers/http-transport';
import { oauthLoginRoutes } from './routes/oauth-login';
import { oauthSimulatorRoutes } from './routes/simulator';
import { deleteStatesExpiredBefore } from './repositories/oauth-states';
import { OAuthLogin } from './services/oauth-login';
import { listeningOrigin } from '../accounts/browser-key';
import { everyMinute } from '../../core/sweep';
import { trdAccountOf } from '../accounts/third-party';
import type { OAuthProvider, QrOAuthConfig } from '../../infra/oauth/config';
import { alipayAdapter, qqAdapter, weiboAdapter, weixinAdapter, type OAuthAdapter, type OAuthEndpoints } from '../../infra/oauth/providers';
import { OAuthSimulator, SIMULATOR_PREFIX, simulatorApps } from '../../infra/oauth/simulator';

/** Providers whose code exchange ignores redirect_uri, so that a code the client got can be bound directly. */
const CODE_BINDABLE: ReadonlySet<OAuthProvider> = new Set(['weixin', 'weixingzh', 'alipay', 'alipayh5']);

export interface OAuthOptions extends Record<string, unknown> {
  config: QrOAuthConfig;
}

/**
 * Third-party (OAuth) login and binding: the provider adapters (real endpoints, or the API's own simulator under
 * /api/dev/oauth/ by configuration) and their routes. QR login is the accounts module's (login through the
 * product's own app).
 */
export const oauthModule = defineModule<OAuthOptions>('oauth', ['core', 'accounts'], async (app: FastifyInstance, { config }) => {
  // spent or not, a state is useless once expired
  everyMinute(app, () => deleteStatesExpiredBefore(app.db, app.now()));
  const transport = fetchTransport();
  const sim = config.provider === 'simulator' ? simulatorApps() : null;
  // the browser reaches the simulator through the site (relative to the site's origin, filled in below)
  const endpoints = (family: string, realAuthorize: string, realApi: string): OAuthEndpoints =>
    sim
      ? { authorize: `${SIMULATOR_PREFIX}/${family}`, api: () => `${listeningOrigin(app)}${SIMULATOR_PREFIX}/${family}` }
      : { authorize: realAuthorize, api: () => realApi };
  const wx = endpoints('weixin', 'https://open.weixin.qq.com', config.endpoints.weixin);
  const adapters: Partial<Record<OAuthProvider, OAuthAdapter>> = {};
  const weixin = sim?.weixin ?? config.weixin;
  const weixingzh = sim?.weixingzh ?? config.weixingzh;
  const qq = sim?.qq ?? config.qq;
  const weibo = sim?.weibo ?? config.weibo;
  const alipay = sim?.alipay ?? config.alipay;
  if (weixin) adapters.weixin = weixinAdapter('weixin', weixin, wx, transport);
  if (weixingzh) adapters.weixingzh = weixinAdapter('weixingzh', weixingzh, wx, transport);
  if (qq) adapters.qq = qqAdapter(qq, endpoints('qq', 'https://graph.qq.com', config.endpoints.qq), transport);
  if (weibo) adapters.weibo = weiboAdapter(weibo, endpoints('weibo', 'https://api.weibo.com', config.endpoints.weibo), transport);
  if (alipay) {
    const ends = sim
      ? { authorize: `${SIMULATOR_PREFIX}/alipay`, api: () => `${listeningOrigin(app)}${SIMULATOR_PREFIX}/alipay/gateway.do` }
      : { authorize: 'https://openauth.alipay.com', api: () => config.endpoints.alipayGateway };
    adapters.alipay = alipayAdapter('alipay', alipay, ends, transport, app.now);
    adapters.alipayh5 = alipayAdapter('alipayh5', alipay, ends, transport, app.now);
  }
  // every provider with an adapter can be bound through its authorisation page; those whose code exchange does
  // not check redirect_uri (WeChat, Alipay) by a code the client got itself too (POST /api/trd-account-bind/)
  for (const [provider, adapter] of Object.entries(adapters) as [OAuthProvider, OAuthAdapter][]) {
    app.thirdPartyIdentities.set(provider, {
      account: trdAccountOf(provider),
      resolve: CODE_BINDABLE.has(provider) ? (code) => adapter.exchange(code, '') : undefined,
      authorize: true,
    });
  }

  // simulator authorize pages are relative: absolute on the site's origin (that of redirect_uri: configured, never
  // the request's Host)
  const withOrigin: Partial<Record<OAuthProvider, OAuthAdapter>> = {};
  for (const [name, adapter] of Object.entries(adapters) as [OAuthProvider, OAuthAdapter][]) {
    withOrigin[name] = sim
      ? {
          ...adapter,
          authorizeUrl: (redirectUri, state) => `${new URL(redirectUri).origin}${adapter.authorizeUrl(redirectUri, state)}`,
        }
      : adapter;
  }

  await app.register(oauthLoginRoutes, { oauth: new OAuthLogin({ adapters: withOrigin, siteOrigin: config.siteOrigin }) });
  if (sim) await app.register(oauthSimulatorRoutes, { simulator: new OAuthSimulator(sim) });
});
