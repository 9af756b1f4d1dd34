import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CodeSent } from '../fields';
import { CountryCodeField, MobileField, parsePhone } from '../phone';
import { codeSent, SMS_REASONS } from '../verification-codes';
import { messages, StringEnum } from '../../../core/http/validation';

const Body = Type.Object(
  {
    mobile: MobileField('手机号（可带空格）', '手机号不能为空'),
    reason: StringEnum(SMS_REASONS, {
      description: 'REGISTER 注册或更换手机号，LOGIN 登录或身份验证，FIND_PWD 找回密码，TRD_ACTIVE 绑定手机号激活',
      ...messages('验证码用途不正确', '请选择验证码用途'),
    }),
    country_code: CountryCodeField,
  },
  { additionalProperties: false },
);

/**
 * POST /api/codes/: sends an SMS code. The answer never depends on whether the phone has an account (no lookup
 * is made at all): only the caps of the phone and the address decide.
 */
export async function codeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/codes/',
    { config: { rateLimit: 'sms' }, schema: { tags: ['账号'], body: Body, response: { 200: CodeSent } } },
    async (request) => {
      const phone = parsePhone(request.body.mobile, request.body.country_code);
      await app.codes.sendSms(phone, request.body.reason);
      return codeSent('验证码已发送');
    },
  );
}
