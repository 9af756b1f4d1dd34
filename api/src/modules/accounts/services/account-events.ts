import type { FastifyRequest } from 'fastify';
import { ACCOUNT_EVENTS, LOGIN_TYPES, type AccountEvent } from 'contracts';
import { ApiError, invalid } from '../../../core/http/errors';
import type { LoggedIn } from '../guards';
import { insertAccountEvent, setMobileCheckTime } from '../repositories/sessions';
import { userChanged } from '../sessions';
import type { UserRow } from '../users';
import { userPhone } from './account-security';
import { checkOwnPassword, ownPhone } from './users';

/** How long a fresh proof (POST /api/account-proof/, POST /api/mobile/check/) lets this session change its security. */
export const PROOF_VALID_MS = 10 * 60_000;

export type ProofKind = 'code' | 'password';

/**
 * The owner's proof a body holds, checked: a LOGIN code to the account's phone (POST /api/codes/self/) when
 * `code` is given, else the password (sealed, under the per-account limit of wrong tries). Answers which it was.
 */
export async function proveByBody(request: FastifyRequest, user: UserRow, body: { code?: string; password?: string }): Promise<ProofKind> {
  if (body.code !== undefined) {
    await request.server.codes.verifySms(userPhone(user), 'LOGIN', body.code);
    return 'code';
  }
  if (!body.password) throw invalid({ password: ['请输入登录密码或短信验证码'] }, '请输入登录密码或短信验证码');
  await checkOwnPassword(request, user, body.password, 'password', { tooMany: '密码错误次数过多，请完成安全验证后重试', wrong: '密码不正确' });
  return 'password';
}

/**
 * POST /api/account-proof/ (and /api/mobile/check/): the session proves it is the owner, by a LOGIN code to the
 * account's phone or by the password; for PROOF_VALID_MS it may change the account's security.
 */
export async function proveSession(
  request: FastifyRequest,
  { user, session }: LoggedIn,
  body: { code?: string; password?: string },
): Promise<{ detail: string; valid_seconds: number }> {
  const app = request.server;
  await proveByBody(request, user, body);
  await setMobileCheckTime(app.db, session.id, app.now());
  session.mobileCheckTime = app.now();
  await userChanged(app, user.id);
  return { detail: '身份验证成功', valid_seconds: PROOF_VALID_MS / 1000 };
}

/**
 * A 400 unless this session proved it is the owner in the last PROOF_VALID_MS: by POST /api/account-proof/, or by
 * logging in with the password or an SMS code (a login by a third party or a QR code proves neither).
 */
export function requireRecentProof(request: FastifyRequest, { session }: LoggedIn): void {
  const loginProof = session.loginType === LOGIN_TYPES.password || session.loginType === LOGIN_TYPES.smsCode ? session.createTime : null;
  const times = [session.mobileCheckTime, loginProof].filter((t): t is Date => t !== null).map((t) => t.getTime());
  if (!times.length || request.server.now().getTime() - Math.max(...times) > PROOF_VALID_MS) {
    throw new ApiError(400, 'proof_required', '为了您的账号安全，请先验证身份（短信验证码或登录密码）');
  }
}

/**
 * A change of the account's security happened: a line in the login history (`proof` says how it was proven: a
 * code, the password, or a login's type) and
 * a notice to the phone and the e-mail of `user` as they were before the change. A notice that fails is logged,
 * never the change's failure.
 */
export async function recordAccountEvent(
  request: FastifyRequest,
  user: UserRow,
  action: AccountEvent,
  proof: ProofKind | number,
  notify = true,
): Promise<void> {
  const app = request.server;
  await insertAccountEvent(app.db, {
    userId: user.id,
    action,
    loginType: typeof proof === 'number' ? proof : proof === 'password' ? LOGIN_TYPES.password : LOGIN_TYPES.smsCode,
    platform: request.session?.platform ?? '',
    ip: request.ip ?? '',
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
    now: app.now(),
  });
  if (!notify) return;
  const label = ACCOUNT_EVENTS[action];
  const phone = ownPhone(user);
  const sends: Promise<void>[] = [];
  if (phone) sends.push(app.sms.sendNotice(phone, label));
  if (user.email) {
    const text = `您的账号刚刚${label}。如非本人操作，请立即修改密码并联系客服。`;
    sends.push(app.mail.send({ to: user.email, subject: `账号安全提醒：${label}`, text }));
  }
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') request.log.warn({ err: result.reason, action }, 'account notice not sent');
  }
}
