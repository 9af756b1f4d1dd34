import type { FastifyRequest } from 'fastify';
import type { SendCodeBody } from 'contracts';
import { CAPTCHA_TOKEN_HEADER } from '../../../infra/security/captcha-tokens';
import { parsePhone, type Phone } from '../phone';
import type { SmsRequester } from '../verification-codes';

/**
 * The request's solved-captcha token (X-Captcha-Token, from POST /api/captcha/check/), spent: the token the
 * browser's security check retries a 429 with, as the rate limiter takes it. False without one, or while the
 * token store is away.
 */
async function spendCaptchaToken(request: FastifyRequest): Promise<boolean> {
  const token = request.headers[CAPTCHA_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  try {
    return await request.server.captchaTokens.consume(token);
  } catch (err) {
    request.log.error({ err }, 'captcha token store unavailable; token not accepted');
    return false;
  }
}

/**
 * Who asks: the phone's owner when this is a logged-in session of the account that has the phone (known from the
 * session alone: the phone itself is never looked up, so a stranger's answer is the same for every phone).
 */
function requesterOf(request: FastifyRequest, phone: Phone): SmsRequester {
  const user = request.user;
  const owner = !!user && user.mobile === phone.mobile && user.country_code === phone.countryCode;
  return { owner, spendCaptcha: () => spendCaptchaToken(request) };
}

/** POST /api/codes/: an SMS code to the phone, within the caps of its owner's or everybody else's sends. */
export async function sendSmsCode(request: FastifyRequest, body: SendCodeBody): Promise<void> {
  const phone = parsePhone(body.mobile, body.country_code);
  await request.server.codes.sendSms(phone, body.reason, requesterOf(request, phone));
}
