import type { PayAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import {
  ADDRESS_DAILY_FREE_DOWNLOADS,
  DOWNLOAD_LINK_TTL_S,
  PAY_ROUTES,
  USER_DAILY_FREE_DOWNLOADS,
  VISITOR_DAILY_FREE_DOWNLOADS,
} from '../constants';
import { clock, type Requester } from '../context';
import { startOfDay, startOfNextDay } from '../day';
import {
  countDownload,
  downloadedSince,
  insertDownload,
  lockDownloader,
  userFreeDownloads,
  visitorFreeDownloads,
  type DownloadColumn,
  type Downloader,
} from '../repositories/downloads';

export interface FreeQuota {
  /** Free downloads per day for this requester. */
  total: number;
  used: number;
  left: number;
  /** When the quota starts again (next midnight, UTC+8). */
  reset_time: Date;
}

/** The requester as download records count them. */
export function downloader(who: Requester): Downloader {
  return { userId: who.user?.id ?? null, visitorId: who.visitorId, ip: who.ip };
}

/** Whether the requester took this item today (again today costs nothing more). */
export function downloadedToday(q: Queryable, who: Requester, kind: Downloadable['kind'], id: number, now: Date): Promise<boolean> {
  return downloadedSince(q, downloader(who), columnOf(kind), id, startOfDay(now));
}

function columnOf(kind: Downloadable['kind']): DownloadColumn {
  return kind === 'docs' ? 'docs_id' : 'appendix_id';
}

/** Today's free downloads of a user, or of a visitor (their cookie and, for all visitors, their address). */
export async function freeQuota(q: Queryable, who: Requester, now: Date): Promise<FreeQuota> {
  const since = startOfDay(now);
  const reset = startOfNextDay(now);
  if (who.user) {
    const n = await userFreeDownloads(q, who.user.id, since);
    return { total: USER_DAILY_FREE_DOWNLOADS, used: n, left: Math.max(0, USER_DAILY_FREE_DOWNLOADS - n), reset_time: reset };
  }
  const { byVisitor, byAddress } = await visitorFreeDownloads(q, who.visitorId ?? '', who.ip, since);
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

/** The payment facts of a 402 answer (PayAnswer besides code and message), the item first under its kind. */
function payFacts(item: Downloadable, facts: Omit<PayAnswer, 'code' | 'message' | 'docs' | 'appendix'>): Omit<PayAnswer, 'code' | 'message'> {
  return { ...(item.kind === 'docs' ? { docs: item.id } : { appendix: item.id }), ...facts };
}

/** The 402 answer of an item that must be bought: what the client needs to open the payment page. */
export function paymentRequired(item: Downloadable, who: Requester): ApiError {
  const noun = item.kind === 'docs' ? '文档' : '附件';
  return new ApiError(402, 'payment_required', `该${noun}为付费${noun}，购买后即可下载`, undefined, payFacts(item, {
    price: item.price,
    is_free: false,
    pay: { route: payRoute(who), query: { [item.kind]: String(item.id) } },
  }));
}

function quotaExhausted(item: Downloadable, who: Requester, quota: FreeQuota): ApiError {
  const message = who.user
    ? '今日免费下载次数已用完，购买下载套餐可继续下载'
    : '今日免费下载次数已用完，登录或购买后可继续下载';
  return new ApiError(402, 'free_quota_exhausted', message, undefined, payFacts(item, {
    price: item.price,
    is_free: true,
    left: 0,
    total: quota.total,
    reset_time: quota.reset_time.toISOString(),
    pay: { route: payRoute(who), query: { [item.kind]: String(item.id), type: 'package' } },
  }));
}

export interface Grant {
  recordId: number;
  kind: 'free' | 'paid' | 'repeat' | 'owner';
  token: string;
  expireTime: Date;
  quota: FreeQuota;
}

/** What a download of the item is for the requester; a paid item not bought, or no free download left, answers 402. */
async function downloadKind(tx: Queryable, who: Requester, item: Downloadable, now: Date): Promise<{ kind: Grant['kind']; counted: boolean }> {
  if (who.user && who.user.id === item.ownerId) return { kind: 'owner', counted: false };
  if (item.price > 0) {
    if (!item.purchased) throw paymentRequired(item, who);
    return { kind: 'paid', counted: false };
  }
  if (await downloadedToday(tx, who, item.kind, item.id, now)) return { kind: 'repeat', counted: false };
  const quota = await freeQuota(tx, who, now);
  if (quota.left <= 0) throw quotaExhausted(item, who, quota);
  return { kind: 'free', counted: true };
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
  const column = columnOf(item.kind);
  const result = await app.db.transaction(async (tx) => {
    await lockDownloader(tx, who.user ? `u:${who.user.id}` : `ip:${who.ip}`);
    const { kind, counted } = await downloadKind(tx, who, item, now);
    const id = await insertDownload(tx, downloader(who), { column, itemId: item.id, fileId: item.fileId, kind, counted, shareUserId, at: now });
    if (kind !== 'repeat') await countDownload(tx, column, item.id);
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
