import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { ApiError } from '../../core/http/errors';
import { alipaySignContent, rsa2Sign, rsa2Verify } from './providers';
import type { AlipayApp, OAuthApp } from './config';
import { escapeHtml } from './html';

/**
 * A local OAuth provider for development and tests, served by the API under /api/dev/oauth/{family}/ (never
 * in production unless DEV_OUTBOX=1; the routes are modules/oauth/routes/simulator.ts): an authorisation page
 * where one clicks '同意授权' (the person at the provider is a name typed there: the same name is the same
 * person), then the token and profile endpoints of each provider in its own wire format, which the adapters
 * call over HTTP exactly as they call the real ones.
 */
export const SIMULATOR_PREFIX = '/api/dev/oauth';
export type Family = 'weixin' | 'qq' | 'weibo' | 'alipay';
const FAMILY_NAMES: Record<Family, string> = { weixin: '微信', qq: 'QQ', weibo: '微博', alipay: '支付宝' };
const CODE_TTL_MS = 5 * 60_000;

export interface SimulatorApps {
  weixin: OAuthApp;
  weixingzh: OAuthApp;
  qq: OAuthApp;
  weibo: OAuthApp;
  alipay: AlipayApp & { alipayPrivateKey: string; appPublicKey: string };
}

let keys: { app: { pub: string; priv: string }; alipay: { pub: string; priv: string } } | undefined;
function pair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { pub: publicKey, priv: privateKey };
}

/** The simulator's applications (public on purpose: they guard nothing). Alipay's key pairs are made once per process. */
export function simulatorApps(): SimulatorApps {
  keys ??= { app: pair(), alipay: pair() };
  return {
    weixin: { appId: 'wxsimopen0000001', secret: 'sim-weixin-open-secret' },
    weixingzh: { appId: 'wxsimgzh00000001', secret: 'sim-weixin-gzh-secret' },
    qq: { appId: '101000001', secret: 'sim-qq-appkey' },
    weibo: { appId: '3000000001', secret: 'sim-weibo-secret' },
    alipay: {
      appId: '2021000000000001',
      privateKey: keys.app.priv,
      appPublicKey: keys.app.pub,
      alipayPublicKey: keys.alipay.pub,
      alipayPrivateKey: keys.alipay.priv,
    },
  };
}

interface Grant {
  family: Family;
  appId: string;
  person: string;
  redirectUri: string;
  expires: number;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
/** The provider's id of a person for one application (openid), and across an owner's applications (unionid). */
export function simulatedOpenid(appId: string, person: string): string {
  return `o${digest(`${appId}:${person}`).slice(0, 27)}`;
}
export function simulatedUnionid(person: string): string {
  return `u${digest(`union:${person}`).slice(0, 27)}`;
}
function simulatedNumber(appId: string, person: string): string {
  return String(parseInt(digest(`${appId}:${person}`).replace(/[^0-9]/g, '').slice(0, 10) || '1', 10) + 1_000_000_000);
}

/** The Content-Security-Policy of the simulator's pages. */
export const SIMULATOR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** A whole page of the simulator (its authorisation page). */
function page(title: string, body: string): string {
  return (
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#f5f6f8;margin:0;color:#222}` +
        `main{max-width:420px;margin:64px auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}` +
        `h1{font-size:20px;margin:0 0 8px}p{color:#555;line-height:1.6}.tag{display:inline-block;font-size:12px;background:#fff3cd;color:#8a6d00;border-radius:4px;padding:2px 6px;margin-bottom:16px}` +
        `label{display:block;margin:16px 0 6px;font-size:14px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:15px}` +
        `.row{display:flex;gap:12px;margin-top:24px}button,a.btn{flex:1;text-align:center;padding:11px;border-radius:6px;font-size:15px;border:1px solid #ccc;background:#fff;color:#333;text-decoration:none;cursor:pointer}` +
        `button{background:#07c160;border-color:#07c160;color:#fff}</style></head><body><main>${body}</main></body></html>`
  );
}

function isCallback(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.startsWith('/api/login/');
  } catch {
    return false;
  }
}

export type Query = Record<string, string | undefined>;

/** An answer of a provider endpoint: a JSON body, with a status other than 200 where the provider uses one. */
export interface SimulatorAnswer {
  status?: number;
  body: unknown;
}

const bad = () => new ApiError(400, 'invalid', '授权失败：请求参数错误');

/** The simulated providers' state (codes and tokens, in memory) and the answers of their endpoints. */
export class OAuthSimulator {
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, { family: Family; appId: string; person: string }>();
  private readonly appIds: Record<Family, string[]>;

  constructor(readonly apps: SimulatorApps) {
    this.appIds = {
      weixin: [apps.weixin.appId, apps.weixingzh.appId],
      qq: [apps.qq.appId],
      weibo: [apps.weibo.appId],
      alipay: [apps.alipay.appId],
    };
  }

  private secretOf(appId: string): string | undefined {
    const { weixin, weixingzh, qq, weibo } = this.apps;
    return [weixin, weixingzh, qq, weibo].find((a) => a.appId === appId)?.secret;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [code, grant] of this.grants) if (grant.expires < now) this.grants.delete(code);
    if (this.tokens.size > 10_000) this.tokens.clear();
  }

  /** The authorisation page of `family` (its application id in the query parameter `appParam`). */
  authorizePage(family: Family, appParam: string, q: Query): string {
    const appId = q[appParam] ?? '';
    const redirectUri = q.redirect_uri ?? '';
    const name = FAMILY_NAMES[family];
    if (!this.appIds[family].includes(appId)) throw new ApiError(400, 'oauth_app_invalid', `${name}授权失败：应用标识参数错误`);
    if (!isCallback(redirectUri)) throw new ApiError(400, 'oauth_redirect_invalid', `${name}授权失败：回调地址参数错误`);
    const person = `${name}用户${randomBytes(2).readUInt16BE(0) % 10000}`;
    const hidden = { family, app_id: appId, redirect_uri: redirectUri, state: q.state ?? '' };
    const fields = Object.entries(hidden)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');
    const deny = `${SIMULATOR_PREFIX}/deny?${new URLSearchParams(hidden)}`;
    return page(
      `${name}授权登录（模拟）`,
      `<span class="tag">开发环境 · 模拟${name}开放平台</span><h1>${name}授权登录</h1>` +
        `<p>「知库文档」申请使用你的${name}账号信息（昵称、头像）登录。</p>` +
        `<form method="get" action="${SIMULATOR_PREFIX}/approve">${fields}` +
        `<label for="person">模拟${name}账号（同名即同一人）</label><input type="text" id="person" name="person" value="${escapeHtml(person)}" maxlength="40" required>` +
        `<div class="row"><a class="btn" href="${escapeHtml(deny)}">拒绝</a><button type="submit">同意授权</button></div></form>`,
    );
  }

  private back(q: Query): { family: Family; redirect: URL } | null {
    const family = q.family as Family;
    if (!Object.hasOwn(this.appIds, family) || !this.appIds[family].includes(q.app_id ?? '') || !isCallback(q.redirect_uri ?? '')) {
      return null;
    }
    return { family, redirect: new URL(q.redirect_uri as string) };
  }

  /** '同意授权': a code for the person typed, and the callback address to send the browser to. */
  approve(q: Query): string {
    const to = this.back(q);
    const person = (q.person ?? '').trim().slice(0, 40);
    if (!to || !person) throw bad();
    this.sweep();
    const code = randomBytes(16).toString('hex');
    const appId = q.app_id as string;
    this.grants.set(code, { family: to.family, appId, person, redirectUri: q.redirect_uri as string, expires: Date.now() + CODE_TTL_MS });
    if (to.family === 'alipay') {
      to.redirect.searchParams.set('app_id', appId);
      to.redirect.searchParams.set('source', 'alipay_wallet');
      to.redirect.searchParams.set('scope', 'auth_user');
      to.redirect.searchParams.set('auth_code', code);
    } else {
      to.redirect.searchParams.set('code', code);
    }
    to.redirect.searchParams.set('state', q.state ?? '');
    return to.redirect.href;
  }

  /** '拒绝': the callback address without a code. */
  deny(q: Query): string {
    const to = this.back(q);
    if (!to) throw bad();
    if (to.family === 'weibo') {
      to.redirect.searchParams.set('error', 'access_denied');
      to.redirect.searchParams.set('error_code', '21330');
    }
    to.redirect.searchParams.set('state', q.state ?? '');
    return to.redirect.href;
  }

  /** Takes a code once: the grant, or undefined (unknown, used, expired, another application's). */
  private take(family: Family, code: string | undefined, appId: string | undefined): Grant | undefined {
    const grant = code ? this.grants.get(code) : undefined;
    if (!grant) return undefined;
    this.grants.delete(code as string);
    return grant.family === family && grant.appId === appId && grant.expires >= Date.now() ? grant : undefined;
  }

  private issue(grant: Grant): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { family: grant.family, appId: grant.appId, person: grant.person });
    return token;
  }

  private holder(family: Family, token: string | undefined) {
    const who = this.tokens.get(token ?? '');
    return who && who.family === family ? who : undefined;
  }

  /** WeChat GET sns/oauth2/access_token. */
  weixinToken(q: Query): unknown {
    if (!q.appid || this.secretOf(q.appid) !== q.secret || !this.appIds.weixin.includes(q.appid)) return { errcode: 40125, errmsg: 'invalid appsecret' };
    if (q.grant_type !== 'authorization_code') return { errcode: 40002, errmsg: 'invalid grant_type' };
    const grant = this.take('weixin', q.code, q.appid);
    if (!grant) return { errcode: 40029, errmsg: 'invalid code' };
    return {
      access_token: this.issue(grant),
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('base64url'),
      openid: simulatedOpenid(grant.appId, grant.person),
      scope: grant.appId === this.apps.weixin.appId ? 'snsapi_login' : 'snsapi_userinfo',
      unionid: simulatedUnionid(grant.person),
    };
  }

  /** WeChat GET sns/userinfo. */
  weixinUserinfo(q: Query): unknown {
    const who = this.holder('weixin', q.access_token);
    if (!who) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    if (q.openid !== simulatedOpenid(who.appId, who.person)) return { errcode: 40003, errmsg: 'invalid openid' };
    return { openid: q.openid, nickname: who.person, sex: 0, province: '', city: '', country: 'CN', headimgurl: '', privilege: [], unionid: simulatedUnionid(who.person) };
  }

  /** QQ GET oauth2.0/token (fmt=json). */
  qqToken(q: Query): unknown {
    const qq = this.apps.qq;
    if (q.client_id !== qq.appId || q.client_secret !== qq.secret) return { error: 100010, error_description: 'client secret is wrong' };
    const grant = this.take('qq', q.code, q.client_id);
    if (!grant || grant.redirectUri !== q.redirect_uri) return { error: 100019, error_description: 'code to access token error' };
    return { access_token: this.issue(grant), expires_in: '7776000', refresh_token: randomBytes(24).toString('base64url') };
  }

  /** QQ GET oauth2.0/me. */
  qqMe(q: Query): unknown {
    const who = this.holder('qq', q.access_token);
    if (!who) return { error: 100016, error_description: 'access token check failed' };
    return { client_id: who.appId, openid: simulatedOpenid(who.appId, who.person), ...(q.unionid === '1' ? { unionid: simulatedUnionid(who.person) } : {}) };
  }

  /** QQ GET user/get_user_info. */
  qqUserInfo(q: Query): unknown {
    const who = this.holder('qq', q.access_token);
    if (!who || q.openid !== simulatedOpenid(who.appId, who.person)) return { ret: 100016, msg: 'access token check failed' };
    return { ret: 0, msg: '', nickname: who.person, figureurl_qq_1: '', figureurl_qq_2: '', gender: '男' };
  }

  /** Weibo POST oauth2/access_token (form, or query). */
  weiboToken(q: Query): SimulatorAnswer {
    const weibo = this.apps.weibo;
    if (q.client_id !== weibo.appId || q.client_secret !== weibo.secret) {
      return { status: 400, body: { error: 'invalid_client', error_code: 21324, error_description: 'unauthorized client' } };
    }
    const grant = this.take('weibo', q.code, q.client_id);
    if (!grant || grant.redirectUri !== q.redirect_uri) {
      return { status: 400, body: { error: 'invalid_grant', error_code: 21325, error_description: 'invalid authorization code' } };
    }
    return { body: { access_token: this.issue(grant), expires_in: 157679999, remind_in: '157679999', uid: simulatedNumber(grant.appId, grant.person) } };
  }

  /** Weibo GET 2/users/show.json. */
  weiboShow(q: Query): SimulatorAnswer {
    const who = this.holder('weibo', q.access_token);
    if (!who) return { status: 400, body: { error: 'invalid_access_token', error_code: 21332 } };
    const id = simulatedNumber(who.appId, who.person);
    return { body: { id: Number(id), idstr: id, screen_name: who.person, profile_image_url: '' } };
  }

  /** Alipay's gateway: form POSTs signed RSA2 by the application; the answer (JSON text) signed by "Alipay". */
  alipayGateway(p: Record<string, string>): string {
    const alipay = this.apps.alipay;
    const method = p.method ?? '';
    const member = `${method.replace(/\./g, '_')}_response`;
    const answer = (name: string, node: Record<string, unknown>) => {
      const raw = JSON.stringify(node);
      return `{"${name}":${raw},"sign":"${rsa2Sign(raw, alipay.alipayPrivateKey)}"}`;
    };
    const fail = (code: string, msg: string, subCode: string, subMsg: string) =>
      answer(member.startsWith('alipay_') ? member : 'error_response', { code, msg, sub_code: subCode, sub_msg: subMsg });
    if (p.app_id !== alipay.appId) return fail('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    if (p.sign_type !== 'RSA2' || !p.sign || !rsa2Verify(alipaySignContent(p), p.sign, alipay.appPublicKey)) {
      return fail('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    }
    if (method === 'alipay.system.oauth.token') {
      const grant = p.grant_type === 'authorization_code' ? this.take('alipay', p.code, p.app_id) : undefined;
      if (!grant) return fail('40002', 'Invalid Arguments', 'isv.code-invalid', '授权码code无效');
      const id = simulatedOpenid(grant.appId, grant.person);
      return answer(member, {
        user_id: `2088${simulatedNumber(grant.appId, grant.person).slice(0, 12)}`,
        open_id: `0${id.slice(1, 30)}`,
        access_token: this.issue(grant),
        expires_in: 1296000,
        refresh_token: randomBytes(24).toString('base64url'),
        re_expires_in: 2592000,
      });
    }
    if (method === 'alipay.user.info.share') {
      const who = this.holder('alipay', p.auth_token);
      if (!who) return fail('20001', 'Insufficient Token Permissions', 'aop.invalid-auth-token', '无效的访问令牌');
      return answer(member, { code: '10000', msg: 'Success', nick_name: who.person, avatar: '' });
    }
    return fail('40004', 'Business Failed', 'isv.invalid-method', '不存在的方法名');
  }
}
