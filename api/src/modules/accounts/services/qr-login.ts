import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { browserKeyHash, siteOrigin } from '../browser-key';
import { platformOf } from '../fields';
import type { LoggedIn } from '../guards';
import { completeLogin, type LoginResult } from '../login';
import { appAction, claimQr, findQr, makeQrToken, QR_EXPIRED, QR_INVALID, type QrType } from '../qr-login';
import { qrPng } from '../qr-image';
import { findUserById } from '../repositories/users';
import { LOGIN_TYPES } from '../sessions';

/** Platforms of the product's own app: only its sessions may scan a login code (SPEC §6). */
export const APP_PLATFORMS = new Set(['android', 'ios']);

export interface QrState {
  status: 'update' | 'ok';
  token: string;
  expire_time: number;
  scanned?: boolean;
  user?: LoginResult;
}

/**
 * POST /api/qrcode/: without a token a new code for this browser; with one its status ('update' while waiting;
 * 'ok' once confirmed, which logs this browser in as the account that confirmed).
 */
export async function qrStatus(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { type: QrType; token?: string; platform?: number | string },
): Promise<QrState> {
  const app = request.server;
  const { type, token } = body;
  if (!token) {
    const made = await makeQrToken(app, type, browserKeyHash(request, reply), platformOf(body.platform));
    return { status: 'update', token: made.token, expire_time: made.expireS };
  }
  const state = await claimQr(app, token, type, browserKeyHash(request, null));
  if (state.status === 'update') return { status: 'update', token, expire_time: state.remainingS, scanned: state.scanned };
  const user = await findUserById(app.db, state.userId);
  if (!user) throw QR_INVALID();
  const answer = await completeLogin(request, reply, user, { loginType: LOGIN_TYPES.qrCode, platform: platformOf(body.platform, state.platform) });
  return { status: 'ok', token, expire_time: 0, user: answer };
}

/** What a login code links to: the site's scan screen (site/qrcode), where the app takes the token from. */
function qrTarget(origin: string, type: QrType, token: string): string {
  return `${origin}/app/site/qrcode?${new URLSearchParams({ type, token })}`;
}

/** GET /api/qrcode/?action=make: the PNG of a live code. */
export async function qrImage(request: FastifyRequest, type: QrType, token: string, configuredOrigin: string | undefined): Promise<Buffer> {
  const app = request.server;
  const row = await findQr(app, token);
  if (!row || row.type !== type) throw QR_INVALID();
  if (row.status !== 'confirmed' && row.expire_time.getTime() <= app.now().getTime()) throw QR_EXPIRED();
  return qrPng(qrTarget(siteOrigin(request, configuredOrigin), type, token));
}

/** POST /api/qrcode/scan/ and /confirm/: the product's app (and only it) scans or confirms a login code. */
export async function appScan(
  request: FastifyRequest,
  { user, session }: LoggedIn,
  action: 'scan' | 'confirm',
  token: string,
  type: QrType,
): Promise<{ status: string; detail: string }> {
  if (!APP_PLATFORMS.has(session.platform)) throw new ApiError(403, 'qrcode_app_only', '请使用App扫码登录');
  await appAction(request.server, token, user.id, action, type);
  return action === 'scan' ? { status: 'scanned', detail: '扫码成功，请在App上确认登录' } : { status: 'confirmed', detail: '已确认登录' };
}

/** The official account's scan of a wxgzh_login code (its event push, or the simulator's stand-in) confirms it. */
export function confirmWxgzhScan(app: FastifyInstance, token: string, userId: number): Promise<void> {
  return appAction(app, token, userId, 'confirm', 'wxgzh_login');
}
