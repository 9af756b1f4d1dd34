import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PageSchema, TrdAccount, TrdAccountQuery, TrdBindBody, TrdProviderParams } from 'contracts';
import { requireActiveUser } from '../guards';
import { bindByCode, trdAccountPage, unbind } from '../services/trd-accounts';

/**
 * GET /api/trd-account-bind/ (the account's linked platforms), POST (link one by an authorisation code the client
 * got itself: the mini-program, WeChat, Alipay) and DELETE /api/trd-account-bind/{provider}/ (unlink one). Linking
 * through a provider's authorisation page (every OAuth provider) is in routes/oauth-login.ts.
 */
export async function trdAccountRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: TrdAccountQuery }>(
    '/api/trd-account-bind/',
    { config: { rateLimit: 'read' }, schema: { tags: ['第三方账号'], querystring: TrdAccountQuery, response: { 200: PageSchema(TrdAccount) } } },
    async (request) => trdAccountPage(request, requireActiveUser(request).user),
  );

  app.post<{ Body: TrdBindBody }>(
    '/api/trd-account-bind/',
    { config: { rateLimit: 'account' }, schema: { tags: ['第三方账号'], body: TrdBindBody, response: { 201: TrdAccount } } },
    async (request, reply) => {
      return reply.code(201).send(await bindByCode(request, requireActiveUser(request), request.body.provider, request.body.code));
    },
  );

  app.delete<{ Params: TrdProviderParams }>(
    '/api/trd-account-bind/:provider/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['第三方账号'],
        summary: '解绑第三方账号（不能解绑唯一的登录方式）',
        params: TrdProviderParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await unbind(request, requireActiveUser(request), request.params.provider);
      return reply.code(204).send();
    },
  );
}
