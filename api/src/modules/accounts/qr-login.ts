import { QR_TOKEN_PATTERN, type QrType } from 'contracts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors';
import { sha256 } from './browser-key';
import { notifyOtherProcesses } from './repositories/notify';
import { deleteQrExpiredBefore, findQrByHash, insertQr, markQr, takeConfirmedQr } from './repositories/qr-codes';
import { everyMinute } from '../../core/sweep';

export type { QrType } from 'contracts';
export type QrStatusName = 'waiting' | 'scanned' | 'confirmed';
/** What the login-QR socket is told: the app has scanned, the code is confirmed ('ok'), or it expired. */
export type QrEvent = 'scanned' | 'ok' | 'expired';

/** A confirmed code may be claimed by its browser for this long, even past the code's own expiry. */
export const QR_CLAIM_WINDOW_MS = 60_000;
/** The NOTIFY channel that carries QR events between API processes sharing a PostgreSQL database. */
const QR_CHANNEL = 'login_qrcode';
const TOKEN_RE = new RegExp(QR_TOKEN_PATTERN);

export function isQrToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_RE.test(token);
}

export interface QrRow {
  type: QrType;
  status: QrStatusName;
  browser_hash: string;
  platform: string;
  user_id: number | null;
  expire_time: Date;
  confirm_time: Date | null;
}

/** Listeners of a token's events in this process, fed by this process and (PostgreSQL) by the others. */
export interface QrHub {
  subscribe(tokenHash: string, listener: (event: QrEvent) => void): () => void;
  publish(tokenHash: string, event: QrEvent): Promise<void>;
  /** Open sockets of a token (a few tabs of one browser at most). */
  count(tokenHash: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    qrLogin: { hub: QrHub; expireS: number };
  }
}

export async function installQrLogin(app: FastifyInstance, expireS: number): Promise<void> {
  const listeners = new Map<string, Set<(event: QrEvent) => void>>();
  const processId = randomBytes(6).toString('base64url');
  const deliver = (hash: string, event: QrEvent) => {
    for (const listener of listeners.get(hash) ?? []) listener(event);
  };
  if (app.db.engine === 'postgres' && app.db.listen) {
    let stop: (() => Promise<void>) | undefined;
    const listen = async (): Promise<void> => {
      try {
        stop = await app.db.listen!(
          QR_CHANNEL,
          (payload) => {
            const [from, hash, event] = payload.split(':');
            if (from !== processId && hash && event) deliver(hash, event as QrEvent);
          },
          (err) => app.log.warn({ err }, 'login QR events from other processes lost'),
        );
      } catch (err) {
        app.log.warn({ err }, 'login QR LISTEN failed: events of other processes are not heard');
      }
    };
    await listen();
    app.addHook('preClose', async () => stop?.());
  }
  const hub: QrHub = {
    subscribe(hash, listener) {
      let set = listeners.get(hash);
      if (!set) listeners.set(hash, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(hash);
      };
    },
    async publish(hash, event) {
      deliver(hash, event);
      await notifyOtherProcesses(app.db, QR_CHANNEL, `${processId}:${hash}:${event}`);
    },
    count: (hash) => listeners.get(hash)?.size ?? 0,
  };
  app.decorate('qrLogin', { hub, expireS });
  // old codes go now and then (each is useless once expired anyway)
  everyMinute(app, () => deleteQrExpiredBefore(app.db, new Date(app.now().getTime() - QR_CLAIM_WINDOW_MS)));
}

/** A new code for this browser: the token (shown in the QR code, never stored) and its lifetime. */
export async function makeQrToken(
  app: FastifyInstance,
  type: QrType,
  browserHash: string,
  platform: string,
): Promise<{ token: string; expireS: number }> {
  const token = randomBytes(24).toString('base64url');
  const now = app.now();
  const expireS = app.qrLogin.expireS;
  const expireTime = new Date(now.getTime() + expireS * 1000);
  await insertQr(app.db, { tokenHash: sha256(token), type, browserHash, platform: platform.slice(0, 32), now, expireTime });
  return { token, expireS };
}

export async function findQr(app: FastifyInstance, token: string): Promise<QrRow | undefined> {
  return findQrByHash(app.db, sha256(token));
}

export const QR_EXPIRED = () => new ApiError(400, 'qrcode_expired', '二维码已过期，请刷新后重新扫描');
export const QR_INVALID = () => new ApiError(400, 'qrcode_invalid', '二维码无效，请刷新后重试');

/**
 * The app side: `userId` has scanned (status scanned) or confirmed (status confirmed) the code. A code is
 * taken by the first account that scans it; another account is refused. Answers the code's type.
 */
export async function appAction(
  app: FastifyInstance,
  token: string,
  userId: number,
  action: 'scan' | 'confirm',
  type: QrType,
): Promise<void> {
  const now = app.now();
  const hash = sha256(token);
  const status = action === 'scan' ? 'scanned' : 'confirmed';
  if (!(await markQr(app.db, hash, type, status, userId, now))) {
    const current = await findQr(app, token);
    if (!current || current.type !== type) throw QR_INVALID();
    if (current.status === 'confirmed') throw new ApiError(409, 'qrcode_used', '该二维码已确认登录');
    if (current.expire_time.getTime() <= now.getTime()) throw QR_EXPIRED();
    throw new ApiError(409, 'qrcode_taken', '该二维码已被其他账号扫描');
  }
  await app.qrLogin.hub.publish(hash, action === 'scan' ? 'scanned' : 'ok');
}

/**
 * The browser's status call: 'update' while waiting, else takes a confirmed code (once: it is deleted in the
 * same statement) and answers its user id. Only the browser that asked for the code may ask.
 */
export async function claimQr(
  app: FastifyInstance,
  token: string,
  type: QrType,
  browserHash: string | null,
): Promise<{ status: 'update'; scanned: boolean; remainingS: number } | { status: 'ok'; userId: number; platform: string }> {
  const now = app.now();
  const current = await findQr(app, token);
  if (!current || current.type !== type || current.browser_hash !== browserHash) throw QR_INVALID();
  if (current.status !== 'confirmed') {
    if (current.expire_time.getTime() <= now.getTime()) throw QR_EXPIRED();
    const remainingS = Math.max(1, Math.ceil((current.expire_time.getTime() - now.getTime()) / 1000));
    return { status: 'update', scanned: current.status === 'scanned', remainingS };
  }
  const taken = await takeConfirmedQr(app.db, sha256(token), browserHash, new Date(now.getTime() - QR_CLAIM_WINDOW_MS));
  if (!taken) throw QR_EXPIRED();
  return { status: 'ok', userId: taken.user_id, platform: taken.platform };
}
