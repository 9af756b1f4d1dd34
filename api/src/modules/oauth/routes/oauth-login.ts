import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AuthorizeUrlAnswer, OAuthCallbackQuery, OAuthProviderParams, OAuthRedirectQuery } from 'contracts';
import { platformOf } from '../../accounts/fields';
import { requireRecentProof } from '../../accounts/services/account-events';
import { requireActiveUser } from '../../accounts/guards';
import { callbackFailure } from '../callback-page';
import { CallbackFailure, type OAuthLogin } from '../services/oauth-login';

/**
 * Third-party login (SPEC §4, §7): GET /api/login/{provider}/ answers `{url}`, the provider's authorisation
 * page with a `state` bound to this browser; the provider sends the browser back to
 * GET /api/login/{provider}/callback/, which logs in (see OAuthLogin) and goes to the site's home page.
 *
 * Binding: POST /api/trd-account-bind/{provider}/authorize/ answers the same authorisation page with a state that
 * names the logged-in account; the same callback then binds the identity to that account (if this browser is still
 * logged in as it) and goes to the account settings page.
 */
export async function oauthLoginRoutes(app: FastifyInstance, { oauth }: { oauth: OAuthLogin }): Promise<void> {
  app.get<{ Params: OAuthProviderParams; Querystring: OAuthRedirectQuery }>(
    '/api/login/:provider/',
    {
      config: { rateLimit: 'login' },
      schema: { tags: ['第三方登录'], params: OAuthProviderParams, querystring: OAuthRedirectQuery, response: { 200: AuthorizeUrlAnswer } },
    },
    async (request, reply) => {
      const { provider } = request.params;
      return { url: await oauth.authorizeUrl(request, reply, provider, platformOf(request.query.platform, provider), null) };
    },
  );

  app.post<{ Params: OAuthProviderParams }>(
    '/api/trd-account-bind/:provider/authorize/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['第三方账号'],
        summary: '绑定第三方账号：授权页地址（授权后回到本站，绑定到当前账号）',
        params: OAuthProviderParams,
        response: { 200: AuthorizeUrlAnswer },
      },
    },
    async (request, reply) => {
      const loggedIn = requireActiveUser(request);
      requireRecentProof(request, loggedIn);
      return { url: await oauth.authorizeUrl(request, reply, request.params.provider, '', loggedIn.user.id) };
    },
  );

  app.get<{ Params: OAuthProviderParams; Querystring: OAuthCallbackQuery }>(
    '/api/login/:provider/callback/',
    {
      config: { rateLimit: 'login' },
      schema: {
        tags: ['第三方登录'],
        params: OAuthProviderParams,
        querystring: OAuthCallbackQuery,
        response: { 302: Type.Null({ description: '登录成功，转到站点首页（Cookie nextPath=trd-login）' }) },
      },
      // a bad query from a provider still gets the page, not bare JSON
      errorHandler: (error, request, reply) => void callbackFailure(request, reply, error),
    },
    async (request, reply) => {
      try {
        return reply.redirect(await oauth.callback(request, reply, request.params.provider, request.query), 302);
      } catch (err) {
        if (err instanceof CallbackFailure) return callbackFailure(request, reply, err.error, err.purpose);
        throw err;
      }
    },
  );
}
