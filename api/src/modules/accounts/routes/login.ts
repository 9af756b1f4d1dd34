import type { FastifyInstance } from 'fastify';
import { Done, LoginAnswer, LoginCodeBody, MiniAppLoginBody, TokenLoginBody } from 'contracts';
import { platformOf } from '../fields';
import { endSession } from '../sessions';
import { codeLogin, miniAppLogin, tokenLogin } from '../services/login';

/**
 * POST /api/token/ (login by password or SMS code), POST /api/login-code/ (SMS quick login, creating the
 * account), POST /api/wxminiapp-login/ and POST /api/logout/.
 */
export async function loginRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: TokenLoginBody }>(
    '/api/token/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: TokenLoginBody, response: { 200: LoginAnswer } } },
    async (request, reply) => tokenLogin(request, reply, request.body, platformOf(request.body.platform)),
  );

  app.post<{ Body: LoginCodeBody }>(
    '/api/login-code/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: LoginCodeBody, response: { 200: LoginAnswer } } },
    async (request, reply) => codeLogin(request, reply, request.body, platformOf(request.body.platform)),
  );

  app.post<{ Body: MiniAppLoginBody }>(
    '/api/wxminiapp-login/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: MiniAppLoginBody, response: { 200: LoginAnswer } } },
    async (request, reply) => miniAppLogin(request, reply, request.body.code, platformOf(request.body.platform, 'weixin_miniapp')),
  );

  app.post(
    '/api/logout/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号'], response: { 200: Done } } },
    async (request, reply) => {
      await endSession(request, reply);
      return { detail: '已退出登录' };
    },
  );
}
