import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../../accounts/browser-key';
import { robotsTxt } from '../services/robots';
import type { SitemapAnswer, Sitemaps } from '../services/sitemaps';

export interface SeoRouteOptions {
  sitemaps: Sitemaps;
  /** SITE_ORIGIN; unset (development, test): the API's own address. */
  siteOrigin?: string;
  /** Cache-Control max-age of these files, in seconds. */
  maxAgeS: number;
}

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const READ = { rateLimit: 'read' } as const;
const HIDDEN = { hide: true } as const;

/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/<name> at the API's root, not under /api/: the shell's server passes
 * these exact paths on, so crawlers find them at the site's root (docs/seo.md).
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRouteOptions): Promise<void> {
  const { sitemaps } = options;
  const cache = `public, max-age=${options.maxAgeS}`;
  const origin = (request: FastifyRequest) => siteOrigin(request, options.siteOrigin);

  app.get('/robots.txt', { config: READ, schema: HIDDEN }, async (request, reply) =>
    reply.header('Cache-Control', cache).type(TEXT).send(robotsTxt(origin(request))),
  );

  app.get('/sitemap.xml', { config: READ, schema: HIDDEN }, async (request, reply) =>
    sendSitemap(request, reply, cache, await sitemaps.index(origin(request))),
  );

  // a wildcard, so that '/sitemaps/' and deeper paths get the same plain 404 as an unknown name
  app.get<{ Params: { '*': string } }>('/sitemaps/*', { config: READ, schema: HIDDEN }, async (request, reply) => {
    const answer = await sitemaps.child(origin(request), request.params['*']);
    if (!answer) return reply.code(404).header('Cache-Control', cache).type(TEXT).send('没有这个站点地图\n');
    return sendSitemap(request, reply, cache, answer);
  });
}

/** The answer with its validators; 304 when the crawler already holds this version. */
function sendSitemap(request: FastifyRequest, reply: FastifyReply, cache: string, answer: SitemapAnswer): FastifyReply {
  reply.header('Cache-Control', cache).header('ETag', answer.etag);
  if (answer.lastmod) reply.header('Last-Modified', new Date(answer.lastmod).toUTCString());
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) return reply.code(304).send();
  const body = typeof answer.body === 'string' ? answer.body : Readable.from(answer.body);
  return reply.type(XML).send(body);
}
