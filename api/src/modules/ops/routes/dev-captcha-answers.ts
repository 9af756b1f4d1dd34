import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled } from '../../../core/config';
import { ApiError } from '../../../core/http/errors';
import { messages } from '../../../core/http/validation';
import { ID_PATTERN } from '../../captcha/store';

const Query = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: ID_PATTERN.source, description: '验证码 id（captchaId）', ...messages('验证码 id 不正确', '缺少验证码 id') }),
});

const Answer = Type.Object({
  kind: Type.String({ description: 'slide / click / drag / rotate / login' }),
  answer: Type.Unknown({ description: '服务器保存的正确答案：slide {x}，click {points:[{x,y,r}]}，drag {x,y}，rotate {angle}' }),
});

/**
 * GET /api/dev/captcha-answer/?id=: the secret answer of a live challenge, without spending it, so that browser
 * journeys can solve each captcha variant through its real UI. Registered only in development and test mode:
 * production has no such route, not even with DEV_OUTBOX=1 (it would defeat every captcha).
 */
export async function devCaptchaAnswerRoutes(app: FastifyInstance): Promise<void> {
  if (!devRoutesEnabled(app.accountsConfig)) return;
  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/dev/captcha-answer/',
    { config: { rateLimit: false }, schema: { tags: ['开发'], querystring: Query, response: { 200: Answer } } },
    async (request) => {
      const [row] = await app.db.query<{ kind: string; answer: unknown }>(
        'SELECT kind, answer FROM captcha_challenges WHERE id = $1 AND expire_time > now()',
        [request.query.id],
      );
      if (!row) throw new ApiError(404, 'captcha_not_found', '验证码不存在或已过期');
      return row;
    },
  );
}
