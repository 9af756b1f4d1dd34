import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageQuery, PageSchema, paginate } from '../../core/http/pagination';
import { PLATFORMS } from './routes/app-versions';
import { messages, StringEnum, Text } from '../../core/http/validation';

type Platform = (typeof PLATFORMS)[number];
const MOBILE = ['android', 'ios'] as const;

/** A row of app_versions, as /api/app-version-detail/ answers it. */
const AppVersion = Type.Object({
  id: Type.Integer(),
  platform: StringEnum(PLATFORMS),
  version: Type.String(),
  download_url: Type.String(),
  notes: Type.String(),
  force_update: Type.Boolean(),
  create_time: Type.String({ format: 'date-time' }),
});

type AppVersionRow = Omit<Static<typeof AppVersion>, 'create_time'> & { create_time: Date };

const MobileQuery = Type.Object(
  { ...PageQuery, platform: Type.Optional(StringEnum(MOBILE, { description: '平台；不填时按 User-Agent 判断' })) },
  { additionalProperties: true },
);
const PcQuery = Type.Object({ ...PageQuery }, { additionalProperties: true });

const ClickBody = Type.Object(
  {
    platform: Type.Optional(StringEnum(PLATFORMS, { description: '下载的平台；不填时按 User-Agent 判断', ...messages('平台参数不正确') })),
    source: Type.Optional(Text({ maxLength: 200, description: '点击所在的页面路径或入口名', ...messages('来源不能超过200个字符') })),
    version: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]{1,6}){0,3}$', description: '点击时展示的版本号', ...messages('版本号格式不正确') }),
    ),
  },
  { additionalProperties: false },
);

const ClickAnswer = Type.Object({
  detail: Type.String(),
  platform: StringEnum(PLATFORMS),
  download_url: Type.Union([Type.String(), Type.Null()], { description: '该平台最新版本的下载地址' }),
});

/** iPhone, iPad and iPod get the iOS build; everything else the Android one (the desktop client has its own route). */
export function mobilePlatformOf(userAgent: string | undefined): 'android' | 'ios' {
  return /iPhone|iPad|iPod/i.test(userAgent ?? '') ? 'ios' : 'android';
}

function platformOfRequest(request: FastifyRequest): Platform {
  const ua = request.headers['user-agent'] ?? '';
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return mobilePlatformOf(ua);
  return 'pc';
}

// newest version first: numeric, not text order (the table's CHECK keeps versions dotted numbers)
const NEWEST_FIRST = "ORDER BY string_to_array(version, '.')::int[] DESC, id DESC";

/**
 * GET /api/app-update/ and /api/pc-update/ (the update checks ask page 1 with page_size 1: the newest version,
 * with force_update and notes), POST /api/app-down-click/ (a click on a download button, counted).
 */
export async function appUpdateRoutes(app: FastifyInstance): Promise<void> {
  const versions = (request: FastifyRequest, platform: Platform) =>
    paginate(request, {
      count: async () => {
        const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_versions WHERE platform = $1', [platform]);
        return row.n;
      },
      fetch: (limit, offset) =>
        app.db.query<AppVersionRow>(
          `SELECT id, platform, version, download_url, notes, force_update, create_time
             FROM app_versions WHERE platform = $1 ${NEWEST_FIRST} LIMIT $2 OFFSET $3`,
          [platform, limit, offset],
        ),
    });

  app.get<{ Querystring: Static<typeof MobileQuery> }>(
    '/api/app-update/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['站点'], summary: '手机客户端版本（新版本在前）', querystring: MobileQuery, response: { 200: PageSchema(AppVersion) } },
    },
    async (request) => versions(request, request.query.platform ?? mobilePlatformOf(request.headers['user-agent'])),
  );

  app.get<{ Querystring: Static<typeof PcQuery> }>(
    '/api/pc-update/',
    {
      config: { rateLimit: 'read' },
      schema: { tags: ['站点'], summary: '电脑客户端版本（新版本在前）', querystring: PcQuery, response: { 200: PageSchema(AppVersion) } },
    },
    async (request) => versions(request, 'pc'),
  );

  app.post<{ Body: Static<typeof ClickBody> }>(
    '/api/app-down-click/',
    {
      config: { rateLimit: 'client-report' },
      bodyLimit: 4 * 1024,
      schema: { tags: ['站点'], summary: '记录客户端下载点击', body: ClickBody, response: { 201: ClickAnswer } },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const platform = body.platform ?? platformOfRequest(request);
      await app.db.query(
        `INSERT INTO app_download_clicks (platform, source, version, user_id, ip, user_agent, create_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          platform,
          body.source ?? '',
          body.version ?? '',
          request.user?.id ?? null,
          (request.ip ?? '').slice(0, 64),
          (request.headers['user-agent'] ?? '').slice(0, 500),
          app.now(),
        ],
      );
      const [latest] = await app.db.query<{ download_url: string }>(
        `SELECT download_url FROM app_versions WHERE platform = $1 ${NEWEST_FIRST} LIMIT 1`,
        [platform],
      );
      return reply.code(201).send({ detail: '已记录', platform, download_url: latest?.download_url ?? null });
    },
  );
}
