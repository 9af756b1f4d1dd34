import type { PayAnswer } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import type { UserPackageRow } from '../../pay/repositories/packages';
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
  /** The requester bought it (documents only), and the purchase is still in its re-download period. */
  purchased: boolean;
  /** A paid document its uploader lets readers take with the daily free quota. */
  freeQuotaOk: boolean;
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
  kind: 'free' | 'paid' | 'repeat' | 'owner' | 'package';
  token: string;
  expireTime: Date;
  quota: FreeQuota;
  /** What the download used, in Chinese. */
  message: string;
  /** kind 'package': the package's downloads left. */
  packageLeft: number | null;
}

interface Decision {
  kind: Grant['kind'];
  counted: boolean;
  /** kind 'package': the package it takes from. */
  pkg?: UserPackageRow;
}

/** A free download from the daily quota: the same item again the same day costs nothing more; null when none is left. */
async function fromQuota(tx: Queryable, who: Requester, item: Downloadable, now: Date): Promise<Decision | FreeQuota> {
  if (await downloadedToday(tx, who, item.kind, item.id, now)) return { kind: 'repeat', counted: false };
  const quota = await freeQuota(tx, who, now);
  return quota.left > 0 ? { kind: 'free', counted: true } : quota;
}

/**
 * What a download of the item is for the requester. A paid item takes, in order: an earlier purchase still in
 * its re-download period, the daily free quota where the document allows it, a package's download; otherwise
 * 402. A free item takes the daily quota (402 when it is used up).
 */
async function downloadKind(app: FastifyInstance, tx: Queryable, who: Requester, item: Downloadable, now: Date): Promise<Decision> {
  if (who.user && who.user.id === item.ownerId) return { kind: 'owner', counted: false };
  if (item.price > 0) {
    if (item.purchased) return { kind: 'paid', counted: false };
    if (item.freeQuotaOk) {
      const free = await fromQuota(tx, who, item, now);
      if ('kind' in free) return free;
    }
    const pkg = who.user && item.kind === 'docs' ? await app.pay.packageFor(tx, who.user.id, item.price, now) : undefined;
    if (pkg) return { kind: 'package', counted: false, pkg };
    throw paymentRequired(item, who);
  }
  const free = await fromQuota(tx, who, item, now);
  if ('kind' in free) return free;
  throw quotaExhausted(item, who, free);
}

/** The Chinese sentence that says what the download used. */
function usedMessage(kind: Grant['kind'], item: Downloadable, quotaLeft: number, packageLeft: number | null): string {
  switch (kind) {
    case 'owner':
      return '自己上传的文档，下载不计次数';
    case 'paid':
      return '已购买，本次下载免费';
    case 'repeat':
      return '今日已下载过，本次不计次数';
    case 'package':
      return `已使用下载套餐，套餐剩余 ${packageLeft ?? 0} 次`;
    default:
      return item.price > 0 ? `已使用今日免费下载次数，今日剩余 ${quotaLeft} 次` : `免费下载，今日剩余 ${quotaLeft} 次`;
  }
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
    const { kind, counted, pkg } = await downloadKind(app, tx, who, item, now);
    const id = await insertDownload(tx, downloader(who), { column, itemId: item.id, fileId: item.fileId, kind, counted, shareUserId, at: now });
    const packageLeft =
      pkg && who.user ? await app.pay.spendPackageDownload(tx, { pkg, recordId: id, userId: who.user.id, docsId: item.id, at: now }) : null;
    if (kind !== 'repeat') await countDownload(tx, column, item.id);
    const quota = await freeQuota(tx, who, now);
    return { id, kind, quota, packageLeft };
  });
  if (result.kind !== 'repeat' && item.kind === 'docs') app.content.rows.counted('documents', item.id);
  const exp = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_S;
  return {
    recordId: result.id,
    kind: result.kind,
    token: app.content.signer.sign({ kind: item.kind, id: item.id, n: result.id, exp }),
    expireTime: new Date(exp * 1000),
    quota: result.quota,
    message: usedMessage(result.kind, item, result.quota.left, result.packageLeft),
    packageLeft: result.packageLeft,
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
