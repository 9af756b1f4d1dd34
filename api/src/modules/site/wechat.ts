import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalid } from '../../core/http/errors';
import { messages, Text } from '../../core/http/validation';
import { ProviderError } from '../../infra/providers/http-transport';
import type { SiteConfig } from './config';
import { jsapiSignature, type JsapiTicketProvider } from './jsapi-ticket';

const UrlBody = Type.Object(
  { url: Text({ minLength: 1, maxLength: 2048, description: '页面完整地址（http 或 https）', ...messages('页面地址不正确', '请提供页面地址') }) },
  { additionalProperties: false },
);

const SignAnswer = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: '秒' }),
  nonceStr: Type.String(),
  signature: Type.String({ description: 'sha1，十六进制' }),
});

const ShareAnswer = Type.Object({ url: Type.String({ description: '小程序内打开该页面的路径' }) });

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

/**
 * POST /api/wx-jsapi-sign/ (the WeChat JS-SDK's wx.config signature for a page of the chat app's browser) and
 * POST /api/wxmini-share-url/ (the mini-program path that opens a site page in its web view, for sharing).
 */
export async function wechatRoutes(app: FastifyInstance, options: { tickets: JsapiTicketProvider; config: SiteConfig }): Promise<void> {
  app.post<{ Body: Static<typeof UrlBody> }>(
    '/api/wx-jsapi-sign/',
    { schema: { tags: ['站点'], summary: '微信 JS-SDK 签名', body: UrlBody, response: { 200: SignAnswer } } },
    async (request) => {
      pageUrl(request.body.url);
      let ticket: string;
      try {
        ticket = await options.tickets.ticket();
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        request.log.error({ err }, 'jsapi_ticket failed');
        throw new ApiError(503, 'provider_unavailable', '微信服务暂时不可用，请稍后重试');
      }
      const timestamp = Math.floor(app.now().getTime() / 1000);
      const nonceStr = randomBytes(12).toString('base64url');
      // signed exactly as the page sent it (location.href), less the fragment: WeChat compares the text
      const signature = jsapiSignature({ ticket, nonceStr, timestamp, url: request.body.url });
      return { appId: options.tickets.appId, timestamp, nonceStr, signature };
    },
  );

  app.post<{ Body: Static<typeof UrlBody> }>(
    '/api/wxmini-share-url/',
    { schema: { tags: ['站点'], summary: '小程序分享路径', body: UrlBody, response: { 200: ShareAnswer } } },
    async (request) => {
      const url = pageUrl(request.body.url);
      // only this site's pages (any of its sub-sites): the mini-program's web view opens nothing else
      if (registeredDomain(url.hostname) !== registeredDomain(request.hostname)) {
        throw invalid({ url: ['只能分享本站的页面'] }, '只能分享本站的页面');
      }
      return { url: `${options.config.miniAppWebviewPage}?url=${encodeURIComponent(url.href)}` };
    },
  );
}
