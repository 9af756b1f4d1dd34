import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeField, Done, LoginAnswer, PasswordField, PlatformField, platformOf, ShareAppKeyField } from '../fields';
import { CountryCodeField, MobileField } from '../phone';
import { endSession } from '../sessions';
import { codeLogin, miniAppLogin, tokenLogin } from '../services/login';
import { messages, Text } from '../../../core/http/validation';

const TokenBody = Type.Object(
  {
    username: MobileField('手机号（可带 +区号 前缀）'),
    password: Type.Optional(PasswordField()),
    code: Type.Optional(CodeField),
    login_type: Type.Integer({
      minimum: 1,
      maximum: 4,
      description: '1 密码，2 短信验证码，3 第三方，4 扫码',
      ...messages('登录方式不正确', '请选择登录方式'),
    }),
    platform: PlatformField,
    country_code: CountryCodeField,
    captcha_key: Type.Optional(Text({ maxLength: 100, description: '登录表单图形验证码的 captcha_key（GET /api/captcha/login/）' })),
    captcha_value: Type.Optional(Text({ maxLength: 32, description: '用户输入的图形验证码' })),
  },
  { additionalProperties: false },
);

const LoginCodeBody = Type.Object(
  {
    mobile: Type.Optional(MobileField()),
    username: Type.Optional(MobileField('同 mobile（二选一）')),
    code: CodeField,
    country_code: CountryCodeField,
    platform: PlatformField,
    share_app_key: ShareAppKeyField,
  },
  { additionalProperties: false },
);

const MiniAppBody = Type.Object(
  {
    code: Text({ minLength: 1, maxLength: 128, description: 'wx.login() 得到的 code', ...messages('登录凭证不正确', '缺少登录凭证') }),
    platform: PlatformField,
  },
  { additionalProperties: false },
);

/**
 * POST /api/token/ (login by password or SMS code), POST /api/login-code/ (SMS quick login, creating the
 * account), POST /api/wxminiapp-login/ and POST /api/logout/.
 */
export async function loginRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof TokenBody> }>(
    '/api/token/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: TokenBody, response: { 200: LoginAnswer } } },
    async (request, reply) => tokenLogin(request, reply, request.body, platformOf(request.body.platform)),
  );

  app.post<{ Body: Static<typeof LoginCodeBody> }>(
    '/api/login-code/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: LoginCodeBody, response: { 200: LoginAnswer } } },
    async (request, reply) => codeLogin(request, reply, request.body, platformOf(request.body.platform)),
  );

  app.post<{ Body: Static<typeof MiniAppBody> }>(
    '/api/wxminiapp-login/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: MiniAppBody, response: { 200: LoginAnswer } } },
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
