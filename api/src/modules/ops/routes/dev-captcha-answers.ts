import { DevCaptchaAnswer, DevCaptchaAnswerQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled } from '../../../core/config';
import { ApiError } from '../../../core/http/errors';
import { peekChallenge } from '../../captcha';

/**
 * GET /api/dev/captcha-answer/?id=: the secret answer of a live challenge, without spending it, so that browser
 * journeys can solve each captcha variant through its real UI. Registered only in development and test mode:
 * production has no such route, not even with DEV_OUTBOX=1 (it would defeat every captcha).
 */
export async function devCaptchaAnswerRoutes(app: FastifyInstance): Promise<void> {
  if (!devRoutesEnabled(app.accountsConfig)) return;
  app.get<{ Querystring: DevCaptchaAnswerQuery }>(
    '/api/dev/captcha-answer/',
    { config: { rateLimit: false }, schema: { tags: ['开发'], querystring: DevCaptchaAnswerQuery, response: { 200: DevCaptchaAnswer } } },
    async (request) => {
      const challenge = await peekChallenge(app.db, request.query.id);
      if (!challenge) throw new ApiError(404, 'captcha_not_found', '验证码不存在或已过期');
      return challenge;
    },
  );
}
