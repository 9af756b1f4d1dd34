import type { SocialKind } from 'contracts';
import type { Queryable } from '../../../core/db';
import { publicBlog, publicDoc } from '../load';

/** Where the rows of comments, favourites and history point at a document or a blog. */
export interface ItemTarget {
  kind: SocialKind;
  /** The column of content_comments, collect_items and browsing_history that holds the item's id. */
  column: 'docs_id' | 'blogs_id';
  table: 'documents' | 'blogs';
}

export const TARGETS: Record<SocialKind, ItemTarget> = {
  docs: { kind: 'docs', column: 'docs_id', table: 'documents' },
  blogs: { kind: 'blogs', column: 'blogs_id', table: 'blogs' },
};

/** A public document or blog (comments, favourites and complaints are only for those), else 404. */
export async function ensurePublic(q: Queryable, kind: SocialKind, id: number): Promise<void> {
  if (kind === 'docs') await publicDoc(q, id);
  else await publicBlog(q, id);
}

/** The item's comment or favourite count moved by `delta` (never below 0). */
export async function moveCount(
  q: Queryable,
  target: ItemTarget,
  counter: 'comment_count' | 'collect_count',
  id: number,
  delta: number,
): Promise<void> {
  await q.query(`UPDATE ${target.table} SET ${counter} = greatest(${counter} + $2, 0) WHERE id = $1`, [id, delta]);
}
