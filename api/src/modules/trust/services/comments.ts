import type { StaffComment, StaffCommentQuery } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { notify } from '../../notifications';
import { audit } from '../audit';
import * as repo from '../repositories/comments';
import { decrementCommentCount, hideComment } from '../repositories/reports';

const out = (r: repo.CommentRow): StaffComment => ({
  id: r.id,
  content: r.content,
  author: { uid: r.author_id, nickname: r.author_name },
  target: r.docs_id !== null ? { type: 'docs', id: Number(r.docs_id), title: r.title } : { type: 'blogs', id: Number(r.blogs_id), title: r.title },
  status: r.status === 1 ? 'shown' : 'hidden',
  create_time: r.create_time as unknown as string,
});

/** GET staff/comments/: comments of a status (default shown) on documents, blogs or both, the newest first. */
export function commentQueue(app: FastifyInstance, query: StaffCommentQuery): PaginateOptions<StaffComment> {
  const filter: repo.CommentFilter = { status: query.status === 'hidden' ? 0 : 1, target: query.target };
  return {
    count: () => repo.countComments(app.db, filter),
    fetch: async (limit, offset) => (await repo.listComments(app.db, filter, limit, offset)).map(out),
  };
}

const TABLE = { docs: 'documents', blogs: 'blogs' } as const;

/**
 * POST staff/comments/{id}/hide|show/: hides a shown comment (the author is told why) or shows a hidden one again,
 * keeping the item's comment_count right; the action and its audit record commit together.
 */
export async function moderateComment(app: FastifyInstance, staffId: number, id: number, action: 'hide' | 'show', reason: string): Promise<StaffComment> {
  const now = app.now();
  const target = await app.db.transaction(async (tx) => {
    await repo.lockComment(tx, id);
    const found = await repo.comment(tx, id);
    if (!found) throw new ApiError(404, 'not_found', '评论不存在');
    const item = out(found).target;
    const moved = action === 'hide' ? await hideComment(tx, id) : await repo.showComment(tx, id);
    if (!moved) throw new ApiError(409, 'wrong_state', action === 'hide' ? '该评论已被隐藏' : '该评论正在显示');
    if (action === 'hide') await decrementCommentCount(tx, TABLE[item.type], item.id);
    else await repo.incrementCommentCount(tx, TABLE[item.type], item.id);
    const after = action === 'hide' ? 0 : 1;
    await audit(tx, { staffId, action: `comment.${action}`, target_type: 'comment', target_id: id, before: { status: found.status }, after: { status: after }, reason, at: now });
    if (action === 'hide') await notify(tx, found.author_id, { kind: 'comment_hidden', target: item.type, targetId: item.id, title: item.title, reason, at: now });
    return item;
  });
  app.content.rows.counted(TABLE[target.type], target.id);
  return out((await repo.comment(app.db, id))!);
}
