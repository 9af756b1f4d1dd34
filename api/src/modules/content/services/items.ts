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
