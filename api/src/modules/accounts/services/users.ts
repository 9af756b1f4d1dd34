import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { browserKeyHash } from '../browser-key';
import { requireActiveUser, requireLogin, type LoggedIn } from '../guards';
import { completeLogin, type LoginResult } from '../login';
import { hashPassword, verifyPassword } from '../passwords';
import { parsePhone, type Phone } from '../phone';
import { readPassword } from '../rsa';
import { clearSessionCookies, endUserSessions, LOGIN_TYPES, userChanged } from '../sessions';
import {
  createUser,
  findUserById,
  findUserByPhone,
  setPasswordHash,
  setShareAppKey,
  updateProfile,
} from '../repositories/users';
import { publicInfo, selfInfo, type PublicInfo, type SelfInfo, type UserRow } from '../users';
import { recordAccountEvent, requireRecentProof } from './account-events';
import { required } from './login';

/** Wrong old passwords per account (PATCH modify_type 2, users-delete) before a captcha is needed. */
const OLD_PASSWORD_LIMITS = [{ max: 5, windowMs: 3_600_000 }];
const PASSWORD_CHANGED = '密码修改成功，请重新登录';
const NICKNAME_EMPTY = '用户名不能为空';

/** A password change ends every session: the answer is only this notice. */
export interface PasswordChanged {
  detail: string;
  password_changed: true;
}
const passwordChanged = (): PasswordChanged => ({ detail: PASSWORD_CHANGED, password_changed: true });

/** A nickname as given, trimmed; one that is only spaces is refused (undefined stays undefined). */
export function trimmedNickname(nickname: string | undefined): string | undefined {
  const trimmed = nickname?.trim();
  if (nickname !== undefined && !trimmed) throw invalid({ nickname: [NICKNAME_EMPTY] }, NICKNAME_EMPTY);
  return trimmed;
}

/** The account as it is now (after a change), or 404. */
export async function reloadUser(app: FastifyInstance, id: number): Promise<UserRow> {
  const user = await findUserById(app.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', '用户不存在');
  return user;
}

/** The user info after a change: caches forgotten, the row read again. */
export async function changedInfo(app: FastifyInstance, userId: number): Promise<SelfInfo> {
  await userChanged(app, userId);
  return selfInfo(await reloadUser(app, userId));
}

/**
 * The account's password (sealed) checked against its hash, under the per-account limit of wrong tries:
 * `tooMany` once the limit is reached, `wrong` (a 400 on `field`) for a wrong one.
 */
export async function checkOwnPassword(
  request: FastifyRequest,
  user: UserRow,
  sealed: string,
  field: string,
  texts: { tooMany: string; wrong: string },
): Promise<void> {
  const app = request.server;
  const plain = readPassword(app.passwords, sealed, field, false);
  const key = `old-pwd-fail:${user.id}`;
  await app.rateLimiter.check(request, key, OLD_PASSWORD_LIMITS, texts.tooMany);
  if (!(await verifyPassword(user.password_hash, plain))) {
    await app.rateLimiter.count(key, OLD_PASSWORD_LIMITS);
    throw invalid({ [field]: [texts.wrong] }, texts.wrong);
  }
}

export interface Registration {
  username: string;
  country_code?: string | number;
  password: string;
  code: string;
  nickname?: string;
  share_app_key?: string;
  invite_code?: string;
}

/** POST /api/users/: a new account proven by a REGISTER code, logged in at once. */
export async function register(request: FastifyRequest, reply: FastifyReply, body: Registration, platform: string): Promise<LoginResult> {
  const app = request.server;
  const phone = parsePhone(body.username, body.country_code, 'username');
  const password = readPassword(app.passwords, body.password, 'password', true);
  const nickname = trimmedNickname(body.nickname);
  // the invite code is checked before the SMS code is spent (activities module, registered later, serves it)
  const inviterId = body.invite_code ? await app.activities.inviterFor(body.invite_code, browserKeyHash(request, reply)) : null;
  await app.codes.verifySms(phone, 'REGISTER', body.code);
  const user = await createUser(app.db, {
    phone,
    passwordHash: await hashPassword(password),
    nickname: nickname || `用户${phone.mobile.slice(-4)}`,
    platform,
    now: app.now(),
  });
  if (!user) throw new ApiError(400, 'mobile_taken', '该手机号已注册，请直接登录', { username: ['该手机号已注册'] });
  if (body.share_app_key) await setShareAppKey(app.db, user.id, body.share_app_key);
  if (inviterId !== null && body.invite_code) await app.activities.recordInvitation(user.id, inviterId, body.invite_code);
  return completeLogin(request, reply, user, { loginType: LOGIN_TYPES.password, platform, isNew: true });
}

/** PATCH modify_type 1: the profile fields given. */
export async function changeProfile(
  app: FastifyInstance,
  user: UserRow,
  body: { nickname?: string; gender?: string; intro?: string; avatar?: string },
): Promise<SelfInfo> {
  const nickname = trimmedNickname(body.nickname);
  const change = { nickname: nickname ?? null, gender: body.gender ?? null, intro: body.intro ?? null, avatar: body.avatar ?? null };
  await updateProfile(app.db, user.id, change, app.now());
  return changedInfo(app, user.id);
}

/** A new password: it logs the account out everywhere. */
async function setNewPassword(app: FastifyInstance, userId: number, password: string): Promise<void> {
  await setPasswordHash(app.db, userId, await hashPassword(password), app.now());
  await endUserSessions(app, userId);
}

/** PATCH modify_type 2: a new password, the old one proven (when the account has one); every session ends. */
export async function changePassword(
  request: FastifyRequest,
  reply: FastifyReply,
  loggedIn: LoggedIn,
  body: { password?: string; old_password?: string },
): Promise<PasswordChanged> {
  const app = request.server;
  const { user } = loggedIn;
  const password = readPassword(app.passwords, required(body.password, 'password', '请输入新密码'), 'password', true);
  if (user.password_hash !== null) {
    const old = required(body.old_password, 'old_password', '请输入原密码');
    await checkOwnPassword(request, user, old, 'old_password', { tooMany: '原密码错误次数过多，请完成安全验证后重试', wrong: '原密码不正确' });
  } else {
    // no old password to prove: a code to the phone (POST /api/account-proof/) in the last minutes
    requireRecentProof(request, loggedIn);
  }
  await setNewPassword(app, user.id, password);
  await recordAccountEvent(request, user, 'change_password', user.password_hash !== null ? 'password' : 'code');
  clearSessionCookies(app, reply); // this browser included
  return passwordChanged();
}

/** PATCH modify_type 3: a new password for the phone that proves itself with a FIND_PWD code; no login needed. */
export async function resetPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { username?: string; code?: string; password?: string; country_code?: string | number },
): Promise<PasswordChanged> {
  const app = request.server;
  const username = required(body.username, 'username', '请填写登录手机号');
  const code = required(body.code, 'code', '请填写验证码');
  const sealed = required(body.password, 'password', '请输入新密码');
  const phone = parsePhone(username, body.country_code, 'username');
  const password = readPassword(app.passwords, sealed, 'password', true);
  await app.codes.verifySms(phone, 'FIND_PWD', code);
  const user = await findUserByPhone(app.db, phone);
  if (!user) throw new ApiError(400, 'account_not_found', '该手机号尚未注册', { username: ['该手机号尚未注册'] });
  await setNewPassword(app, user.id, password);
  await recordAccountEvent(request, user, 'reset_password', 'code');
  if (request.session?.userId === user.id) clearSessionCookies(app, reply);
  return passwordChanged();
}

/** The account's own phone, for a code sent to it. */
export function ownPhone(user: UserRow): Phone | null {
  return user.mobile !== null && user.country_code !== null ? { countryCode: user.country_code, mobile: user.mobile } : null;
}

/** GET /api/users/{id}/: the person's own info (0 or their own id), or the public subset of someone else's. */
export async function userInfo(request: FastifyRequest, id: number): Promise<SelfInfo | PublicInfo> {
  if (id === 0) return selfInfo(requireLogin(request).user);
  if (request.user?.id === id) return selfInfo(request.user);
  return publicInfo(await reloadUser(request.server, id));
}

/** PATCH /api/users/{uid}/: profile (modify_type 1 or none), password change (2), password reset (3, no login). */
export async function patchUser(
  request: FastifyRequest,
  reply: FastifyReply,
  uid: number,
  body: Parameters<typeof changeProfile>[2] & Parameters<typeof resetPassword>[2] & { modify_type?: number; old_password?: string },
): Promise<SelfInfo | PasswordChanged> {
  if (body.modify_type === 3) return resetPassword(request, reply, body);
  const loggedIn = requireActiveUser(request);
  const { user } = loggedIn;
  // 0 and their own id both mean "me"
  if (uid !== 0 && user.id !== uid) throw new ApiError(403, 'permission_denied', '只能修改自己的资料');
  if (body.modify_type === 2) return changePassword(request, reply, loggedIn, body);
  return changeProfile(request.server, user, body);
}
