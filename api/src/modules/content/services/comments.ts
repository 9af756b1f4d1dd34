import { COMMENT_MAX_CHARS, type CommentItem, type ItemType } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../accounts/users';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { clock } from '../context';
import * as comments from '../repositories/comments';
import { itemOwner, moveCount, TARGETS } from '../repositories/targets';
import { notify } from '../../notifications';
import { publicItemRow } from '../load';
import { ensurePublic } from './items';
import { requiredText } from './text-input';
import { refusePenalized } from '../../trust/penalties-check';

type CommentOut = Omit<CommentItem, 'create_time'> & { create_time: Date };

/** A new comment on a public item; the item's comment count goes up with it. */
export async function postComment(app: FastifyInstance, kind: ItemType, user: UserRow, targetId: number, raw: string): Promise<CommentOut> {
  const target = TARGETS[kind];
  const content = requiredText('content', raw, COMMENT_MAX_CHARS, '评论内容不能为空', `评论不能超过${COMMENT_MAX_CHARS}个字`);
  const now = clock(app);
  await refusePenalized(app.db, user.id, 'no_comment', now);
  const row = await app.db.transaction(async (tx) => {
    await ensurePublic(tx, kind, targetId);
    const inserted = await comments.insertComment(tx, target, { targetId, userId: user.id, content, now });
    await moveCount(tx, target, 'comment_count', targetId, 1);
    const owner = await itemOwner(tx, target, targetId);
    if (owner && owner.user_id !== user.id) {
      const common = { title: owner.title, commenter: user.nickname, excerpt: content, at: now };
      await notify(tx, owner.user_id, kind === 'docs' ? { kind: 'comment_on_my_doc', docId: targetId, ...common } : { kind: 'comment_on_my_blog', blogId: targetId, ...common });
    }
    return inserted;
  });
  app.content.rows.counted(target.table, targetId);
  return { id: row.id, uid: user.id, uname: user.nickname, content, create_time: row.create_time, is_mine: true };
}

/** The comments of a public item as a page source for `me` (0 for a visitor); `countOnly` leaves the page empty. */
export async function commentPages(
  app: FastifyInstance,
  kind: ItemType,
  targetId: number,
  me: number,
  countOnly: boolean,
): Promise<PaginateOptions<CommentOut>> {
  const target = TARGETS[kind];
  await publicItemRow(app, kind, targetId);
  return {
    count: () => comments.countComments(app.db, target, targetId),
    fetch: async (limit, offset) => {
      if (countOnly) return [];
      const rows = await comments.listComments(app.db, target, targetId, limit, offset);
      return rows.map((r) => ({ ...r, is_mine: r.uid === me }));
    },
  };
}

/** Deletes a comment of its author; the item's comment count goes down with it. */
export async function deleteComment(app: FastifyInstance, kind: ItemType, userId: number, id: number): Promise<void> {
  const target = TARGETS[kind];
  const targetId = await app.db.transaction(async (tx) => {
    const row = await comments.lockComment(tx, target, id);
    if (!row) throw new ApiError(404, 'not_found', '评论不存在或已被删除');
    if (row.user_id !== userId) throw new ApiError(403, 'permission_denied', '只能删除自己的评论');
    await comments.deleteComment(tx, id);
    await moveCount(tx, target, 'comment_count', row.target, -1);
    return row.target;
  });
  app.content.rows.counted(target.table, targetId);
}
