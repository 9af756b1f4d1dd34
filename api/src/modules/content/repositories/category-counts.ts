import type { Queryable } from '../../../core/db';
import { BLOG_STATUS, PUBLIC_DOC_SQL } from '../constants';

/** The SQL of a category page's counts: public documents and published blogs in a set of categories. */

export async function publicDocsIn(q: Queryable, categoryIds: number[]): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE category_id = ANY($1::bigint[]) AND ${PUBLIC_DOC_SQL}`, [
    categoryIds,
  ]);
  return row.n;
}

export async function publishedBlogsIn(q: Queryable, categoryIds: number[]): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM blogs WHERE category_id = ANY($1::bigint[]) AND status = ${BLOG_STATUS.published}`,
    [categoryIds],
  );
  return row.n;
}
