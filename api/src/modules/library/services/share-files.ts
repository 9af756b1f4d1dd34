import { randomBytes } from 'node:crypto';
import { SHARE_FILE_DEFAULT_DAYS, type ShareFile, type ShareFileBody } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { DOWNLOAD_LINK_TTL_S } from '../../content/constants';
import { requester } from '../../content/context';
import { countDownload, insertDownload } from '../../content/repositories/downloads';
import { downloader } from '../../content/services/grants';
import { DOWNLOAD_ROUTES } from '../../content/services/downloads';
import * as repo from '../repositories/share-files';

/**
 * File shares (docs/library.md): a download link of a document I uploaded, or of a free one I downloaded, open
 * to anyone until it expires. A paid document someone only bought cannot be shared this way: the file would
 * reach others without the sale its uploader lives on (its share link, user-share-link/, goes to its page).
 */

const DAY_MS = 86_400_000;
export const shareFileUrl = (token: string) => `/api/user-share-file/${token}/`;

/** A file share as the route sends it (times as Date). */
export type ShareFileOut = Omit<ShareFile, 'expire_time' | 'create_time'> & { expire_time: Date; create_time: Date };

function shareFileOut(row: repo.ShareFileRow, now: Date): ShareFileOut {
  return {
    id: row.id,
    token: row.token,
    url: shareFileUrl(row.token),
    docs: { id: Number(row.docs_id), title: row.docs_title },
    downloads: row.downloads,
    expired: row.expire_time.getTime() <= now.getTime(),
    expire_time: row.expire_time,
    create_time: row.create_time,
  };
}

export async function shareFile(app: FastifyInstance, userId: number, body: ShareFileBody): Promise<ShareFileOut> {
  if (!(await repo.mayShareFile(app.db, userId, body.docs))) {
    throw new ApiError(404, 'not_found', '只能分享自己上传的文档，或下载过的免费文档');
  }
  const now = app.now();
  const expire = new Date(now.getTime() + (body.days ?? SHARE_FILE_DEFAULT_DAYS) * DAY_MS);
  const id = await repo.insertShareFile(app.db, { token: randomBytes(9).toString('base64url'), userId, docsId: body.docs, expire, now });
  return shareFileOut(await repo.shareFileById(app.db, id), now);
}

export function shareFilePages(app: FastifyInstance, userId: number): PaginateOptions<ShareFileOut> {
  return {
    count: () => repo.countShareFiles(app.db, userId),
    fetch: async (limit, offset) => (await repo.listShareFiles(app.db, userId, limit, offset)).map((r) => shareFileOut(r, app.now())),
  };
}

/**
 * A download through a file share: recorded for whoever opens it (kind 'share': no free quota used; the sharer in
 * share_user_id), then the same short-lived signed file link as any download.
 */
export async function openShareFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string): Promise<string> {
  const who = requester(request, reply, true);
  const now = app.now();
  const docsId = await app.db.transaction(async (tx) => {
    const share = await repo.takeShareFile(tx, token, now);
    if (!share) throw new ApiError(404, 'not_found', '分享的文件不存在或已过期');
    const id = Number(share.docs_id);
    const recordId = await insertDownload(tx, downloader(who), {
      column: 'docs_id', itemId: id, fileId: share.file_id, kind: 'share', counted: false, shareUserId: share.user_id, at: now,
    });
    await countDownload(tx, 'docs_id', id);
    return { id, recordId };
  });
  app.content.rows.counted('documents', docsId.id); // one more download: the lists show it within their time limit
  const exp = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_S;
  const signed = app.content.signer.sign({ kind: 'docs', id: docsId.id, n: docsId.recordId, exp });
  return `${DOWNLOAD_ROUTES.docs.file.replace(':id', String(docsId.id))}?token=${encodeURIComponent(signed)}`;
}
