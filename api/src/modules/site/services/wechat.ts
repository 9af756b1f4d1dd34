import { randomBytes } from 'node:crypto';
import type { WxJsapiSignAnswer } from 'contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { ProviderError } from '../../../infra/providers/http-transport';
import { jsapiSignature, type JsapiTicketProvider } from './jsapi-ticket';

function pageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid({ url: ['页面地址不正确'] }, '页面地址不正确');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid({ url: ['页面地址不正确'] }, '页面地址不正确');
  return url;
}

/** Two-label public suffixes, so that `math.zhiku.com.cn` and `zhiku.com.cn` count as one site. */
const TWO_LABEL_SUFFIXES = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'com.hk', 'com.tw']);

/** The registered domain of a host name: 'math.zhiku.com' -> 'zhiku.com'; IP addresses stay as they are. */
export function registeredDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host;
  const labels = host.split('.');
  const keep = TWO_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** The WeChat JS-SDK's wx.config signature for a page (503 provider_unavailable when WeChat gives no ticket). */
export async function signPage(
  tickets: JsapiTicketProvider,
  rawUrl: string,
  now: Date,
  log: FastifyBaseLogger,
): Promise<WxJsapiSignAnswer> {
  pageUrl(rawUrl);
  let ticket: string;
  try {
    ticket = await tickets.ticket();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.error({ err }, 'jsapi_ticket failed');
    throw new ApiError(503, 'provider_unavailable', '微信服务暂时不可用，请稍后重试');
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  const nonceStr = randomBytes(12).toString('base64url');
  // signed exactly as the page sent it (location.href), less the fragment: WeChat compares the text
  const signature = jsapiSignature({ ticket, nonceStr, timestamp, url: rawUrl });
  return { appId: tickets.appId, timestamp, nonceStr, signature };
}

/** The mini-program path that opens a page of this site (`siteHost`, any of its sub-sites) in its web view. */
export function miniProgramSharePath(webviewPage: string, rawUrl: string, siteHost: string): string {
  const url = pageUrl(rawUrl);
  // only this site's pages: the mini-program's web view opens nothing else
  if (registeredDomain(url.hostname) !== registeredDomain(siteHost)) {
    throw invalid({ url: ['只能分享本站的页面'] }, '只能分享本站的页面');
  }
  return `${webviewPage}?url=${encodeURIComponent(url.href)}`;
}
