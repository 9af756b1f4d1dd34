import type { Db, Queryable } from '../../../core/db';
import type { ItemTarget } from './targets';

/** The SQL of comments on documents and blogs (content_comments; status 1 is visible). */

export interface CommentRow {
  id: number;
  uid: number;
  uname: string;
  content: string;
  create_time: Date;
}

export async function insertComment(
  q: Queryable,
  target: ItemTarget,
  c: { targetId: number; userId: number; content: string; now: Date },
): Promise<{ id: number; create_time: Date }> {
  const [row] = await q.query<{ id: number; create_time: Date }>(
    `INSERT INTO content_comments (${target.column}, user_id, content, create_time) VALUES ($1, $2, $3, $4) RETURNING id, create_time`,
    [c.targetId, c.userId, c.content, c.now],
  );
  return row;
}

/**
 * Visible comments of an item (prepared: a comment list is read with every detail page, and planning was most of its
 * cost on PGlite; the item's column leads the partial index, so the one generic plan fits every item).
 */
export async function countComments(db: Db, target: ItemTarget, targetId: number): Promise<number> {
  const sql = `SELECT count(*)::int AS n FROM content_comments WHERE ${target.column} = $1 AND status = 1`;
  return (await db.preparedQuery<{ n: number }>(`content_comments_count_${target.kind}`, sql, [targetId]))[0].n;
}

/** Visible comments of an item with their authors' nicknames, newest first (prepared, as the count). */
export function listComments(db: Db, target: ItemTarget, targetId: number, limit: number, offset: number): Promise<CommentRow[]> {
  return db.preparedQuery<CommentRow>(
    `content_comments_page_${target.kind}`,
    `SELECT m.id, m.user_id AS uid, u.nickname AS uname, m.content, m.create_time
       FROM content_comments m JOIN users u ON u.id = m.user_id
      WHERE m.${target.column} = $1 AND m.status = 1 ORDER BY m.create_time DESC, m.id DESC LIMIT $2 OFFSET $3`,
    [targetId, limit, offset],
  );
}

/** A comment on an item of this kind, locked for deletion. */
export async function lockComment(q: Queryable, target: ItemTarget, id: number): Promise<{ user_id: number; target: number } | undefined> {
  const [row] = await q.query<{ user_id: number; target: number }>(
    `SELECT user_id, ${target.column} AS target FROM content_comments WHERE id = $1 AND ${target.column} IS NOT NULL FOR UPDATE`,
    [id],
  );
  return row;
}

export async function deleteComment(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM content_comments WHERE id = $1', [id]);
}

/** Whether a visible comment (of any item) has this id. */
export async function visibleCommentExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM content_comments WHERE id = $1 AND status = 1', [id])).length > 0;
}
