import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../core/db';
import { ApiError } from '../../core/http/errors';
import {
  ADDRESS_DAILY_FREE_DOWNLOADS,
  DOWNLOAD_LINK_TTL_S,
  PAY_ROUTES,
  USER_DAILY_FREE_DOWNLOADS,
  VISITOR_DAILY_FREE_DOWNLOADS,
} from './constants';
import { clock, type Requester } from './context';
import { startOfDay, startOfNextDay } from './day';

export interface FreeQuota {
  /** Free downloads per day for this requester. */
  total: number;
  used: number;
  left: number;
  /** When the quota starts again (next midnight, UTC+8). */
  reset_time: Date;
}

/** Today's free downloads of a user, or of a visitor (their cookie and, for all visitors, their address). */
export async function freeQuota(q: Queryable, who: Requester, now: Date): Promise<FreeQuota> {
  const since = startOfDay(now);
  const reset = startOfNextDay(now);
  if (who.user) {
    const [{ n }] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM download_records WHERE user_id = $1 AND counted AND create_time >= $2',
      [who.user.id, since],
    );
    return { total: USER_DAILY_FREE_DOWNLOADS, used: n, left: Math.max(0, USER_DAILY_FREE_DOWNLOADS - n), reset_time: reset };
  }
  const [{ byVisitor, byAddress }] = await q.query<{ byVisitor: number; byAddress: number }>(
    `SELECT (SELECT count(*) FROM download_records
              WHERE visitor_id = $1 AND user_id IS NULL AND counted AND create_time >= $3)::int AS "byVisitor",
            (SELECT count(*) FROM download_records
              WHERE ip = $2 AND user_id IS NULL AND counted AND create_time >= $3)::int AS "byAddress"`,
    [who.visitorId ?? '', who.ip, since],
  );
  const left = Math.max(0, Math.min(VISITOR_DAILY_FREE_DOWNLOADS - byVisitor, ADDRESS_DAILY_FREE_DOWNLOADS - byAddress));
  return { total: VISITOR_DAILY_FREE_DOWNLOADS, used: VISITOR_DAILY_FREE_DOWNLOADS - left, left, reset_time: reset };
}

export interface Downloadable {
  kind: 'docs' | 'appendix';
  id: number;
  fileId: number;
  ownerId: number;
  /** fen; 0 is free */
  price: number;
  /** The requester bought it (documents only). */
  purchased: boolean;
}

function payRoute(who: Requester) {
  return who.user ? PAY_ROUTES.user : PAY_ROUTES.guest;
}

/** The 402 answer of an item that must be bought: what the client needs to open the payment page. */
export function paymentRequired(item: Downloadable, who: Requester): ApiError {
  const noun = item.kind === 'docs' ? '文档' : '附件';
  return new ApiError(402, 'payment_required', `该${noun}为付费${noun}，购买后即可下载`, undefined, {
    [item.kind]: item.id,
    price: item.price,
    is_free: false,
    pay: { route: payRoute(who), query: { [item.kind]: String(item.id) } },
  });
}

function quotaExhausted(item: Downloadable, who: Requester, quota: FreeQuota): ApiError {
  const message = who.user
    ? '今日免费下载次数已用完，购买下载套餐可继续下载'
    : '今日免费下载次数已用完，登录或购买后可继续下载';
  return new ApiError(402, 'free_quota_exhausted', message, undefined, {
    [item.kind]: item.id,
    price: item.price,
    is_free: true,
    left: 0,
    total: quota.total,
    reset_time: quota.reset_time.toISOString(),
    pay: { route: payRoute(who), query: { [item.kind]: String(item.id), type: 'package' } },
  });
}

export interface Grant {
  recordId: number;
  kind: 'free' | 'paid' | 'repeat' | 'owner';
  token: string;
  expireTime: Date;
  quota: FreeQuota;
}

/**
 * Decides and records one download in a transaction that holds a per-person advisory lock, so two requests at
 * once cannot both take the last free download. Own uploads and bought items are free of quota; the same item
 * again on the same day costs nothing more; otherwise a free item takes one from the quota, and a paid one
 * answers 402.
 */
export async function grantDownload(
  app: FastifyInstance,
  who: Requester,
  item: Downloadable,
  shareUserId: number | null,
): Promise<Grant> {
  const now = clock(app);
  const column = item.kind === 'docs' ? 'docs_id' : 'appendix_id';
  const lockKey = who.user ? `u:${who.user.id}` : `ip:${who.ip}`;
  const result = await app.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`download:${lockKey}`]);
    let kind: Grant['kind'];
    let counted = false;
    if (who.user && who.user.id === item.ownerId) {
      kind = 'owner';
    } else if (item.price > 0) {
      if (!item.purchased) throw paymentRequired(item, who);
      kind = 'paid';
    } else {
      const [again] = await tx.query(
        who.user
          ? `SELECT 1 FROM download_records WHERE user_id = $1 AND ${column} = $2 AND create_time >= $3 LIMIT 1`
          : `SELECT 1 FROM download_records WHERE visitor_id = $1 AND user_id IS NULL AND ${column} = $2 AND create_time >= $3 LIMIT 1`,
        [who.user ? who.user.id : who.visitorId, item.id, startOfDay(now)],
      );
      if (again) {
        kind = 'repeat';
      } else {
        const quota = await freeQuota(tx, who, now);
        if (quota.left <= 0) throw quotaExhausted(item, who, quota);
        kind = 'free';
        counted = true;
      }
    }
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO download_records (user_id, visitor_id, ip, ${column}, file_id, kind, counted, share_user_id, create_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [who.user?.id ?? null, who.user ? null : who.visitorId, who.ip, item.id, item.fileId, kind, counted, shareUserId, now],
    );
    if (kind !== 'repeat') {
      await tx.query(`UPDATE ${item.kind === 'docs' ? 'documents' : 'blog_appendices'} SET downloads = downloads + 1 WHERE id = $1`, [
        item.id,
      ]);
    }
    const quota = await freeQuota(tx, who, now);
    return { id, kind, quota };
  });
  if (result.kind !== 'repeat' && item.kind === 'docs') app.content.rows.changed('documents', item.id);
  const exp = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_S;
  return {
    recordId: result.id,
    kind: result.kind,
    token: app.content.signer.sign({ kind: item.kind, id: item.id, n: result.id, exp }),
    expireTime: new Date(exp * 1000),
    quota: result.quota,
  };
}

/**
 * Content-Disposition with an ASCII fallback name and the real (often Chinese) name as RFC 5987 `filename*`.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string, fallback: string): string {
  const ascii = fallback.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
