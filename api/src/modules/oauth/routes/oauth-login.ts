import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlatformField, platformOf } from '../../accounts/fields';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../infra/oauth/config';
import type { OAuthAdapter } from '../../../infra/oauth/providers';
import { browserKeyHash, sha256 } from '../../accounts/qr-login';
import { requireActiveUser } from '../../accounts/guards';
import { LOGIN_TYPES, startSession, userChanged } from '../../accounts/sessions';
import { bindIdentity, trdAccountOf } from '../../accounts/third-party';
import { findUserById } from '../../accounts/users';
import { setCookie } from '../../../core/http/cookies';
import { ApiError, toErrorResponse } from '../../../core/http/errors';
import { messages, StringEnum, Text } from '../../../core/http/validation';
import { ProviderError } from '../../../infra/providers/http-transport';
import { loginByIdentity } from '../../accounts/routes/login';
import { siteOrigin } from '../../accounts/routes/qrcode';

const STATE_TTL_MS = 10 * 60_000;
/** Cookies the shell reads after the round trip (SPEC §2 "nextPath", §3 user info cookie). */
const HANDOFF_MAX_AGE_S = 600;
/** Where a bind through the authorisation page ends: the account settings page (with ?trd_bind=<provider>). */
export const TRD_BIND_DONE_PATH = '/app/user/setting/account/account-item';

const ProviderParams = Type.Object({
  provider: StringEnum(OAUTH_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方登录方式') }),
});
const RedirectQuery = Type.Object({ platform: PlatformField });
const CallbackQuery = Type.Object({
  state: Type.Optional(Text({ maxLength: 200 })),
  code: Type.Optional(Text({ maxLength: 512 })),
  auth_code: Type.Optional(Text({ maxLength: 512 })),
});

export interface OAuthRouteOptions {
  adapters: Partial<Record<OAuthProvider, OAuthAdapter>>;
  siteOrigin?: string;
}

function callbackUri(request: FastifyRequest, origin: string | undefined, provider: string): string {
  return `${siteOrigin(request, origin)}/api/login/${provider}/callback/`;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A failed callback: a short Chinese page for the browser that landed here, the usual JSON body otherwise. */
function callbackFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, purpose: 'login' | 'bind' = 'login'): FastifyReply {
  const [status, body] = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'third-party login callback failed');
  // the rate limiter's 429 reaches this route's error handler too
  if (error instanceof ApiError && error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  if (!(request.headers.accept ?? '').includes('text/html')) return reply.code(status).send(body);
  const [title, back, backText] =
    purpose === 'bind' ? ['第三方账号绑定失败', TRD_BIND_DONE_PATH, '返回账号设置'] : ['第三方登录失败', '/', '返回首页'];
  return reply
    .code(status)
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title}</title><style>body{font-family:system-ui,sans-serif;text-align:center;padding:80px 16px;color:#333}a{color:#1677ff}</style></head>` +
        `<body><h1>${title}</h1><p data-code="${escape(body.code)}">${escape(body.message)}</p><p><a href="${back}">${backText}</a></p></body></html>`,
    );
}

/**
 * Third-party login (SPEC §4, §7): GET /api/login/{provider}/ answers `{url}`, the provider's authorisation
 * page with a `state` bound to this browser; the provider sends the browser back to
 * GET /api/login/{provider}/callback/, which checks and spends the state, exchanges the code, finds or makes
 * the account (a new one without a phone is inactive, TRD_LOGIN_NO_MOBILE), starts a session, leaves the user
 * info cookie and nextPath=trd-login for the shell, and goes to the site's home page.
 *
 * Binding: POST /api/trd-account-bind/{provider}/authorize/ answers the same authorisation page with a state that
 * names the logged-in account; the same callback then binds the identity to that account (if this browser is still
 * logged in as it) and goes to the account settings page.
 */
export async function oauthLoginRoutes(app: FastifyInstance, options: OAuthRouteOptions): Promise<void> {
  const adapterOf = (provider: OAuthProvider): OAuthAdapter => {
    const adapter = options.adapters[provider];
    if (!adapter) throw new ApiError(503, 'provider_unconfigured', '暂不支持该第三方登录方式');
    return adapter;
  };

  /**
   * The provider's authorisation page with a fresh state bound to this browser (and, to bind, to the account
   * `userId`); the callback spends the state.
   */
  const authorizeUrl = async (request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, platform: string, userId: number | null) => {
    const adapter = adapterOf(provider);
    const browser = browserKeyHash(request, reply) as string;
    const state = randomBytes(24).toString('base64url');
    const now = app.now();
    await app.db.query(
      `INSERT INTO oauth_states (state_hash, provider, browser_hash, platform, user_id, create_time, expire_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [sha256(state), provider, browser, platform, userId, now, new Date(now.getTime() + STATE_TTL_MS)],
    );
    return adapter.authorizeUrl(callbackUri(request, options.siteOrigin, provider), state);
  };

  app.get<{ Params: Static<typeof ProviderParams>; Querystring: Static<typeof RedirectQuery> }>(
    '/api/login/:provider/',
    {
      config: { rateLimit: 'login' },
      schema: {
        tags: ['第三方登录'],
        params: ProviderParams,
        querystring: RedirectQuery,
        response: { 200: Type.Object({ url: Type.String({ description: '第三方平台授权页地址' }) }) },
      },
    },
    async (request, reply) => ({
      url: await authorizeUrl(request, reply, request.params.provider, platformOf(request.query.platform, request.params.provider), null),
    }),
  );

  app.post<{ Params: Static<typeof ProviderParams> }>(
    '/api/trd-account-bind/:provider/authorize/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['第三方账号'],
        summary: '绑定第三方账号：授权页地址（授权后回到本站，绑定到当前账号）',
        params: ProviderParams,
        response: { 200: Type.Object({ url: Type.String({ description: '第三方平台授权页地址' }) }) },
      },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      return { url: await authorizeUrl(request, reply, request.params.provider, '', user.id) };
    },
  );

  /** The provider's identity for an authorization code; its outage is a 502, a spent or bad code a 400. */
  const exchangeCode = async (request: FastifyRequest, adapter: OAuthAdapter, code: string) => {
    let identity;
    try {
      identity = await adapter.exchange(code, callbackUri(request, options.siteOrigin, adapter.provider));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      request.log.error({ err }, 'OAuth code exchange failed');
      throw new ApiError(502, 'provider_unavailable', '第三方平台暂时不可用，请稍后重试');
    }
    if (!identity) throw new ApiError(400, 'trd_code_invalid', '授权已失效，请重新授权');
    return identity;
  };

  /** The bind half of the callback: the identity goes to the account that asked, which must still be this browser's. */
  const bindCallback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    adapter: OAuthAdapter,
    userId: number,
    code: string | undefined,
  ): Promise<FastifyReply> => {
    const provider = adapter.provider;
    if (request.user?.id !== userId) throw new ApiError(400, 'oauth_state_invalid', '绑定请求已失效，请重新登录后再绑定');
    requireActiveUser(request);
    if (!code) throw new ApiError(400, 'oauth_denied', '您已取消授权，未能绑定');
    const identity = await exchangeCode(request, adapter, code);
    await bindIdentity(app, userId, trdAccountOf(provider), identity);
    return reply.redirect(`${TRD_BIND_DONE_PATH}?${new URLSearchParams({ trd_bind: provider })}`, 302);
  };

  app.get<{ Params: Static<typeof ProviderParams>; Querystring: Static<typeof CallbackQuery> }>(
    '/api/login/:provider/callback/',
    {
      config: { rateLimit: 'login' },
      schema: {
        tags: ['第三方登录'],
        params: ProviderParams,
        querystring: CallbackQuery,
        response: { 302: Type.Null({ description: '登录成功，转到站点首页（Cookie nextPath=trd-login）' }) },
      },
      // a bad query from a provider still gets the page, not bare JSON
      errorHandler: (error, request, reply) => void callbackFailure(request, reply, error),
    },
    async (request, reply) => {
      const { provider } = request.params;
      let purpose: 'login' | 'bind' = 'login';
      try {
        const adapter = adapterOf(provider);
        const state = request.query.state ?? '';
        // spent whatever happens next: a state works once
        const [saved] = state
          ? await app.db.query<{ provider: string; browser_hash: string; platform: string; user_id: number | null; expire_time: Date }>(
              'DELETE FROM oauth_states WHERE state_hash = $1 RETURNING provider, browser_hash, platform, user_id, expire_time',
              [sha256(state)],
            )
          : [];
        if (saved?.user_id != null) purpose = 'bind';
        if (
          !saved ||
          saved.provider !== provider ||
          saved.browser_hash !== browserKeyHash(request, null) ||
          saved.expire_time.getTime() <= app.now().getTime()
        ) {
          throw new ApiError(400, 'oauth_state_invalid', purpose === 'bind' ? '绑定请求已失效，请返回重新绑定' : '登录请求已失效，请返回重新登录');
        }
        const code = request.query[adapter.codeParam];
        if (saved.user_id != null) return await bindCallback(request, reply, adapter, saved.user_id, code);
        if (!code) throw new ApiError(400, 'oauth_denied', '您已取消授权，未能登录');
        const identity = await exchangeCode(request, adapter, code);

        const found = await loginByIdentity(app, adapter.account, identity.openid, identity.unionid, saved.platform);
        await app.db.query(
          `UPDATE trd_accounts SET nickname = $3, avatar = $4 WHERE provider = $1 AND openid = $2`,
          [adapter.account, identity.openid, (identity.nickname ?? '').slice(0, 100), (identity.avatar ?? '').slice(0, 500)],
        );
        if (found.isNew && identity.nickname) {
          await app.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [found.user.id, identity.nickname.slice(0, 100)]);
          await userChanged(app, found.user.id);
        }
        const user = (await findUserById(app.db, found.user.id)) ?? found.user;
        await startSession(request, reply, user.id, { loginType: LOGIN_TYPES.thirdParty, platform: saved.platform });
        const info = {
          uid: user.id,
          nickname: user.nickname,
          is_active: user.inactive_reason === null ? 1 : 0,
          inactive_reason: user.inactive_reason,
          level: user.level,
          gender: user.gender,
        };
        const secure = app.sessionOptions.secureCookies;
        setCookie(reply, 'userinfo', Buffer.from(JSON.stringify(info), 'utf8').toString('base64'), {
          path: '/',
          sameSite: 'Lax',
          secure,
          maxAge: HANDOFF_MAX_AGE_S,
        });
        setCookie(reply, 'nextPath', 'trd-login', { path: '/', sameSite: 'Lax', secure, maxAge: HANDOFF_MAX_AGE_S });
        return reply.redirect('/', 302);
      } catch (err) {
        return callbackFailure(request, reply, err, purpose);
      }
    },
  );
}
