import type { ItemType } from 'contracts';
import type { Queryable } from '../../../core/db';

/** Where the rows of comments, favourites and history point at a document or a blog. */
export interface ItemTarget {
  kind: ItemType;
  /** The column of content_comments, collect_items and browsing_history that holds the item's id. */
  column: 'docs_id' | 'blogs_id';
  table: 'documents' | 'blogs';
}

export const TARGETS: Record<ItemType, ItemTarget> = {
  docs: { kind: 'docs', column: 'docs_id', table: 'documents' },
  blogs: { kind: 'blogs', column: 'blogs_id', table: 'blogs' },
};

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

/** Who owns an item (its uploader or author) and its title: whom a comment on it notifies. */
export async function itemOwner(q: Queryable, target: ItemTarget, id: number): Promise<{ user_id: number; title: string } | undefined> {
  const owner = target.table === 'documents' ? 'uploader_id' : 'author_id';
  const [row] = await q.query<{ user_id: number; title: string }>(`SELECT ${owner} AS user_id, title FROM ${target.table} WHERE id = $1`, [id]);
  return row;
}
