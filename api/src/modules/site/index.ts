import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { fetchTransport } from '../../infra/providers/http-transport';
import { loadSiteConfig, type SiteConfig } from './config';
import { appVersionRoutes } from './routes/app-versions';
import { siteDocumentRoutes } from './routes/documents';
import { feedbackRoutes } from './routes/feedback';
import { wechatRoutes } from './routes/wechat';
import { wxJsapiTickets, wxMpSimulator, type JsapiTicketProvider } from './services/jsapi-ticket';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WeChat JS-SDK ticket source: the real official-account adapter or its simulator, by configuration. */
    jsapiTickets: JsapiTicketProvider;
  }
}

export interface SiteOptions extends Record<string, unknown> {
  /** Default: loadSiteConfig(process.env, mode). */
  config?: SiteConfig;
}

/**
 * The site endpoints of SPEC §7 "App and site" (issue 5): app and PC client versions, download clicks, the user
 * agreement, privacy policy, SDK list and ICP record, and the WeChat JS-SDK signature and mini-program share path.
 * Feedback (POST and GET /api/feedback/) needs a logged-in user. POST /api/report_error/ is the ops module's.
 */
export const siteModule = defineModule<SiteOptions>('site', ['core', 'accounts'], async (app: FastifyInstance, options) => {
  const config = options.config ?? loadSiteConfig(process.env, app.accountsConfig.mode);
  const transport = config.wxMp.provider === 'real' ? fetchTransport() : wxMpSimulator(config.wxMp, app.now);
  const tickets = wxJsapiTickets(config.wxMp, transport, app.db, app.now);
  app.decorate('jsapiTickets', tickets);
  await app.register(appVersionRoutes);
  await app.register(siteDocumentRoutes);
  await app.register(wechatRoutes, { tickets, config });
  await app.register(feedbackRoutes);
});
