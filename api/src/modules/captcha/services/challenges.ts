import { CAPTCHA_REP_CODE, CAPTCHA_TYPES, type CaptchaCheckAnswer, type CaptchaCheckBody, type CaptchaIssueAnswer, type CaptchaType } from 'contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { CHALLENGE_TTL_S } from '../config';
import { loadCaptchaFont } from '../font';
import { pick } from '../random';
import { saveChallenge, takeChallenge } from '../repositories/challenges';

const TOKEN_TTL_S = 120;

/** The drawing code (Skia) is loaded by the first challenge, not at start-up. */
const challenges = () => import('../challenges').then((m) => m.CHALLENGES);

/** The answer to an image request over the per-minute limit: no image. */
export const LIMITED = { repCode: CAPTCHA_REP_CODE.limited, repMsg: '获取验证码过于频繁，请稍后再试' } as const;

/** Draws a challenge of the given type (the server picks one without), stores its secret answer, answers its public fields. */
export async function issueChallenge(app: FastifyInstance, type: CaptchaType | undefined): Promise<CaptchaIssueAnswer> {
  const captchaType = type ?? pick(CAPTCHA_TYPES);
  const { data, answer } = await (await challenges())[captchaType].generate(loadCaptchaFont());
  const captchaId = await saveChallenge(app.db, captchaType, answer, CHALLENGE_TTL_S);
  return { repCode: CAPTCHA_REP_CODE.ok, repMsg: '成功', captchaId, captchaType, expiresIn: CHALLENGE_TTL_S, data };
}

/**
 * Checks an answer, spending the challenge whatever the outcome, and trades a right one for a one-use token
 * (app.captchaTokens) that lifts a 429 for the client at `client` (the address that answered) only. 400
 * captcha_expired / captcha_wrong (with their repCodes) otherwise.
 */
export async function checkChallenge(
  app: FastifyInstance,
  body: CaptchaCheckBody,
  client: string,
  log: FastifyBaseLogger,
): Promise<CaptchaCheckAnswer> {
  const { captchaType, id, verify_value: raw } = body;
  const verifyValue = typeof raw === 'string' ? raw : `${raw.x},${raw.y}`;
  const challenge = await takeChallenge(app.db, id, 'image');
  if (!challenge || !challenge.live) {
    throw new ApiError(400, 'captcha_expired', '验证码已失效，请重新获取', undefined, { repCode: CAPTCHA_REP_CODE.expired });
  }
  const right = challenge.kind === captchaType && (await challenges())[captchaType].check(challenge.answer, verifyValue);
  if (!right) throw new ApiError(400, 'captcha_wrong', '验证失败，请重试', undefined, { repCode: CAPTCHA_REP_CODE.wrong });
  let token: string;
  try {
    token = await app.captchaTokens.issue(client, TOKEN_TTL_S * 1000);
  } catch (err) {
    // the token store (Redis) is away: say so, rather than a 500
    log.error({ err }, 'captcha token store unavailable');
    throw new ApiError(503, 'captcha_unavailable', '安全验证暂时不可用，请稍后重试');
  }
  return { repCode: CAPTCHA_REP_CODE.ok, repMsg: '验证成功', token, expiresIn: TOKEN_TTL_S };
}
