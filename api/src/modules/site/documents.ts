import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../core/http/pagination';
import { StringEnum } from '../../core/http/validation';

const SiteDocument = Type.Object({
  title: Type.String(),
  version: Type.String(),
  effective_date: Type.String({ description: '生效日期 YYYY-MM-DD' }),
  content: Type.String({ description: '纯文本正文，段落之间空一行' }),
  update_time: Type.String({ format: 'date-time' }),
});

type DocumentRow = Omit<Static<typeof SiteDocument>, 'update_time'> & { update_time: Date };

const PLATFORMS = ['android', 'ios'] as const;

const Sdk = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Type.String(),
  purpose: Type.String({ description: '使用目的' }),
  data_collected: Type.String({ description: '收集的个人信息' }),
  platforms: Type.Array(StringEnum(PLATFORMS)),
  privacy_url: Type.String({ description: '第三方隐私政策链接' }),
});

const SdkQuery = Type.Object(
  { ...PageQuery, platform: Type.Optional(StringEnum(PLATFORMS, { description: '只列出该平台的 SDK' })) },
  { additionalProperties: true },
);

const Icp = Type.Object({
  icp: Type.String({ description: 'ICP 备案号' }),
  icp_url: Type.String(),
  police: Type.String({ description: '公安备案号，未备案为空' }),
  police_url: Type.String(),
  copyright: Type.String(),
});

const ICP_KEYS = { icp: 'icp_number', icp_url: 'icp_url', police: 'police_number', police_url: 'police_url', copyright: 'copyright' } as const;

/**
 * GET /api/user-agreement/, /api/user-privacy/, /api/sdk-list/ and /api/site-icp/ (SPEC §7 "App and site"): the
 * site's own texts, from the database (seeded by migration 0041, edited by operators).
 */
export async function siteDocumentRoutes(app: FastifyInstance): Promise<void> {
  const documentRoute = (path: string, kind: 'user_agreement' | 'user_privacy', summary: string) =>
    app.get(
      path,
      { config: { rateLimit: 'read' }, schema: { tags: ['站点'], summary, response: { 200: SiteDocument } } },
      async () => {
        const [row] = await app.db.query<DocumentRow>(
          'SELECT title, version, effective_date, content, update_time FROM site_documents WHERE kind = $1',
          [kind],
        );
        if (!row) throw new ApiError(404, 'not_found', '内容暂未发布');
        return row;
      },
    );
  documentRoute('/api/user-agreement/', 'user_agreement', '用户服务协议');
  documentRoute('/api/user-privacy/', 'user_privacy', '隐私政策');

  app.get<{ Querystring: Static<typeof SdkQuery> }>(
    '/api/sdk-list/',
    { config: { rateLimit: 'read' }, schema: { tags: ['站点'], summary: '第三方SDK列表', querystring: SdkQuery, response: { 200: PageSchema(Sdk) } } },
    async (request) => {
      const { platform } = request.query;
      // platforms is 'android', 'ios' or 'android,ios': position() finds the name in the list
      const where = `WHERE enabled${platform ? " AND position($1 IN platforms) > 0" : ''}`;
      const params = platform ? [platform] : [];
      return paginate(request, {
        count: async () => {
          const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sdk_list ${where}`, params);
          return row.n;
        },
        fetch: async (limit, offset) => {
          const rows = await app.db.query<Omit<Static<typeof Sdk>, 'platforms'> & { platforms: string }>(
            `SELECT id, name, company, purpose, data_collected, platforms, privacy_url FROM sdk_list ${where}
              ORDER BY sequence, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return rows.map((row) => ({ ...row, platforms: row.platforms.split(',') as (typeof PLATFORMS)[number][] }));
        },
      });
    },
  );

  app.get(
    '/api/site-icp/',
    { config: { rateLimit: 'read' }, schema: { tags: ['站点'], summary: '备案信息', response: { 200: Icp } } },
    async () => {
      // a handful of rows: read them all and pick
      const rows = await app.db.query<{ key: string; value: string }>('SELECT key, value FROM site_settings');
      const values = new Map(rows.map((r) => [r.key, r.value]));
      const answer = {} as Static<typeof Icp>;
      for (const [field, key] of Object.entries(ICP_KEYS) as [keyof typeof ICP_KEYS, string][]) answer[field] = values.get(key) ?? '';
      return answer;
    },
  );
}
