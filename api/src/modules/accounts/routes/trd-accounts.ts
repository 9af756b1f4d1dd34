import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../guards';
import { TRD_PROVIDERS } from '../third-party';
import { bindByCode, trdAccountPage, unbind } from '../services/trd-accounts';
import { PageQuery, PageSchema } from '../../../core/http/pagination';
import { messages, StringEnum, Text } from '../../../core/http/validation';

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
    async (request) => trdAccountPage(request, requireActiveUser(request).user),
  );

  app.post<{ Body: Static<typeof BindBody> }>(
    '/api/trd-account-bind/',
    { config: { rateLimit: 'account' }, schema: { tags: ['第三方账号'], body: BindBody, response: { 201: TrdAccount } } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      return reply.code(201).send(await bindByCode(request, user, request.body.provider, request.body.code));
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
      await unbind(request, requireActiveUser(request).user, request.params.provider);
      return reply.code(204).send();
    },
  );
}
