import type { ArticleOrderField, ItemType } from 'contracts';
import type { Db } from '../../../core/db';
import { orderBy, type OrderingOptions } from '../../../core/http/ordering';
import { itemConditions, type ItemConditions, type ItemFilter } from './filters';
import { cachedCount, limitOffset, type CountCache, type ListQuery } from './lists';

/** What GET articles/?ordering= may sort by (the contract's ARTICLE_ORDER_FIELDS). */
export const ARTICLE_ORDERING: OrderingOptions & { fields: Record<ArticleOrderField, string> } = {
  fields: { create_time: 'create_time', views: 'views' },
  default: '-create_time',
  tieBreaker: 'id',
};

export interface ItemRef {
  type: ItemType;
  id: number;
}

/**
 * The public documents and blogs of a filter as one list (`type` keeps one kind). The view counts (and the join
 * to their tables) only when the order asks for them: their (views, id) indexes give that order; the count never
 * needs them.
 */
function articleUnion(conditions: ItemConditions, filter: ItemFilter, type: ItemType | undefined, withViews: boolean): string {
  const docWhere = conditions.docs.join(' AND ');
  const blogWhere = conditions.blogs.join(' AND ');
  const parts: string[] = [];
  if (type !== 'blogs') {
    parts.push(withViews
      ? `SELECT 'docs' AS type, d.id, d.create_time, dv.views FROM documents d JOIN document_views dv ON dv.document_id = d.id
          WHERE ${docWhere}`
      : `SELECT 'docs' AS type, d.id, d.create_time FROM documents d WHERE ${docWhere}`);
  }
  if (type !== 'docs' && !filter.extCate) {
    parts.push(withViews
      ? `SELECT 'blogs' AS type, b.id, b.create_time, bv.views FROM blogs b JOIN blog_views bv ON bv.blog_id = b.id
          WHERE ${blogWhere}`
      : `SELECT 'blogs' AS type, b.id, b.create_time FROM blogs b WHERE ${blogWhere}`);
  }
  return parts.join(' UNION ALL ');
}

/** References to public documents and blogs of a filter, in a list order. */
export function publicArticleList(
  db: Db,
  counts: CountCache,
  filter: ItemFilter,
  type: ItemType | undefined,
  ordering: string | undefined,
): ListQuery<ItemRef> {
  const params: unknown[] = [];
  const conditions = itemConditions({ categoryIds: filter.categoryIds, extCate: filter.extCate }, params);
  const order = orderBy(ordering, ARTICLE_ORDERING);
  const countUnion = articleUnion(conditions, filter, type, false);
  if (!countUnion) return { count: async () => 0, fetch: async () => [] };
  const pageUnion = articleUnion(conditions, filter, type, /\bviews\b/.test(order));
  return {
    count: () => cachedCount(db, counts, `(${countUnion}) a`, params),
    fetch: (limit, offset) =>
      db.query<ItemRef>(`SELECT type, id FROM (${pageUnion}) a ${order} ${limitOffset(params)}`, [...params, limit, offset]),
  };
}
