import { createSign, createVerify } from 'node:crypto';
import { ProviderError, type HttpTransport, type TransportResponse } from '../providers/http-transport';
import type { AlipayApp, OAuthApp, OAuthProvider } from './config';

/** Who a third-party login code belongs to, as the provider reports it. */
export interface ThirdPartyIdentity {
  openid: string;
  unionid: string | null;
  nickname?: string;
  avatar?: string;
}

/**
 * One OAuth provider as the login routes use it: where to send the browser, which callback parameter holds the
 * code, and the exchange of that code for the person's identity, each written against the provider's
 * documented wire format. `exchange` resolves null for a code the provider refuses (invalid, used, expired) and
 * rejects with ProviderError when the provider cannot be used (down, misconfigured, unreadable answer).
 */
export interface OAuthAdapter {
  provider: OAuthProvider;
  /** The trd_accounts provider the identity is stored under (alipayh5 is the same Alipay application). */
  account: string;
  codeParam: 'code' | 'auth_code';
  authorizeUrl(redirectUri: string, state: string): string;
  exchange(code: string, redirectUri: string): Promise<ThirdPartyIdentity | null>;
}

/** Where an adapter sends the browser and where it calls the provider (the real hosts, or the simulator). */
export interface OAuthEndpoints {
  /** Base of the page the browser is sent to (e.g. https://open.weixin.qq.com). */
  authorize: string;
  /** Base of the server-to-server API; a function because the simulator's is known only once listening. */
  api: () => string;
}

function parseJson(provider: string, response: TransportResponse): Record<string, unknown> {
  try {
    const body = JSON.parse(response.text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // below
  }
  throw new ProviderError(provider, `HTTP ${response.status}, not a JSON object`);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** errcodes of sns/oauth2/access_token meaning "this code is no good". */
const WX_BAD_CODE = new Set([40029, 40163, 41008, 42003]);

/**
 * WeChat web login: open platform website QR login (weixin, /connect/qrconnect, snsapi_login) or the official
 * account's web authorisation (weixingzh, /connect/oauth2/authorize, snsapi_userinfo); then
 * GET /sns/oauth2/access_token and GET /sns/userinfo.
 */
export function weixinAdapter(
  provider: 'weixin' | 'weixingzh',
  app: OAuthApp,
  endpoints: OAuthEndpoints,
  transport: HttpTransport,
): OAuthAdapter {
  const page = provider === 'weixin' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
  const scope = provider === 'weixin' ? 'snsapi_login' : 'snsapi_userinfo';
  return {
    provider,
    account: provider,
    codeParam: 'code',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ appid: app.appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
      return `${endpoints.authorize}${page}?${q}#wechat_redirect`;
    },
    async exchange(code) {
      const q = new URLSearchParams({ appid: app.appId, secret: app.secret, code, grant_type: 'authorization_code' });
      const token = parseJson(provider, await transport({ method: 'GET', url: `${endpoints.api()}/sns/oauth2/access_token?${q}` }));
      if (typeof token.errcode === 'number' && token.errcode !== 0) {
        if (WX_BAD_CODE.has(token.errcode)) return null;
        throw new ProviderError(provider, `access_token errcode ${token.errcode}: ${String(token.errmsg)}`);
      }
      const accessToken = str(token.access_token);
      const openid = str(token.openid);
      if (!accessToken || !openid) throw new ProviderError(provider, 'access_token answer without access_token/openid');
      const info = parseJson(
        provider,
        await transport({
          method: 'GET',
          url: `${endpoints.api()}/sns/userinfo?${new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' })}`,
        }),
      );
      // the profile is a nicety: an error there still logs the person in
      const ok = !(typeof info.errcode === 'number' && info.errcode !== 0);
      return {
        openid,
        unionid: str(token.unionid) ?? (ok ? str(info.unionid) : undefined) ?? null,
        nickname: ok ? str(info.nickname) : undefined,
        avatar: ok ? str(info.headimgurl) : undefined,
      };
    },
  };
}

/** QQ Connect: /oauth2.0/authorize, /oauth2.0/token (fmt=json), /oauth2.0/me (unionid=1), /user/get_user_info. */
export function qqAdapter(app: OAuthApp, endpoints: OAuthEndpoints, transport: HttpTransport): OAuthAdapter {
  return {
    provider: 'qq',
    account: 'qq',
    codeParam: 'code',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ response_type: 'code', client_id: app.appId, redirect_uri: redirectUri, state, scope: 'get_user_info' });
      return `${endpoints.authorize}/oauth2.0/authorize?${q}`;
    },
    async exchange(code, redirectUri) {
      const q = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: app.appId,
        client_secret: app.secret,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      });
      const token = parseJson('qq', await transport({ method: 'GET', url: `${endpoints.api()}/oauth2.0/token?${q}` }));
      const accessToken = str(token.access_token);
      if (!accessToken) {
        // 100019 code used, 100020 code reused, 100016 invalid / expired
        if ([100016, 100019, 100020].includes(Number(token.error))) return null;
        throw new ProviderError('qq', `token error ${String(token.error)}: ${String(token.error_description)}`);
      }
      const me = parseJson(
        'qq',
        await transport({ method: 'GET', url: `${endpoints.api()}/oauth2.0/me?${new URLSearchParams({ access_token: accessToken, fmt: 'json', unionid: '1' })}` }),
      );
      const openid = str(me.openid);
      if (!openid) throw new ProviderError('qq', `me error ${String(me.error)}`);
      const info = parseJson(
        'qq',
        await transport({
          method: 'GET',
          url: `${endpoints.api()}/user/get_user_info?${new URLSearchParams({ access_token: accessToken, oauth_consumer_key: app.appId, openid })}`,
        }),
      );
      const ok = info.ret === 0;
      return {
        openid,
        unionid: str(me.unionid) ?? null,
        nickname: ok ? str(info.nickname) : undefined,
        avatar: ok ? str(info.figureurl_qq_2) ?? str(info.figureurl_qq_1) : undefined,
      };
    },
  };
}

/** Weibo: /oauth2/authorize, POST /oauth2/access_token (form), GET /2/users/show.json. */
export function weiboAdapter(app: OAuthApp, endpoints: OAuthEndpoints, transport: HttpTransport): OAuthAdapter {
  return {
    provider: 'weibo',
    account: 'weibo',
    codeParam: 'code',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ client_id: app.appId, redirect_uri: redirectUri, response_type: 'code', state, scope: 'all' });
      return `${endpoints.authorize}/oauth2/authorize?${q}`;
    },
    async exchange(code, redirectUri) {
      const form = new URLSearchParams({
        client_id: app.appId,
        client_secret: app.secret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      const token = parseJson(
        'weibo',
        await transport({
          method: 'POST',
          url: `${endpoints.api()}/oauth2/access_token`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        }),
      );
      const accessToken = str(token.access_token);
      const uid = str(token.uid);
      if (!accessToken || !uid) {
        // 21325 invalid code, 21323 illegal request
        if ([21323, 21325].includes(Number(token.error_code))) return null;
        throw new ProviderError('weibo', `access_token error ${String(token.error_code)}: ${String(token.error)}`);
      }
      const info = parseJson(
        'weibo',
        await transport({ method: 'GET', url: `${endpoints.api()}/2/users/show.json?${new URLSearchParams({ access_token: accessToken, uid })}` }),
      );
      return { openid: uid, unionid: null, nickname: str(info.screen_name), avatar: str(info.profile_image_url) };
    },
  };
}

/** Alipay's request time: 'yyyy-MM-dd HH:mm:ss' in China time. */
function alipayTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The text Alipay signs: parameters (but sign, and empty ones) sorted by name, `k=v` joined with '&'. */
export function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The raw JSON text of `"name": {...}` in an answer: Alipay signs those exact characters, so they are cut out
 * rather than re-serialised (escaping could differ). Undefined when absent.
 */
export function rawJsonMember(text: string, name: string): string | undefined {
  const key = `"${name}"`;
  let at = text.indexOf(key);
  if (at < 0) return undefined;
  at = text.indexOf('{', at + key.length);
  if (at < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(at, i + 1);
  }
  return undefined;
}

/**
 * Alipay (alipay on PC, alipayh5 in mobile browsers; one application, so one trd_accounts provider 'alipay'):
 * the browser goes to /oauth2/publicAppAuthorize.htm and comes back with auth_code; the gateway's
 * alipay.system.oauth.token and alipay.user.info.share are form POSTs signed RSA2 with the application's key,
 * answered `{"<method>_response": {...}, "sign": "..."}` signed by Alipay.
 */
export function alipayAdapter(
  provider: 'alipay' | 'alipayh5',
  app: AlipayApp,
  endpoints: OAuthEndpoints,
  transport: HttpTransport,
  now: () => Date,
): OAuthAdapter {
  const call = async (method: string, extra: Record<string, string>): Promise<Record<string, unknown>> => {
    const params: Record<string, string> = {
      app_id: app.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(now()),
      version: '1.0',
      ...extra,
    };
    params.sign = rsa2Sign(alipaySignContent(params), app.privateKey);
    const response = await transport({
      method: 'POST',
      url: endpoints.api(),
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    const body = parseJson('alipay', response);
    const member = `${method.replace(/\./g, '_')}_response`;
    const node = member in body ? member : 'error_response';
    const raw = rawJsonMember(response.text, node);
    if (!raw || typeof body.sign !== 'string' || !rsa2Verify(raw, body.sign, app.alipayPublicKey)) {
      throw new ProviderError('alipay', `${method}: answer without a valid signature`);
    }
    return body[node] as Record<string, unknown>;
  };
  return {
    provider,
    account: 'alipay',
    codeParam: 'auth_code',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ app_id: app.appId, scope: 'auth_user', redirect_uri: redirectUri, state });
      return `${endpoints.authorize}/oauth2/publicAppAuthorize.htm?${q}`;
    },
    async exchange(code) {
      const token = await call('alipay.system.oauth.token', { grant_type: 'authorization_code', code });
      const accessToken = str(token.access_token);
      const userId = str(token.open_id) ?? str(token.user_id);
      if (!accessToken || !userId) {
        if (String(token.sub_code ?? '').startsWith('isv.code')) return null; // isv.code-invalid ...
        throw new ProviderError('alipay', `oauth.token ${String(token.code)} ${String(token.sub_code)}`);
      }
      const info = await call('alipay.user.info.share', { auth_token: accessToken });
      const ok = info.code === '10000';
      return { openid: userId, unionid: null, nickname: ok ? str(info.nick_name) : undefined, avatar: ok ? str(info.avatar) : undefined };
    },
  };
}
