import { createHash } from 'node:crypto';
import type { WxMiniAppConfig } from '../../core/config';
import { ProviderError, type HttpTransport, type TransportResponse } from './http-transport';

export interface MiniAppSession {
  openid: string;
  unionid: string | null;
}

/** WeChat mini-program login: exchanges the `wx.login()` code for the user's openid. */
export interface WxMiniApp {
  /** Resolves null for a code WeChat refuses (invalid, used, expired); rejects with ProviderError otherwise. */
  code2Session(jsCode: string): Promise<MiniAppSession | null>;
}

/** errcodes that mean "this code is no good" rather than "WeChat is unavailable". */
const BAD_CODE = new Set([40029, 40163, 40226]);

/**
 * auth.code2Session: GET {endpoint}/sns/jscode2session?appid&secret&js_code&grant_type=authorization_code,
 * answering `{"openid","session_key","unionid"?}` or `{"errcode","errmsg"}`.
 */
export function wxMiniApp(config: WxMiniAppConfig, transport: HttpTransport): WxMiniApp {
  return {
    async code2Session(jsCode) {
      const query = new URLSearchParams({
        appid: config.appId,
        secret: config.appSecret,
        js_code: jsCode,
        grant_type: 'authorization_code',
      });
      const response = await transport({ method: 'GET', url: `${config.endpoint}/sns/jscode2session?${query}` });
      let body: { openid?: unknown; unionid?: unknown; errcode?: unknown; errmsg?: unknown };
      try {
        body = JSON.parse(response.text) as typeof body;
      } catch {
        throw new ProviderError('wx-miniapp', `HTTP ${response.status}, not JSON`);
      }
      if (typeof body.errcode === 'number' && body.errcode !== 0) {
        if (BAD_CODE.has(body.errcode)) return null;
        throw new ProviderError('wx-miniapp', `errcode ${body.errcode}: ${String(body.errmsg)}`);
      }
      if (typeof body.openid !== 'string' || body.openid === '') throw new ProviderError('wx-miniapp', 'no openid');
      return { openid: body.openid, unionid: typeof body.unionid === 'string' ? body.unionid : null };
    },
  };
}

function reply(body: Record<string, unknown>): TransportResponse {
  return { status: 200, text: JSON.stringify(body) };
}

/**
 * A local stand-in for api.weixin.qq.com's jscode2session. A simulated js_code is a name, optionally with a
 * suffix: `alice`, `alice.2` (the text before the dot picks the person, so `alice.1` and `alice.2` are two
 * codes of the same openid). Each code works once (errcode 40163 afterwards); a wrong appid/secret answers
 * 40013/40125; a code of other characters 40029.
 */
export function wxMiniAppSimulator(config: WxMiniAppConfig): HttpTransport {
  const used = new Set<string>();
  return async ({ url }) => {
    const query = new URL(url).searchParams;
    if (query.get('appid') !== config.appId) return reply({ errcode: 40013, errmsg: 'invalid appid' });
    if (query.get('secret') !== config.appSecret) return reply({ errcode: 40125, errmsg: 'invalid appsecret' });
    const code = query.get('js_code') ?? '';
    if (query.get('grant_type') !== 'authorization_code' || !/^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,32})?$/.test(code)) {
      return reply({ errcode: 40029, errmsg: 'invalid code' });
    }
    if (used.has(code)) return reply({ errcode: 40163, errmsg: 'code been used' });
    used.add(code);
    const person = code.split('.')[0];
    const digest = createHash('sha256').update(`${config.appId}:${person}`).digest('base64url');
    return reply({
      openid: `o${digest.slice(0, 27)}`,
      unionid: `u${digest.slice(27, 42)}`,
      session_key: createHash('sha256').update(code).digest('base64').slice(0, 24),
    });
  };
}
