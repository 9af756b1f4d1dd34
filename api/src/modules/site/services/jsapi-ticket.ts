import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../core/db';
import { ProviderError, type HttpTransport, type TransportResponse } from '../../../infra/providers/http-transport';
import type { SiteConfig } from '../config';
import { findProviderToken, saveProviderToken } from '../repositories/provider-tokens';

/** Where the WeChat JS-SDK signature's ticket comes from. */
export interface JsapiTicketProvider {
  /** The official account's appId (the page passes it to wx.config). */
  readonly appId: string;
  /** A valid jsapi_ticket; rejects with ProviderError when WeChat cannot give one. */
  ticket(): Promise<string>;
}

/** A cached credential is renewed this long before WeChat says it expires. */
const RENEW_MARGIN_MS = 5 * 60_000;
/** errcodes of getticket that mean "the access token is no good": fetch a new one and try once more. */
const BAD_TOKEN = new Set([40001, 40014, 42001]);

interface WxAnswer {
  errcode?: unknown;
  errmsg?: unknown;
  access_token?: unknown;
  ticket?: unknown;
  expires_in?: unknown;
}

function parse(response: TransportResponse): WxAnswer {
  try {
    const body = JSON.parse(response.text) as unknown;
    if (body && typeof body === 'object') return body as WxAnswer;
  } catch {
    /* handled below */
  }
  throw new ProviderError('wx-mp', `HTTP ${response.status}, not JSON`);
}

function lifetimeMs(answer: WxAnswer): number {
  const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 7200;
  return Math.max(seconds * 1000 - RENEW_MARGIN_MS, 60_000);
}

/**
 * The official account's jsapi_ticket, per WeChat's documented wire format:
 *   GET {endpoint}/cgi-bin/token?grant_type=client_credential&appid&secret -> {access_token, expires_in}
 *   GET {endpoint}/cgi-bin/ticket/getticket?access_token&type=jsapi      -> {errcode: 0, ticket, expires_in}
 * Both are cached in the database (provider_tokens) until shortly before they expire, so every API process uses
 * the same ones (WeChat invalidates an access token when another is requested). Concurrent callers in one process
 * share one refresh.
 */
export function wxJsapiTickets(
  config: SiteConfig['wxMp'],
  transport: HttpTransport,
  db: Db,
  now: () => Date,
): JsapiTicketProvider {
  const tokenKey = `wx-mp:access_token:${config.appId}`;
  const ticketKey = `wx-mp:jsapi_ticket:${config.appId}`;
  let inFlight: Promise<string> | null = null;

  const cached = (name: string) => findProviderToken(db, name, now());
  const store = (name: string, value: string, ms: number) => saveProviderToken(db, name, value, new Date(now().getTime() + ms));

  async function accessToken(fresh: boolean): Promise<string> {
    if (!fresh) {
      const hit = await cached(tokenKey);
      if (hit) return hit;
    }
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: config.appId, secret: config.appSecret });
    const answer = parse(await transport({ method: 'GET', url: `${config.endpoint}/cgi-bin/token?${query}` }));
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new ProviderError('wx-mp', `token: errcode ${String(answer.errcode)}: ${String(answer.errmsg)}`);
    }
    await store(tokenKey, answer.access_token, lifetimeMs(answer));
    return answer.access_token;
  }

  async function fetchTicket(): Promise<string> {
    for (const fresh of [false, true]) {
      const token = await accessToken(fresh);
      const query = new URLSearchParams({ access_token: token, type: 'jsapi' });
      const answer = parse(await transport({ method: 'GET', url: `${config.endpoint}/cgi-bin/ticket/getticket?${query}` }));
      if (answer.errcode === 0 && typeof answer.ticket === 'string' && answer.ticket !== '') {
        await store(ticketKey, answer.ticket, lifetimeMs(answer));
        return answer.ticket;
      }
      if (!(typeof answer.errcode === 'number' && BAD_TOKEN.has(answer.errcode)) || fresh) {
        throw new ProviderError('wx-mp', `getticket: errcode ${String(answer.errcode)}: ${String(answer.errmsg)}`);
      }
    }
    throw new ProviderError('wx-mp', 'getticket: no ticket');
  }

  return {
    appId: config.appId,
    async ticket() {
      const hit = await cached(ticketKey);
      if (hit) return hit;
      inFlight ??= fetchTicket().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

function reply(body: Record<string, unknown>): TransportResponse {
  return { status: 200, text: JSON.stringify(body) };
}

/**
 * A local stand-in for api.weixin.qq.com's /cgi-bin/token and /cgi-bin/ticket/getticket, with WeChat's answers:
 * a wrong appid 40013, a wrong secret 40125, an unknown or expired access token 40001 (getticket), a wrong
 * `type` 40097. Tokens and tickets live 7200 s by the given clock; a new access token invalidates the previous
 * one, as WeChat does (apart from its 5-minute grace, which the simulator leaves out).
 */
export function wxMpSimulator(config: Pick<SiteConfig['wxMp'], 'appId' | 'appSecret'>, now: () => Date): HttpTransport {
  let token: { value: string; expires: number } | null = null;
  return async ({ method, url }) => {
    const parsed = new URL(url);
    const query = parsed.searchParams;
    if (method !== 'GET') return { status: 405, text: 'method not allowed' };
    if (parsed.pathname.endsWith('/cgi-bin/token')) {
      if (query.get('grant_type') !== 'client_credential') return reply({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (query.get('appid') !== config.appId) return reply({ errcode: 40013, errmsg: 'invalid appid' });
      if (query.get('secret') !== config.appSecret) return reply({ errcode: 40125, errmsg: 'invalid appsecret' });
      token = { value: randomBytes(48).toString('base64url'), expires: now().getTime() + 7200_000 };
      return reply({ access_token: token.value, expires_in: 7200 });
    }
    if (parsed.pathname.endsWith('/cgi-bin/ticket/getticket')) {
      if (!token || query.get('access_token') !== token.value || token.expires <= now().getTime()) {
        return reply({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      }
      if (query.get('type') !== 'jsapi') return reply({ errcode: 40097, errmsg: 'invalid args' });
      const ticket = createHash('sha256').update(`${token.value}:ticket`).digest('base64url');
      return reply({ errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 });
    }
    return { status: 404, text: 'not found' };
  };
}

/**
 * The WeChat JS-SDK signature (JS-SDK documentation, appendix 1): sha1 of
 * `jsapi_ticket=...&noncestr=...&timestamp=...&url=...` in that order, the url without its '#' part.
 */
export function jsapiSignature(fields: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = fields.url.split('#')[0];
  const text = `jsapi_ticket=${fields.ticket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}
