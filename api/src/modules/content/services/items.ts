import type { SocialKind } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { blogsByIds, docsByIds } from '../load';
import { blogItem, docItem, type BlogItemT, type DocItemT } from '../serialize';

/** A document or a blog as lists show it, under its kind's field. */
export type KindItem = { docs: DocItemT } | { blogs: BlogItemT };

/** The list items of documents or blogs by id (favourites, history); ids of items that are gone are missing. */
export async function itemsOf(app: FastifyInstance, kind: SocialKind, ids: number[]): Promise<Map<number, KindItem>> {
  if (kind === 'docs') return new Map([...(await docsByIds(app, ids))].map(([id, d]) => [id, { docs: docItem(d) }]));
  return new Map([...(await blogsByIds(app, ids))].map(([id, b]) => [id, { blogs: blogItem(b) }]));
}
