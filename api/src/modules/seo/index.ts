import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { seoRoutes } from './routes/seo';
import { SITEMAP_DEFAULTS, Sitemaps, type SitemapOptions } from './services/sitemaps';

export interface SeoOptions extends Record<string, unknown> {
  /** SITE_ORIGIN (the sitemap's URLs, robots.txt's Sitemap line); unset: the API's own address. */
  siteOrigin?: string;
  /** Page size, cache and batch of the sitemaps (tests make pages small); default SITEMAP_DEFAULTS. */
  sitemap?: Partial<SitemapOptions>;
}

/** How long a crawler or a proxy may keep robots.txt and the sitemaps. */
const MAX_AGE_S = 600;

/**
 * What search engines read first (issue 21): robots.txt and sitemap.xml with its children, at the API's root.
 * Lists the public documents and blogs with the content module's visibility rule; no routes under /api/.
 */
export const seoModule = defineModule<SeoOptions>('seo', ['core', 'infra', 'accounts', 'content'], async (app: FastifyInstance, options) => {
  const sitemaps = new Sitemaps(app.db, app.now, { ...SITEMAP_DEFAULTS, ...options.sitemap });
  await app.register(seoRoutes, { sitemaps, siteOrigin: options.siteOrigin, maxAgeS: MAX_AGE_S });
});
