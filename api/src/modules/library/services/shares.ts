import { randomBytes } from 'node:crypto';
import type { ShareLink, ShareLinkBody, ShareTarget } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import * as repo from '../repositories/shares';

/** The page each kind of target opens on (site paths of the route table; ids are integers, so nothing else). */
const TARGET_PATHS: Record<ShareTarget, (id: number) => string> = {
  docs: (id) => `/app/articles/docs/detail/${id}`,
  blogs: (id) => `/app/articles/blogs/detail/${id}`,
  folder: (id) => `/app/user/collect/folder/${id}`,
};
const NOT_FOUND: Record<ShareTarget, string> = { docs: '文档不存在', blogs: '文章不存在', folder: '收藏夹不存在' };
const GONE_TITLE = '（已删除或不可见）';

export const shareUrl = (token: string) => `/api/s/${token}/`;

/** A share link as the route sends it (times as Date: the serializer writes them as the contract's date-time). */
export type ShareLinkOut = Omit<ShareLink, 'last_open_time' | 'create_time'> & { last_open_time: Date | null; create_time: Date };

function shareOut(row: repo.ShareRow, title: string | undefined): ShareLinkOut {
  return {
    id: row.id,
    token: row.token,
    url: shareUrl(row.token),
    type: row.target_type,
    target: { id: Number(row.target_id), title: title ?? GONE_TITLE },
    opens: row.opens,
    last_open_time: row.last_open_time,
    create_time: row.create_time,
  };
}

/**
 * A share link of a document, blog or folder anyone may see (a private one answers 404 like a missing one). Sharing
 * the same thing again answers the link made before (`created` false), so its open count goes on.
 */
export async function shareLink(app: FastifyInstance, userId: number, body: ShareLinkBody): Promise<{ link: ShareLinkOut; created: boolean }> {
  const titles = await repo.targetTitles(app.db, body.type, [body.id], true);
  if (!titles.has(body.id)) throw new ApiError(404, 'not_found', NOT_FOUND[body.type]);
  const token = randomBytes(9).toString('base64url');
  const { row, created } = await repo.upsertShare(app.db, { token, userId, type: body.type, targetId: body.id, now: app.now() });
  return { link: shareOut(row, titles.get(body.id)), created };
}

/** The person's share links as a page source, newest first, with each target's title. */
export function sharePages(app: FastifyInstance, userId: number, type: ShareTarget | undefined): PaginateOptions<ShareLinkOut> {
  return {
    count: () => repo.countShares(app.db, userId, type),
    fetch: async (limit, offset) => {
      const rows = await repo.listShares(app.db, userId, type, limit, offset);
      const titles = new Map<string, string>();
      for (const kind of ['docs', 'blogs', 'folder'] as const) {
        const ids = rows.filter((r) => r.target_type === kind).map((r) => Number(r.target_id));
        for (const [id, title] of await repo.targetTitles(app.db, kind, ids, false)) titles.set(`${kind}:${id}`, title);
      }
      return rows.map((r) => shareOut(r, titles.get(`${r.target_type}:${r.target_id}`)));
    },
  };
}

/** Counts an open and answers where the link goes: always a page of this site, never an address from outside. */
export async function openShare(app: FastifyInstance, token: string): Promise<string> {
  const target = await repo.openShare(app.db, token, app.now());
  if (!target) throw new ApiError(404, 'not_found', '分享链接不存在或已失效');
  return TARGET_PATHS[target.target_type](Number(target.target_id));
}
