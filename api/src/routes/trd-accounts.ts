import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../auth/guards';
import { TRD_PROVIDERS } from '../auth/third-party';
import { ApiError } from '../http/errors';
import { PageQuery, PageSchema, paginate } from '../http/pagination';
import { messages, StringEnum, Text } from '../http/validation';
import { ProviderError } from '../providers/http-transport';

const TrdAccount = Type.Object({
  id: Type.Integer(),
  provider: Type.String({ description: TRD_PROVIDERS.join(' / ') }),
  nickname: Type.String(),
  avatar: Type.String(),
  create_time: Type.String({ format: 'date-time' }),
});
const ListQuery = Type.Object({ ...PageQuery });
const BindBody = Type.Object(
  {
    provider: StringEnum(TRD_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方平台', '请选择第三方平台') }),
    code: Text({ minLength: 1, maxLength: 512, description: '该平台的授权 code', ...messages('授权码不正确', '缺少授权码') }),
  },
  { additionalProperties: false },
);

/** GET /api/trd-account-bind/ (the account's linked platforms) and POST (link one by its authorisation code). */
export async function trdAccountRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/trd-account-bind/',
    { config: { rateLimit: 'read' }, schema: { tags: ['第三方账号'], querystring: ListQuery, response: { 200: PageSchema(TrdAccount) } } },
    async (request) => {
      const { user } = requireActiveUser(request);
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trd_accounts WHERE user_id = $1', [user.id]))[0].n,
        fetch: (limit, offset) =>
          app.db.query(
            `SELECT id, provider, nickname, avatar, create_time FROM trd_accounts WHERE user_id = $1
              ORDER BY create_time, id LIMIT $2 OFFSET $3`,
            [user.id, limit, offset],
          ),
      });
    },
  );

  app.post<{ Body: Static<typeof BindBody> }>(
    '/api/trd-account-bind/',
    { config: { rateLimit: 'account' }, schema: { tags: ['第三方账号'], body: BindBody, response: { 201: TrdAccount } } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const { provider, code } = request.body;
      const resolve = app.thirdPartyIdentities.get(provider);
      if (!resolve) throw new ApiError(400, 'provider_unsupported', '暂不支持绑定该平台账号');
      let identity;
      try {
        identity = await resolve(code);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        request.log.error({ err }, 'third-party identity lookup failed');
        throw new ApiError(503, 'provider_unavailable', '第三方平台暂时不可用，请稍后重试');
      }
      if (!identity) throw new ApiError(400, 'trd_code_invalid', '授权已失效，请重新授权');
      const [bound] = await app.db.query<{ user_id: number }>(
        'SELECT user_id FROM trd_accounts WHERE provider = $1 AND openid = $2',
        [provider, identity.openid],
      );
      if (bound?.user_id === user.id) throw new ApiError(400, 'already_bound', '您已绑定该账号');
      if (bound) throw new ApiError(409, 'trd_bound_elsewhere', '该第三方账号已绑定其他用户');
      const [row] = await app.db.query(
        `INSERT INTO trd_accounts (user_id, provider, openid, unionid, nickname, avatar, create_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING
         RETURNING id, provider, nickname, avatar, create_time`,
        [user.id, provider, identity.openid, identity.unionid, identity.nickname ?? '', identity.avatar ?? '', app.now()],
      );
      if (!row) throw new ApiError(409, 'provider_bound', '您已绑定过该平台的其他账号，请先解绑');
      return reply.code(201).send(row);
    },
  );
}
