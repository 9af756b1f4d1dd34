import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { orderBy, OrderingQuery, type OrderingOptions } from '../../../core/http/ordering';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { StringEnum } from '../../../core/http/validation';

export const PLATFORMS = ['android', 'ios', 'pc'] as const;

const ordering: OrderingOptions = {
  fields: {
    create_time: 'create_time',
    // numeric, not text order: 1.10.0 after 1.9.0 (the table's CHECK keeps versions dotted numbers)
    version: "string_to_array(version, '.')::int[]",
  },
  default: '-create_time',
  tieBreaker: 'id',
};

const Query = Type.Object(
  {
    ...PageQuery,
    ...OrderingQuery(ordering),
    platform: Type.Optional(StringEnum(PLATFORMS, { description: '平台' })),
  },
  { additionalProperties: true },
);

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

/** GET /api/app-version-detail/ (SPEC §7 "App and site"): released versions, newest first. */
export async function appVersionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/app-version-detail/',
    { config: { rateLimit: 'read' }, schema: { querystring: Query, response: { 200: PageSchema(AppVersion) } } },
    async (request) => {
      const { platform } = request.query;
      const order = orderBy(request.query.ordering, ordering);
      const where = platform ? 'WHERE platform = $1' : '';
      const params = platform ? [platform] : [];
      return paginate(request, {
        count: async () => {
          const [row] = await app.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM app_versions ${where}`,
            params,
          );
          return row.n;
        },
        fetch: (limit, offset) =>
          app.db.query<AppVersionRow>(
            `SELECT id, platform, version, download_url, notes, force_update, create_time
               FROM app_versions ${where} ${order}
              LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          ),
      });
    },
  );
}
