import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setCookie } from '../../../core/http/cookies';
import { ApiError } from '../../../core/http/errors';
import type { OAuthProvider } from '../../../infra/oauth/config';
import type { OAuthAdapter } from '../../../infra/oauth/providers';
import { browserKeyHash, sha256, siteOrigin } from '../../accounts/browser-key';
import { requireActiveUser } from '../../accounts/guards';
import { findUserById, setNickname } from '../../accounts/repositories/users';
import { updateTrdProfile } from '../../accounts/repositories/trd-accounts';
import { loginByIdentity } from '../../accounts/services/identity-login';
import { askProvider } from '../../accounts/services/provider-call';
import { LOGIN_TYPES, startSession, userChanged } from '../../accounts/sessions';
import { recordAccountEvent } from '../../accounts/services/account-events';
import { bindIdentity, trdAccountOf, type ThirdPartyIdentity } from '../../accounts/third-party';
import { TRD_BIND_DONE_PATH, type CallbackPurpose } from '../callback-page';
import { insertState, takeState, type OAuthStateRow } from '../repositories/oauth-states';

const STATE_TTL_MS = 10 * 60_000;
/** Cookies the shell reads after the round trip (SPEC §2 "nextPath", §3 user info cookie). */
const HANDOFF_MAX_AGE_S = 600;

/** A failed callback and what it was for (the failure page says so). */
export class CallbackFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly purpose: CallbackPurpose,
  ) {
    super('third-party callback failed');
  }
}

export interface OAuthLoginOptions {
  adapters: Partial<Record<OAuthProvider, OAuthAdapter>>;
  siteOrigin?: string;
}

/** Third-party login and binding through the providers' authorisation pages (SPEC §4, §7). */
export class OAuthLogin {
  constructor(private readonly options: OAuthLoginOptions) {}

  private adapterOf(provider: OAuthProvider): OAuthAdapter {
    const adapter = this.options.adapters[provider];
    if (!adapter) throw new ApiError(503, 'provider_unconfigured', '暂不支持该第三方登录方式');
    return adapter;
  }

  private callbackUri(request: FastifyRequest, provider: string): string {
    return `${siteOrigin(request, this.options.siteOrigin)}/api/login/${provider}/callback/`;
  }

  /**
   * The provider's authorisation page with a fresh state bound to this browser (and, to bind, to the account
   * `userId`); the callback spends the state.
   */
  async authorizeUrl(request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, platform: string, userId: number | null): Promise<string> {
    const adapter = this.adapterOf(provider);
    const browserHash = browserKeyHash(request, reply);
    const state = randomBytes(24).toString('base64url');
    const now = request.server.now();
    const expireTime = new Date(now.getTime() + STATE_TTL_MS);
    await insertState(request.server.db, { stateHash: sha256(state), provider, browserHash, platform, userId, now, expireTime });
    return adapter.authorizeUrl(this.callbackUri(request, provider), state);
  }

  /** The provider's identity for an authorization code; its outage is a 502, a spent or bad code a 400. */
  private async exchangeCode(request: FastifyRequest, adapter: OAuthAdapter, code: string): Promise<ThirdPartyIdentity> {
    const identity = await askProvider(request, () => adapter.exchange(code, this.callbackUri(request, adapter.provider)), {
      log: 'OAuth code exchange failed',
      status: 502,
      message: '第三方平台暂时不可用，请稍后重试',
    });
    if (!identity) throw new ApiError(400, 'trd_code_invalid', '授权已失效，请重新授权');
    return identity;
  }

  /**
   * GET /api/login/{provider}/callback/: spends the state, then logs in or binds. Answers where to send the
   * browser; a failure is a CallbackFailure that says whether a login or a bind failed.
   */
  async callback(request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, query: Record<string, string | undefined>): Promise<string> {
    let purpose: CallbackPurpose = 'login';
    try {
      const adapter = this.adapterOf(provider);
      const state = query.state ?? '';
      // spent whatever happens next: a state works once
      const saved = state ? await takeState(request.server.db, sha256(state)) : undefined;
      if (saved?.user_id != null) purpose = 'bind';
      if (!saved || !this.stateFits(request, saved, provider)) {
        throw new ApiError(400, 'oauth_state_invalid', purpose === 'bind' ? '绑定请求已失效，请返回重新绑定' : '登录请求已失效，请返回重新登录');
      }
      const code = query[adapter.codeParam];
      if (saved.user_id != null) return await this.bindCallback(request, adapter, saved.user_id, code);
      return await this.loginCallback(request, reply, adapter, saved.platform, code);
    } catch (err) {
      throw new CallbackFailure(err, purpose);
    }
  }

  private stateFits(request: FastifyRequest, saved: OAuthStateRow, provider: OAuthProvider): boolean {
    return (
      saved.provider === provider &&
      saved.browser_hash === browserKeyHash(request, null) &&
      saved.expire_time.getTime() > request.server.now().getTime()
    );
  }

  /** The bind half of the callback: the identity goes to the account that asked, which must still be this browser's. */
  private async bindCallback(request: FastifyRequest, adapter: OAuthAdapter, userId: number, code: string | undefined): Promise<string> {
    const provider = adapter.provider;
    if (request.user?.id !== userId) throw new ApiError(400, 'oauth_state_invalid', '绑定请求已失效，请重新登录后再绑定');
    const { user } = requireActiveUser(request);
    if (!code) throw new ApiError(400, 'oauth_denied', '您已取消授权，未能绑定');
    const identity = await this.exchangeCode(request, adapter, code);
    await bindIdentity(request.server, userId, trdAccountOf(provider), identity);
    await recordAccountEvent(request, user, 'bind_trd', 'code');
    return `${TRD_BIND_DONE_PATH}?${new URLSearchParams({ trd_bind: provider })}`;
  }

  /**
   * The login half: finds or makes the account (a new one without a phone is inactive, TRD_LOGIN_NO_MOBILE),
   * starts a session, leaves the user info cookie and nextPath=trd-login for the shell; then the home page.
   */
  private async loginCallback(
    request: FastifyRequest,
    reply: FastifyReply,
    adapter: OAuthAdapter,
    platform: string,
    code: string | undefined,
  ): Promise<string> {
    const app = request.server;
    if (!code) throw new ApiError(400, 'oauth_denied', '您已取消授权，未能登录');
    const identity = await this.exchangeCode(request, adapter, code);
    const found = await loginByIdentity(app, adapter.account, identity.openid, identity.unionid, platform);
    await updateTrdProfile(app.db, adapter.account, identity.openid, identity);
    if (found.isNew && identity.nickname) {
      await setNickname(app.db, found.user.id, identity.nickname.slice(0, 100));
      await userChanged(app, found.user.id);
    }
    const user = (await findUserById(app.db, found.user.id)) ?? found.user;
    await startSession(request, reply, user.id, { loginType: LOGIN_TYPES.thirdParty, platform });
    const info = {
      uid: user.id,
      nickname: user.nickname,
      is_active: user.inactive_reason === null ? 1 : 0,
      inactive_reason: user.inactive_reason,
      level: user.level,
      gender: user.gender,
    };
    const secure = app.sessionOptions.secureCookies;
    const handoff = { path: '/', sameSite: 'Lax' as const, secure, maxAge: HANDOFF_MAX_AGE_S };
    setCookie(reply, 'userinfo', Buffer.from(JSON.stringify(info), 'utf8').toString('base64'), handoff);
    setCookie(reply, 'nextPath', 'trd-login', handoff);
    return '/';
  }
}
