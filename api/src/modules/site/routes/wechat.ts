import { WxJsapiSignAnswer, WxMiniShareAnswer, WxPageUrlBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../config';
import type { JsapiTicketProvider } from '../services/jsapi-ticket';
import { miniProgramSharePath, signPage } from '../services/wechat';

const TAGS = ['站点'];

/**
 * POST /api/wx-jsapi-sign/ (the WeChat JS-SDK's wx.config signature for a page of the chat app's browser) and
 * POST /api/wxmini-share-url/ (the mini-program path that opens a site page in its web view, for sharing).
 */
export async function wechatRoutes(app: FastifyInstance, options: { tickets: JsapiTicketProvider; config: SiteConfig }): Promise<void> {
  app.post<{ Body: WxPageUrlBody }>(
    '/api/wx-jsapi-sign/',
    { schema: { tags: TAGS, summary: '微信 JS-SDK 签名', body: WxPageUrlBody, response: { 200: WxJsapiSignAnswer } } },
    async (request) => signPage(options.tickets, request.body.url, app.now(), request.log),
  );

  app.post<{ Body: WxPageUrlBody }>(
    '/api/wxmini-share-url/',
    { schema: { tags: TAGS, summary: '小程序分享路径', body: WxPageUrlBody, response: { 200: WxMiniShareAnswer } } },
    async (request) => ({ url: miniProgramSharePath(options.config.miniAppWebviewPage, request.body.url, request.hostname) }),
  );
}
