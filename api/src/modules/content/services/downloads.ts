import type { DownloadRecord, DownloadStatistics, ItemType, LinkAnswer, OnceDocsUrlAnswer, QuotaAnswer, ShareAnswer } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { findUserById } from '../../accounts/repositories/users';
import { clock, currentUser, requester } from '../context';
import { startOfDay } from '../day';
import { contentDisposition, downloadedToday, freeQuota, grantDownload, type Downloadable } from './grants';
import { fillNames, visibleBlog, visibleDoc } from '../load';
import {
  appendixDownloadFile,
  appendixRow,
  docDownloadFile,
  docDownloadHistory,
  docDownloadList,
  downloadCounts,
  type DownloadFile,
  type DownloadRecordRow,
} from '../repositories/downloads';
import type { ListQuery } from '../repositories/lists';
import { hasValidPurchase } from '../../pay/repositories/purchases';
import type { StoredFile } from '../send-file';
import { refusePenalized } from '../../trust/penalties-check';
import { docItem } from '../serialize';

export const linkExpired = () => new ApiError(403, 'link_expired', '下载链接无效或已过期，请重新获取');

async function docDownloadable(app: FastifyInstance, request: FastifyRequest, id: number): Promise<Downloadable> {
  const row = await visibleDoc(app, request, id);
  const user = currentUser(request);
  const purchased = user ? await hasValidPurchase(app.db, user.id, id, clock(app)) : false;
  return { kind: 'docs', id, fileId: row.file_id, ownerId: row.uploader_id, price: row.is_free ? 0 : row.price, purchased, freeQuotaOk: row.free_quota_ok };
}

async function appendixDownloadable(app: FastifyInstance, request: FastifyRequest, id: number): Promise<Downloadable> {
  const row = await appendixRow(app.db, id);
  if (!row) throw new ApiError(404, 'not_found', '附件不存在或已被删除');
  await visibleBlog(app, request, row.blogs_id);
  return { kind: 'appendix', id, fileId: row.file_id, ownerId: row.uploader_id, price: row.price, purchased: false, freeQuotaOk: false };
}

/** The sharer a valid share sign names (`<uid>.<mac>` of GET docs-share-sign/), null without one. */
async function shareUser(app: FastifyInstance, kind: ItemType, id: number, sign: string | undefined): Promise<number | null> {
  if (sign === undefined || sign === '') return null;
  const [uidText, mac] = sign.split('.');
  const uid = Number(uidText);
  if (!Number.isSafeInteger(uid) || uid < 1 || !mac || !app.content.signer.macMatches(`${kind}:${id}:${uid}`, mac)) {
    throw new ApiError(400, 'invalid_sign', '分享链接无效', { sign: ['分享签名无效。'] });
  }
  return (await findUserById(app.db, uid)) ? uid : null;
}

/** The three routes of a downloadable kind: its free quota, a signed link (POST), and the file behind the link (GET). */
export const DOWNLOAD_ROUTES: Record<Downloadable['kind'], { quota: string; link: string; file: string }> = {
  docs: {
    quota: '/api/obj-left-free-down-num/docs/:id/',
    link: '/api/user-download/docs/:id/',
    file: '/api/user-download-token/docs/:id/',
  },
  appendix: {
    quota: '/api/appendix-left-free-down-num/:id/',
    link: '/api/appendix-download/:id/',
    file: '/api/appendix-download/:id/',
  },
};

/** Free quotas, signed download links and the files behind them, share signs, a user's download records. */
export function downloadService(app: FastifyInstance) {
  const downloadable = (kind: Downloadable['kind'], request: FastifyRequest, id: number) =>
    kind === 'docs' ? docDownloadable(app, request, id) : appendixDownloadable(app, request, id);

  /** Whose claims a token carries, checked against the item of the path; 403 for anything else. */
  const claimsOf = (kind: Downloadable['kind'], token: string, id: number) => {
    const claims = app.content.signer.verify(token, Math.floor(clock(app).getTime() / 1000));
    if (!claims || claims.kind !== kind || claims.id !== id) throw linkExpired();
    return claims;
  };

  const stored = (file: DownloadFile | undefined, name: (f: DownloadFile) => string, fallback: string): StoredFile => {
    if (!file) throw linkExpired();
    return { key: file.storage_key, mime: file.mime, disposition: contentDisposition('attachment', name(file), `${fallback}.${file.ext}`) };
  };

  return {
    /** The requester's free downloads today, and what this item would cost them. */
    async quota(kind: Downloadable['kind'], request: FastifyRequest, reply: FastifyReply, id: number): Promise<QuotaAnswer> {
      const item = await downloadable(kind, request, id);
      const who = requester(request, reply, true);
      const now = clock(app);
      const quota = await freeQuota(app.db, who, now);
      const exempt = item.purchased || who.user?.id === item.ownerId;
      return {
        ...quota,
        reset_time: quota.reset_time as unknown as string,
        is_free: item.price === 0,
        price: item.price,
        need_pay: item.price > 0 && !exempt,
        downloaded_today: await downloadedToday(app.db, who, kind, item.id, now),
      };
    },
    /** A short-lived signed link to the file (or 402); `sign` credits a document's sharer. */
    async link(kind: Downloadable['kind'], request: FastifyRequest, reply: FastifyReply, id: number, sign?: string): Promise<LinkAnswer> {
      if (request.user) await refusePenalized(app.db, request.user.id, 'no_download', app.now());
      const item = await downloadable(kind, request, id);
      const sharer = kind === 'docs' ? await shareUser(app, 'docs', item.id, sign) : null;
      const grant = await grantDownload(app, requester(request, reply, true), item, sharer);
      return {
        url: fileUrl(kind, item.id, grant.token),
        expire_time: grant.expireTime as unknown as string,
        kind: grant.kind,
        left: grant.quota.left,
        message: grant.message,
        ...(grant.packageLeft !== null ? { package_left: grant.packageLeft } : {}),
      };
    },
    /** The file a signed link gives: a document saved under its title, an appendix under its name. */
    async file(kind: Downloadable['kind'], token: string, id: number): Promise<StoredFile> {
      const claims = claimsOf(kind, token, id);
      if (kind === 'docs') return stored(await docDownloadFile(app.db, claims.n, claims.id), (f) => `${f.name}.${f.ext}`, `docs-${claims.id}`);
      return stored(await appendixDownloadFile(app.db, claims.n, claims.id), (f) => f.name, `appendix-${claims.id}`);
    },
    /** The link a reader shares: with their sign when logged in (it credits their shares). */
    async shareSign(kind: ItemType, request: FastifyRequest, id: number): Promise<ShareAnswer> {
      if (kind === 'docs') await visibleDoc(app, request, id);
      else await visibleBlog(app, request, id);
      const user = currentUser(request);
      const sign = user ? `${user.id}.${app.content.signer.mac(`${kind}:${id}:${user.id}`)}` : '';
      const path = `/app/articles/${kind}/detail/${id}`;
      return { sign, share_url: sign ? `${path}?sign=${encodeURIComponent(sign)}` : path };
    },
    records: (userId: number, docId?: number) => recordItems(app, docDownloadList(app.db, userId, docId)),
    history: (userId: number) => recordItems(app, docDownloadHistory(app.db, userId)),
    async statistics(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<DownloadStatistics> {
      const now = clock(app);
      const quota = await freeQuota(app.db, requester(request, reply, false), now);
      const row = await downloadCounts(app.db, userId, startOfDay(now));
      return { today: row.today, total: row.total, free_total: quota.total, free_left: quota.left, uploaded_downloads: row.uploaded };
    },
  };
}

/** The signed link's same-origin path. */
function fileUrl(kind: Downloadable['kind'], id: number, token: string): string {
  return `${DOWNLOAD_ROUTES[kind].file.replace(':id', String(id))}?token=${encodeURIComponent(token)}`;
}

/** POST /api/once-docs-url/: a guest's paid document on the device that paid (the pay module checks the order). */
export async function guestDownloadLink(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, orderNo: string): Promise<OnceDocsUrlAnswer> {
  const access = await app.pay.guestAccess(request, orderNo);
  const item = { ...(await docDownloadable(app, request, access.docsId)), purchased: true };
  const grant = await grantDownload(app, requester(request, reply, true), item, null);
  return {
    url: fileUrl('docs', item.id, grant.token),
    expire_time: grant.expireTime.toISOString(),
    docs: item.id,
    title: access.title,
    access_until: access.accessUntil.toISOString(),
  };
}

function recordItems(app: FastifyInstance, list: ListQuery<DownloadRecordRow>): ListQuery<DownloadRecord> {
  return {
    count: list.count,
    fetch: async (limit, offset) =>
      (await fillNames(app, await list.fetch(limit, offset))).map((r) => ({
        id: r.record_id,
        docs: docItem(r),
        kind: r.record_kind,
        create_time: r.record_time as unknown as string,
      })),
  };
}
