import type { FastifyInstance } from 'fastify';
import { CodeSent, SendCodeBody } from 'contracts';
import { requireActiveUser } from '../guards';
import { sendOwnCode, sendSmsCode } from '../services/codes';
import { codeSent } from '../verification-codes';

/**
 * POST /api/codes/: sends an SMS code. The answer never depends on whether the phone has an account (no lookup
 * is made at all): only the caps of the phone and the address, the session (its own phone) and a solved captcha
 * decide.
 */
export async function codeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SendCodeBody }>(
    '/api/codes/',
    { config: { rateLimit: 'sms' }, schema: { tags: ['账号'], body: SendCodeBody, response: { 200: CodeSent } } },
    async (request) => {
      await sendSmsCode(request, request.body);
      return codeSent('验证码已发送');
    },
  );
  app.post(
    '/api/codes/self/',
    { config: { rateLimit: 'sms' }, schema: { tags: ['账号'], summary: '向本账号绑定的手机号发送验证码（身份验证）', response: { 200: CodeSent } } },
    async (request) => {
      await sendOwnCode(request, requireActiveUser(request).user);
      return codeSent('验证码已发送至你绑定的手机');
    },
  );
}
