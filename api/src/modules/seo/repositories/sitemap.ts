import type { Db, Queryable } from '../../../core/db';
import { publicBlogCondition, publicDocCondition } from '../../content/constants';

/** The two kinds of item a sitemap lists page by page. */
export type ItemKind = 'docs' | 'blogs';

const TABLE: Record<ItemKind, { table: string; visible: string }> = {
  docs: { table: 'documents', visible: publicDocCondition() },
  blogs: { table: 'blogs', visible: publicBlogCondition() },
};

// W3C datetime in UTC made by the database: no Date object per row for 50,000 rows
const W3C = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const w3c = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${W3C})`;

/** One child sitemap of items: the first id of its range, how many public items it holds, their latest change. */
export interface ItemPageRow {
  first_id: number;
  n: number;
  lastmod: string;
}

/**
 * The public items cut into pages of `pageSize` in id order, one row per page: a single pass over the public
 * rows (row_number), after which each page is the id range [first_id, next page's first_id).
 */
export function itemPages(q: Queryable, kind: ItemKind, pageSize: number): Promise<ItemPageRow[]> {
  const { table, visible } = TABLE[kind];
  return q.query<ItemPageRow>(
    `SELECT min(id) AS first_id, count(*)::int AS n, ${w3c('max(update_time)')} AS lastmod
       FROM (SELECT id, update_time, (row_number() OVER (ORDER BY id) - 1) / $1 AS page FROM ${table} WHERE ${visible}) t
      GROUP BY page ORDER BY page`,
    [pageSize],
  );
}

export interface ItemUrlRow {
  id: number;
  lastmod: string;
}

/** Public items with from <= id < before, in id order, at most `limit`: one range of the primary key. */
export function itemsInRange(db: Db, kind: ItemKind, from: number, before: number, limit: number): Promise<ItemUrlRow[]> {
  const { table, visible } = TABLE[kind];
  return db.preparedQuery<ItemUrlRow>(
    `seo_${kind}_range`,
    `SELECT id, ${w3c('update_time')} AS lastmod FROM ${table}
      WHERE id >= $1::bigint AND id < $2::bigint AND ${visible} ORDER BY id LIMIT $3::int`,
    [from, before, limit],
  );
}

export interface CategoryUrlRow {
  id: number;
  /** Latest public document of the category itself, null when it has none. */
  docs_time: string | null;
  blogs_time: string | null;
  lastmod: string;
}

/** Every category with the time of its newest public document and blog (each an index probe). */
export function categoryUrls(q: Queryable, limit: number): Promise<CategoryUrlRow[]> {
  const newest = (kind: ItemKind, alias: string) =>
    `(SELECT max(${alias}.create_time) FROM ${TABLE[kind].table} ${alias} WHERE ${alias}.category_id = c.id AND ${
      kind === 'docs' ? publicDocCondition(alias) : publicBlogCondition(alias)
    })`;
  return q.query<CategoryUrlRow>(
    `SELECT id, ${w3c('docs_time')} AS docs_time, ${w3c('blogs_time')} AS blogs_time,
            ${w3c('GREATEST(create_time, docs_time, blogs_time)')} AS lastmod
       FROM (SELECT c.id, c.create_time, ${newest('docs', 'd')} AS docs_time, ${newest('blogs', 'b')} AS blogs_time
               FROM content_categories c) t
      ORDER BY id LIMIT $1`,
    [limit],
  );
}

export interface SiteTimesRow {
  /** Newest public document or blog: when the home page last changed. */
  items: string | null;
  /** Newest category: when the category list last changed. */
  categories: string | null;
}

export async function siteTimes(q: Queryable): Promise<SiteTimesRow> {
  const [row] = await q.query<SiteTimesRow>(
    `SELECT ${w3c(`GREATEST(
              (SELECT create_time FROM documents WHERE ${publicDocCondition()} ORDER BY create_time DESC, id DESC LIMIT 1),
              (SELECT create_time FROM blogs WHERE ${publicBlogCondition()} ORDER BY create_time DESC, id DESC LIMIT 1))`)} AS items,
            ${w3c('(SELECT max(create_time) FROM content_categories)')} AS categories`,
  );
  return row;
}
