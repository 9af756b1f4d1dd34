import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../../core/http/cookies';
import { ApiError } from '../../../core/http/errors';
import { orderByNo } from '../repositories/orders';
import { paySettings } from '../repositories/policies';
import { upsertPurchase } from '../repositories/purchases';

/** The device's payment cookie: a guest's orders belong to the device that holds it (only its hash is stored). */
export const DEVICE_COOKIE = 'pay_device';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;
const DAY_MS = 24 * 3600 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** This device's key (the cookie's hash); with `create`, a new cookie when it has none. */
export function deviceKey(request: FastifyRequest, reply: FastifyReply | null, create: boolean): string | null {
  const token = readCookie(request.headers.cookie, DEVICE_COOKIE);
  if (token && DEVICE_PATTERN.test(token)) return hash(token);
  if (!create || !reply) return null;
  const fresh = randomBytes(32).toString('base64url');
  setCookie(reply, DEVICE_COOKIE, fresh, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: request.server.accountsConfig.mode === 'production',
    maxAge: DEVICE_MAX_AGE_S,
  });
  return hash(fresh);
}

const notYours = () => new ApiError(404, 'not_found', '订单不存在或不属于当前设备');

export interface GuestAccess {
  docsId: number;
  title: string;
  accessUntil: Date;
}

/**
 * A guest's paid document on the device that paid, for pay_settings.guest_access_days after paying. A
 * logged-in person who opens it keeps it: it becomes their purchase (the register-to-keep offer).
 */
export async function guestAccess(app: FastifyInstance, request: FastifyRequest, orderNo: string): Promise<GuestAccess> {
  const key = deviceKey(request, null, false);
  const order = await orderByNo(app.db, orderNo);
  if (!order || key === null || order.guest_key !== key || order.docs_id === null) throw notYours();
  if (order.state === 'refunded' || order.state === 'refunding') throw new ApiError(410, 'refunded', '该订单已退款，无法下载');
  if (order.state !== 'paid' || !order.paid_time) throw new ApiError(402, 'not_paid', '订单尚未支付');
  const settings = await paySettings(app.db);
  const accessUntil = new Date(order.paid_time.getTime() + settings.guest_access_days * DAY_MS);
  const now = app.now();
  if (accessUntil <= now) throw new ApiError(410, 'access_expired', `游客购买的文档仅在 ${settings.guest_access_days} 天内可在本设备下载，已过期`);
  const user = request.user;
  if (user) {
    const expireAt = new Date(order.paid_time.getTime() + settings.redownload_days * DAY_MS);
    await upsertPurchase(app.db, { userId: user.id, docsId: order.docs_id, orderNo: order.order_no, source: 'guest', at: now, expireAt });
  }
  return { docsId: order.docs_id, title: order.title, accessUntil };
}
