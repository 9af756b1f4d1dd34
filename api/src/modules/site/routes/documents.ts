import { SdkPage, SdkQuery, SiteDocument, SiteIcp } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { SiteDocumentKind } from '../repositories/site-documents';
import { pageOfSdks, siteDocument, siteIcp } from '../services/documents';

const TAGS = ['站点'];
const READ = { rateLimit: 'read' } as const;

/**
 * GET /api/user-agreement/, /api/user-privacy/, /api/sdk-list/ and /api/site-icp/ (SPEC §7 "App and site"): the
 * site's own texts, from the database (seeded by migration 0041, edited by operators).
 */
export async function siteDocumentRoutes(app: FastifyInstance): Promise<void> {
  const documentRoute = (path: string, kind: SiteDocumentKind, summary: string) =>
    app.get(path, { config: READ, schema: { tags: TAGS, summary, response: { 200: SiteDocument } } }, async () => siteDocument(app, kind));
  documentRoute('/api/user-agreement/', 'user_agreement', '用户服务协议');
  documentRoute('/api/user-privacy/', 'user_privacy', '隐私政策');

  app.get<{ Querystring: SdkQuery }>(
    '/api/sdk-list/',
    { config: READ, schema: { tags: TAGS, summary: '第三方SDK列表', querystring: SdkQuery, response: { 200: SdkPage } } },
    async (request) => pageOfSdks(app, request, request.query.platform),
  );

  app.get(
    '/api/site-icp/',
    { config: READ, schema: { tags: TAGS, summary: '备案信息', response: { 200: SiteIcp } } },
    async () => siteIcp(app),
  );
}
