import type { FastifyRequest } from 'fastify';
import { ApiError, notAuthenticated } from '../../core/http/errors';
import { rolesOf, type StaffRole } from './repositories/staff';
import type { Session } from './sessions';
import type { InactiveReason, UserRow } from './users';

export interface LoggedIn {
  session: Session;
  user: UserRow;
}

/** The session and user of a logged-in request; the 403 '未登录' answer otherwise. */
export function requireLogin(request: FastifyRequest): LoggedIn {
  if (!request.session || !request.user) throw notAuthenticated();
  return { session: request.session, user: request.user };
}

const INACTIVE_MESSAGES: Record<InactiveReason, [string, string]> = {
  TRD_LOGIN_NO_MOBILE: ['account_inactive', '请先绑定手机号完成账号激活'],
  CODE_LOGIN_NO_PASSWORD: ['account_inactive', '请先设置昵称和密码完成账号激活'],
  POST_SPAM_COMMENTS: ['account_disabled', '您的账号因发布广告或不当评论已被禁用'],
};

/** The 403 a restricted account gets from every call that needs an active user (SPEC §4, §6). */
export function inactiveError(reason: InactiveReason): ApiError {
  const [code, message] = INACTIVE_MESSAGES[reason];
  return new ApiError(403, code, message, undefined, { inactive_reason: reason });
}

/** Logged in and active (is_active 1): anything else answers 403 with the reason. */
export function requireActiveUser(request: FastifyRequest): LoggedIn {
  const loggedIn = requireLogin(request);
  if (loggedIn.user.inactive_reason !== null) throw inactiveError(loggedIn.user.inactive_reason);
  return loggedIn;
}

/**
 * A staff request: logged in and holding one of `roles` (admin holds every role). 403 to anyone else, checked on
 * every staff call (the staff console of the trust-and-safety issue builds on these roles).
 */
export async function requireStaff(request: FastifyRequest, roles: readonly StaffRole[]): Promise<LoggedIn & { roles: StaffRole[] }> {
  const loggedIn = requireLogin(request);
  const held = await rolesOf(request.server.db, loggedIn.user.id);
  if (!held.includes('admin') && !held.some((r) => roles.includes(r))) throw new ApiError(403, 'staff_only', '需要管理员权限');
  return { ...loggedIn, roles: held };
}
