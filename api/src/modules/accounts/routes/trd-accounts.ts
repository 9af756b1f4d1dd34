import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../guards';
import { bindIdentity, TRD_PROVIDERS, trdAccountOf } from '../third-party';
import { ApiError } from '../../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { messages, StringEnum, Text } from '../../../core/http/validation';
import { ProviderError } from '../../../infra/providers/http-transport';

const TrdAccount = Type.Object({
  id: Type.Integer(),
  provider: Type.String({ description: TRD_PROVIDERS.join(' / ') }),
  nickname: Type.String(),
  avatar: Type.String(),
  create_time: Type.String({ format: 'date-time' }),
});
const ListQuery = Type.Object({ ...PageQuery });
const ProviderParams = Type.Object({
  provider: StringEnum(TRD_PROVIDERS, { description: '第三方平台（alipayh5 即 alipay）', ...messages('不支持的第三方平台') }),
});
const BindBody = Type.Object(
  {
    provider: StringEnum(TRD_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方平台', '请选择第三方平台') }),
    code: Text({ minLength: 1, maxLength: 512, description: '该平台的授权 code', ...messages('授权码不正确', '缺少授权码') }),
  },
  { additionalProperties: false },
);

/**
 * GET /api/trd-account-bind/ (the account's linked platforms), POST (link one by an authorisation code the client
 * got itself: the mini-program, WeChat, Alipay) and DELETE /api/trd-account-bind/{provider}/ (unlink one). Linking
 * through a provider's authorisation page (every OAuth provider) is in routes/oauth-login.ts.
 */
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
      const source = app.thirdPartyIdentities.get(provider);
      if (!source) throw new ApiError(400, 'provider_unsupported', '暂不支持绑定该平台账号');
      if (!source.resolve) {
        throw new ApiError(400, 'trd_authorize_required', '请通过该平台的授权页面完成绑定', undefined, {
          authorize: `/api/trd-account-bind/${provider}/authorize/`,
        });
      }
      let identity;
      try {
        identity = await source.resolve(code);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        request.log.error({ err }, 'third-party identity lookup failed');
        throw new ApiError(503, 'provider_unavailable', '第三方平台暂时不可用，请稍后重试');
      }
      if (!identity) throw new ApiError(400, 'trd_code_invalid', '授权已失效，请重新授权');
      return reply.code(201).send(await bindIdentity(app, user.id, source.account, identity));
    },
  );

  app.delete<{ Params: Static<typeof ProviderParams> }>(
    '/api/trd-account-bind/:provider/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['第三方账号'],
        summary: '解绑第三方账号（不能解绑唯一的登录方式）',
        params: ProviderParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const account = trdAccountOf(request.params.provider);
      await app.db.transaction(async (tx) => {
        // the user row locked: two unbinds at once cannot remove the last two ways in
        const [owner] = await tx.query<{ mobile: string | null }>('SELECT mobile FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const rows = await tx.query<{ id: number; provider: string }>('SELECT id, provider FROM trd_accounts WHERE user_id = $1', [user.id]);
        const target = rows.find((r) => r.provider === account);
        if (!target) throw new ApiError(404, 'trd_not_bound', '您未绑定该平台账号');
        // a phone logs in by SMS code (and by password); without one, another platform must remain
        if (!owner?.mobile && rows.length === 1) {
          throw new ApiError(400, 'last_login_method', '这是您唯一的登录方式，请先绑定手机号再解绑');
        }
        await tx.query('DELETE FROM trd_accounts WHERE id = $1', [target.id]);
      });
      return reply.code(204).send();
    },
  );
}
