import type { FastifyInstance } from 'fastify';
import { CodeSent, SendCodeBody } from 'contracts';
import { sendSmsCode } from '../services/codes';
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
}
