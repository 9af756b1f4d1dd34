import type { FastifyRequest } from 'fastify';
import type { SendCodeBody } from 'contracts';
import { spendCaptchaToken } from '../../../infra/security/rate-limit';
import { parsePhone, type Phone } from '../phone';
import type { UserRow } from '../users';
import type { SmsRequester } from '../verification-codes';
import { userPhone } from './account-security';

/**
 * Who asks: the phone's owner when this is a logged-in session of the account that has the phone (known from the
 * session alone: the phone itself is never looked up, so a stranger's answer is the same for every phone).
 */
function requesterOf(request: FastifyRequest, phone: Phone): SmsRequester {
  const user = request.user;
  const owner = !!user && user.mobile === phone.mobile && user.country_code === phone.countryCode;
  return { owner, spendCaptcha: () => spendCaptchaToken(request) };
}

/**
 * POST /api/codes/: an SMS code to the phone, within the caps of its owner's (a session, or a logged-out owner's
 * `proof`: a code the phone received this hour) or everybody else's sends.
 */
export async function sendSmsCode(request: FastifyRequest, body: SendCodeBody): Promise<void> {
  const phone = parsePhone(body.mobile, body.country_code);
  await request.server.codes.sendSms(phone, body.reason, { ...requesterOf(request, phone), proof: body.proof });
}

/**
 * POST /api/codes/self/: a LOGIN code to the logged-in account's own phone, for a fresh proof before a sensitive
 * step (a withdrawal); the page never knows the whole number (the user info masks it). The owner's caps apply.
 */
export async function sendOwnCode(request: FastifyRequest, user: UserRow): Promise<void> {
  const phone = userPhone(user);
  await request.server.codes.sendSms(phone, 'LOGIN', requesterOf(request, phone));
}
