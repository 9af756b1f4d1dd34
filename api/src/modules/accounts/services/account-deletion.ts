import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import type { LoggedIn } from '../guards';
import { anonymiseUser, dueDeletions, setDeleteRequest } from '../repositories/users';
import { clearSessionCookies, endUserSessions, userChanged } from '../sessions';
import type { UserRow } from '../users';
import { proveByBody, recordAccountEvent } from './account-events';

/** Days between POST /api/users-delete/ and the account's anonymisation; a login in between cancels it. */
export const DELETE_COOLING_OFF_DAYS = 15;
const COOLING_OFF_MS = DELETE_COOLING_OFF_DAYS * 24 * 3600 * 1000;

const isDue = (user: UserRow, now: Date) =>
  user.delete_request_time !== null && now.getTime() - user.delete_request_time.getTime() >= COOLING_OFF_MS;

/**
 * POST /api/users-delete/: a fresh proof (a LOGIN code to the account's phone, or the password) starts the
 * cooling-off period; every session ends, this one included. Nothing is erased yet (docs/accounts.md).
 */
export async function requestDeletion(
  request: FastifyRequest,
  reply: FastifyReply,
  { user }: LoggedIn,
  body: { code?: string; password?: string },
): Promise<{ detail: string; delete_time: string }> {
  const app = request.server;
  if (body.code === undefined && body.password === undefined) {
    throw invalid({ code: ['请填写验证码或密码'] }, '注销账号需要验证身份，请填写短信验证码或密码');
  }
  const proof = await proveByBody(request, user, body);
  const now = app.now();
  await setDeleteRequest(app.db, user.id, now);
  await recordAccountEvent(request, user, 'delete_request', proof);
  await endUserSessions(app, user.id);
  clearSessionCookies(app, reply);
  const deleteTime = new Date(now.getTime() + COOLING_OFF_MS);
  return {
    detail: `已申请注销，账号将于${DELETE_COOLING_OFF_DAYS}天后注销；在此之前重新登录即可撤销`,
    delete_time: deleteTime.toISOString(),
  };
}

/**
 * A login of an account that asked to be deleted: within the cooling-off period it cancels the deletion (the
 * answer's user info is the account as it is); after it, the account is anonymised now and the login refused.
 */
export async function settleDeletionOnLogin(request: FastifyRequest, user: UserRow, loginType: number): Promise<UserRow> {
  if (user.delete_request_time === null) return user;
  const app = request.server;
  if (isDue(user, app.now())) {
    await purge(app, user.id);
    throw new ApiError(400, 'account_deleted', '该账号已注销');
  }
  await setDeleteRequest(app.db, user.id, null);
  await userChanged(app, user.id);
  await recordAccountEvent(request, user, 'delete_cancel', loginType);
  return { ...user, delete_request_time: null };
}

async function purge(app: FastifyInstance, userId: number): Promise<void> {
  await app.db.transaction((tx) => anonymiseUser(tx, userId, app.now()));
  await userChanged(app, userId);
}

/** The accounts whose cooling-off period is over, anonymised (the sweep); answers how many. */
export async function purgeDueDeletions(app: FastifyInstance): Promise<number> {
  const ids = await dueDeletions(app.db, new Date(app.now().getTime() - COOLING_OFF_MS));
  for (const id of ids) await purge(app, id);
  return ids.length;
}
