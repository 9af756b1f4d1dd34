import {
  CAPTCHA_REP_CODE,
  CaptchaCheckAnswer,
  CaptchaCheckBody,
  CaptchaIssueAnswer,
  type CaptchaIssueBody,
  CaptchaOptionalIssueBody,
  LoginCaptchaAnswer,
  LoginCaptchaQuery,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { locateCaptchaFont } from '../font';
import { checkChallenge, issueChallenge, LIMITED } from '../services/challenges';
import { imageRequestLimits } from '../services/limits';
import { issueLoginCaptcha } from '../services/login-captcha';

const TAGS = ['安全验证'];

/**
 * The security check (SPEC §3 "Captcha", §7): POST /api/captcha/ issues a challenge, POST /api/captcha/check/
 * answers it and trades a right answer for a one-use token (app.captchaTokens), GET /api/captcha/login/ issues
 * the login form's text captcha (checked by verifyLoginCaptcha). Refuses to start without a CJK font.
 */
export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  // no CJK font, no start; the drawing code (Skia) and the font itself are loaded by the first challenge
  locateCaptchaFont();
  const overLimit = imageRequestLimits(app.db);

  app.post<{ Body: CaptchaIssueBody | null | undefined }>(
    '/api/captcha/',
    {
      // limited by its own per-minute counts (repCode 6201): a 429 here would ask for a captcha to get a captcha
      config: { rateLimit: false },
      schema: {
        tags: TAGS,
        summary: '获取安全验证（滑块、点选、拖动、旋转）；不带请求体时由服务器选择类型',
        body: CaptchaOptionalIssueBody,
        response: { 200: CaptchaIssueAnswer },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      if (await overLimit(request.ip, body.clientUid, request.log)) return LIMITED;
      return issueChallenge(app, body.captchaType);
    },
  );

  app.post<{ Body: CaptchaCheckBody }>(
    '/api/captcha/check/',
    {
      schema: {
        tags: TAGS,
        summary: '校验安全验证的答案；答对返回一次性凭证（请求头 X-Captcha-Token）',
        body: CaptchaCheckBody,
        response: { 200: CaptchaCheckAnswer },
      },
    },
    // the token is bound to this address: it lifts a 429 here only (infra/security/captcha-tokens.ts)
    async (request) => checkChallenge(app, request.body, request.ip, request.log),
  );

  app.get<{ Querystring: LoginCaptchaQuery }>(
    '/api/captcha/login/',
    {
      config: { rateLimit: false },
      schema: {
        tags: TAGS,
        summary: '登录表单的图形验证码（5 分钟内有效，只能校验一次）',
        querystring: LoginCaptchaQuery,
        response: { 200: LoginCaptchaAnswer },
      },
    },
    async (request) => {
      if (await overLimit(request.ip, request.query.clientUid, request.log)) return LIMITED;
      return { repCode: CAPTCHA_REP_CODE.ok, repMsg: '成功', ...(await issueLoginCaptcha(app)) };
    },
  );
}
