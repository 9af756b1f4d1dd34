import { Type } from '@sinclair/typebox';
import { AppDownClickAnswer, AppDownClickBody, AppUpdateQuery, AppVersionPage, AppVersionQuery, PcUpdateQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { orderBy, OrderingQuery } from '../../../core/http/ordering';
import { APP_VERSION_ORDERING } from '../repositories/app-versions';
import { mobilePlatformOf, pageOfAppVersions, recordDownloadClick } from '../services/app-versions';

const DetailQuery = Type.Object(
  { ...AppVersionQuery.properties, ...OrderingQuery(APP_VERSION_ORDERING) },
  { additionalProperties: true },
);
const TAGS = ['站点'];
const READ = { rateLimit: 'read' } as const;

/**
 * GET /api/app-version-detail/ (SPEC §7 "App and site"): released versions, newest first; GET /api/app-update/
 * and /api/pc-update/ (the update checks ask page 1 with page_size 1: the newest version, with force_update and
 * notes); POST /api/app-down-click/ (a click on a download button, counted).
 */
export async function appVersionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AppVersionQuery & { ordering?: string } }>(
    '/api/app-version-detail/',
    { config: READ, schema: { querystring: DetailQuery, response: { 200: AppVersionPage } } },
    async (request) =>
      pageOfAppVersions(app, request, { platform: request.query.platform, order: orderBy(request.query.ordering, APP_VERSION_ORDERING) }),
  );

  app.get<{ Querystring: AppUpdateQuery }>(
    '/api/app-update/',
    { config: READ, schema: { tags: TAGS, summary: '手机客户端版本（新版本在前）', querystring: AppUpdateQuery, response: { 200: AppVersionPage } } },
    async (request) => pageOfAppVersions(app, request, { platform: request.query.platform ?? mobilePlatformOf(request.headers['user-agent']) }),
  );

  app.get<{ Querystring: PcUpdateQuery }>(
    '/api/pc-update/',
    { config: READ, schema: { tags: TAGS, summary: '电脑客户端版本（新版本在前）', querystring: PcUpdateQuery, response: { 200: AppVersionPage } } },
    async (request) => pageOfAppVersions(app, request, { platform: 'pc' }),
  );

  app.post<{ Body: AppDownClickBody }>(
    '/api/app-down-click/',
    {
      config: { rateLimit: 'client-report' },
      bodyLimit: 4 * 1024,
      schema: { tags: TAGS, summary: '记录客户端下载点击', body: AppDownClickBody, response: { 201: AppDownClickAnswer } },
    },
    async (request, reply) => reply.code(201).send(await recordDownloadClick(app, request, request.body ?? {})),
  );
}
