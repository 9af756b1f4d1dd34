import type { BlogAppendix, BlogOrderField } from 'contracts';
import type { Db, Queryable } from '../../../core/db';
import type { OrderingOptions } from '../../../core/http/ordering';
import { publicBlogCondition } from '../constants';
import { BLOG_COLUMNS, BLOG_FROM, jsonRows, reviveTimes, type BlogRow } from './rows';
import { itemConditions, type ItemFilter } from './filters';
import { tableList, type CountCache, type ListQuery } from './lists';

/** What GET blogs/?ordering= may sort by (the contract's BLOG_ORDER_FIELDS). */
export const BLOG_ORDERING: OrderingOptions & { fields: Record<BlogOrderField, string> } = {
  fields: { create_time: 'b.create_time', update_time: 'b.update_time', views: 'bv.views' },
  default: '-create_time',
  tieBreaker: 'b.id',
};

const BLOG_LIST = { name: 'blogs', table: 'blogs b', columns: BLOG_COLUMNS, from: BLOG_FROM, ordering: BLOG_ORDERING };

/** Published blogs matching a filter, in a list order. */
export function publicBlogList(db: Db, counts: CountCache, filter: ItemFilter, ordering: string | undefined): ListQuery<BlogRow> {
  const params: unknown[] = [];
  const { blogs } = itemConditions(filter, params);
  return tableList<BlogRow>(db, counts, BLOG_LIST, blogs, params, ordering);
}

/** A blog's row whatever its status (prepared, as the document's). */
export async function blogRowById(db: Db, id: number): Promise<BlogRow | undefined> {
  const [row] = await db.preparedQuery<BlogRow>('content_blog_by_id', `SELECT ${BLOG_COLUMNS} FROM ${BLOG_FROM} WHERE b.id = $1`, [id]);
  return row;
}

/** Blogs' rows by id, in no order (as documents' are: docRowsByIds). */
export async function blogRowsByIds(db: Db, ids: number[]): Promise<BlogRow[]> {
  const sql = jsonRows(`SELECT ${BLOG_COLUMNS} FROM ${BLOG_FROM} WHERE b.id = ANY($1::bigint[])`);
  const [{ rows }] = await db.preparedQuery<{ rows: BlogRow[] }>('content_blogs_json_by_ids', sql, [ids]);
  return reviveTimes(rows);
}

/** A published blog's id and author, undefined when there is no such published blog. */
export async function publicBlogRef(q: Queryable, id: number): Promise<{ id: number; author_id: number } | undefined> {
  const [row] = await q.query<{ id: number; author_id: number }>(
    `SELECT id, author_id FROM blogs WHERE id = $1 AND ${publicBlogCondition()}`,
    [id],
  );
  return row;
}

/** A blog's Markdown text (lists do not read it). */
export async function blogContent(db: Db, id: number): Promise<string> {
  const [{ content }] = await db.query<{ content: string }>('SELECT content FROM blogs WHERE id = $1', [id]);
  return content;
}

/** The appendices a blog's page lists, in upload order. */
export function blogAppendixList(db: Db, blogId: number): Promise<BlogAppendix[]> {
  return db.query<BlogAppendix>(
    `SELECT a.id, a.name, f.ext AS file_type, f.size, a.price, (a.price = 0) AS is_free, a.downloads, a.create_time
       FROM blog_appendices a JOIN content_files f ON f.id = a.file_id WHERE a.blogs_id = $1 ORDER BY a.id`,
    [blogId],
  );
}

/** Published blogs of these categories. */
export async function countPublicBlogsIn(q: Queryable, categoryIds: number[]): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM blogs WHERE category_id = ANY($1::bigint[]) AND ${publicBlogCondition()}`,
    [categoryIds],
  );
  return n;
}
