import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import type { LoggedIn } from '../guards';
import {
  countLiveSessions,
  countLoginHistory,
  deleteOtherSessions,
  deleteUserSession,
  listLiveSessions,
  listLoginHistory,
} from '../repositories/sessions';
import { forgetSession, userChanged } from '../sessions';
import { recordAccountEvent } from './account-events';

/** A readable device name from a User-Agent ('iPhone', 'Android 手机', 'Windows 电脑', '微信', ...). */
export function deviceName(userAgent: string, platform: string): string {
  const ua = userAgent.toLowerCase();
  const where = ua.includes('micromessenger') || platform.startsWith('weixin') ? '微信 · ' : '';
  if (ua.includes('iphone')) return `${where}iPhone`;
  if (ua.includes('ipad')) return `${where}iPad`;
  if (ua.includes('android')) return `${where}Android 手机`;
  if (ua.includes('windows')) return `${where}Windows 电脑`;
  if (ua.includes('mac os') || ua.includes('macintosh')) return `${where}Mac 电脑`;
  if (ua.includes('linux')) return `${where}Linux 电脑`;
  if (where) return '微信';
  return platform ? `其他设备（${platform}）` : '其他设备';
}

const withDevice = <T extends { user_agent: string; platform: string }>(row: T) => ({ ...row, device: deviceName(row.user_agent, row.platform) });

/** GET /api/login-history/: a page of the user's logins; `order` is the ORDER BY clause of the query's ordering. */
export function historyPage(request: FastifyRequest, { user }: LoggedIn, order: string) {
  const db = request.server.db;
  return paginate(request, {
    count: () => countLoginHistory(db, user.id),
    fetch: async (limit, offset) => (await listLoginHistory(db, user.id, order, limit, offset)).map(withDevice),
  });
}

/** GET /api/login-devices/: a page of the user's live sessions, this one marked `current`. */
export function devicePage(request: FastifyRequest, { user, session }: LoggedIn, order: string) {
  const db = request.server.db;
  const now = request.server.now();
  return paginate(request, {
    count: () => countLiveSessions(db, user.id, now),
    fetch: async (limit, offset) =>
      (await listLiveSessions(db, user.id, now, order, limit, offset)).map((row) => ({ ...withDevice(row), current: row.id === session.id })),
  });
}

/** DELETE /api/login-devices/{id}/: that session ends at once (this one too: the browser is then a visitor). */
export async function endDevice(request: FastifyRequest, reply: FastifyReply, { user, session }: LoggedIn, id: number): Promise<void> {
  const app = request.server;
  if (!(await deleteUserSession(app.db, user.id, id))) throw new ApiError(404, 'device_not_found', '登录设备不存在或已下线');
  await userChanged(app, user.id);
  if (id === session.id) forgetSession(request, reply);
}

/** POST /api/login-devices/sign-out-others/: every session but this one ends at once (recorded, no notice sent). */
export async function endOtherDevices(request: FastifyRequest, { user, session }: LoggedIn): Promise<{ detail: string; count: number }> {
  const app = request.server;
  const count = await deleteOtherSessions(app.db, user.id, session.id);
  await userChanged(app, user.id);
  await recordAccountEvent(request, user, 'sign_out_others', session.loginType, false);
  return { detail: count ? `已下线其他 ${count} 台设备` : '没有其他登录设备', count };
}
