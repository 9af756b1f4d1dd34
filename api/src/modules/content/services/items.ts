import type { ItemType } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { blogNotFound, docNotFound, namedRowsByIds } from '../load';
import { blogRowsByIds, publicBlogRef } from '../repositories/blogs';
import { docRowsByIds, publicDocRef } from '../repositories/documents';
import { blogItem, docItem, type BlogItemT, type DocItemT } from '../serialize';

/** A document or a blog as lists show it, under its kind's field. */
export type KindItem = { docs: DocItemT } | { blogs: BlogItemT };

/** The list items of documents or blogs by id (favourites, history); ids of items that are gone are missing. */
export async function itemsOf(app: FastifyInstance, kind: ItemType, ids: number[]): Promise<Map<number, KindItem>> {
  if (kind === 'docs') return new Map([...(await namedRowsByIds(app, ids, docRowsByIds))].map(([id, d]) => [id, { docs: docItem(d) }]));
  return new Map([...(await namedRowsByIds(app, ids, blogRowsByIds))].map(([id, b]) => [id, { blogs: blogItem(b) }]));
}

/** A public document or blog (comments, favourites and complaints are only for those), else 404. */
export async function ensurePublic(q: Queryable, kind: ItemType, id: number): Promise<void> {
  if (kind === 'docs') {
    if (!(await publicDocRef(q, id))) throw docNotFound();
  } else if (!(await publicBlogRef(q, id))) throw blogNotFound();
}

/** A row that names a document or a blog (browsing history, a folder's items). */
export interface EitherRow {
  id: number;
  docs_id: number | null;
  blogs_id: number | null;
  create_time: Date;
}

/** Rows of either kind with their items, `type` naming the kind; rows whose item is gone (or not public) are left out. */
export async function withEitherItems(app: FastifyInstance, rows: EitherRow[]): Promise<({ id: number; type: ItemType; create_time: Date } & KindItem)[]> {
  const docs = await itemsOf(app, 'docs', rows.flatMap((r) => (r.docs_id ? [r.docs_id] : [])));
  const blogs = await itemsOf(app, 'blogs', rows.flatMap((r) => (r.blogs_id ? [r.blogs_id] : [])));
  return rows.flatMap((r) => {
    const type: ItemType = r.docs_id ? 'docs' : 'blogs';
    const item = r.docs_id ? docs.get(r.docs_id) : blogs.get(r.blogs_id as number);
    return item ? [{ id: r.id, type, ...item, create_time: r.create_time }] : [];
  });
}
