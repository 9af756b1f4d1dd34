import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { OAUTH_PROVIDERS } from '../../../infra/oauth/config';
import { PlatformField, platformOf } from '../../accounts/fields';
import { requireActiveUser } from '../../accounts/guards';
import { messages, StringEnum, Text } from '../../../core/http/validation';
import { callbackFailure } from '../callback-page';
import { CallbackFailure, type OAuthLogin } from '../services/oauth-login';

const ProviderParams = Type.Object({
  provider: StringEnum(OAUTH_PROVIDERS, { description: '第三方平台', ...messages('不支持的第三方登录方式') }),
});
const RedirectQuery = Type.Object({ platform: PlatformField });
const CallbackQuery = Type.Object({
  state: Type.Optional(Text({ maxLength: 200 })),
  code: Type.Optional(Text({ maxLength: 512 })),
  auth_code: Type.Optional(Text({ maxLength: 512 })),
});

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
  const UrlAnswer = Type.Object({ url: Type.String({ description: '第三方平台授权页地址' }) });
  app.get<{ Params: Static<typeof ProviderParams>; Querystring: Static<typeof RedirectQuery> }>(
    '/api/login/:provider/',
    {
      config: { rateLimit: 'login' },
      schema: { tags: ['第三方登录'], params: ProviderParams, querystring: RedirectQuery, response: { 200: UrlAnswer } },
    },
    async (request, reply) => {
      const { provider } = request.params;
      return { url: await oauth.authorizeUrl(request, reply, provider, platformOf(request.query.platform, provider), null) };
    },
  );

  app.post<{ Params: Static<typeof ProviderParams> }>(
    '/api/trd-account-bind/:provider/authorize/',
    {
      config: { rateLimit: 'account' },
      schema: {
        tags: ['第三方账号'],
        summary: '绑定第三方账号：授权页地址（授权后回到本站，绑定到当前账号）',
        params: ProviderParams,
        response: { 200: UrlAnswer },
      },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      return { url: await oauth.authorizeUrl(request, reply, request.params.provider, '', user.id) };
    },
  );

  app.get<{ Params: Static<typeof ProviderParams>; Querystring: Static<typeof CallbackQuery> }>(
    '/api/login/:provider/callback/',
    {
      config: { rateLimit: 'login' },
      schema: {
        tags: ['第三方登录'],
        params: ProviderParams,
        querystring: CallbackQuery,
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
