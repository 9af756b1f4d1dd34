import { Type, type Static } from '@sinclair/typebox';
import { DevOutboxAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { CountryCodeField, MobileField, parsePhone } from '../../accounts/phone';
import { devRoutesEnabled } from '../../../core/config';
import { invalid } from '../../../core/http/errors';
import { messages } from '../../../core/http/validation';
import { aliyunPhoneNumber } from '../../../infra/providers/sms';

// the query stays here until the accounts module's phone fields are in the contract
const Query = Type.Object({
  mobile: Type.Optional(MobileField('收件手机号')),
  country_code: CountryCodeField,
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254, ...messages('邮箱格式不正确') })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, ...messages('条数应为1到50') })),
});

/**
 * GET /api/dev/outbox/?mobile=&country_code= or ?email=: what the SMS and e-mail simulators delivered, newest
 * first. Registered only in development and test mode: production has no such route, not even with DEV_OUTBOX=1
 * (a staging site's simulators still deliver into the outbox table and the log).
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const outbox = app.devOutbox;
  if (!devRoutesEnabled(app.accountsConfig) || !outbox) return;
  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/dev/outbox/',
    {
      config: { rateLimit: false },
      schema: { tags: ['开发'], querystring: Query, response: { 200: DevOutboxAnswer } },
    },
    async (request) => {
      const { mobile, country_code: countryCode, email, limit = 10 } = request.query;
      if (mobile !== undefined) {
        return { results: await outbox.list('sms', aliyunPhoneNumber(parsePhone(mobile, countryCode)), limit) };
      }
      if (email !== undefined) return { results: await outbox.list('email', email.toLowerCase(), limit) };
      throw invalid({ mobile: ['请填写 mobile 或 email'] }, '请填写 mobile 或 email');
    },
  );
}
