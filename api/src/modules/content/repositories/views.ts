import type { Queryable } from '../../../core/db';

/** Counter table and key column of each counted table (migration 0023). */
const COUNTERS = {
  documents: { table: 'document_views', key: 'document_id' },
  blogs: { table: 'blog_views', key: 'blog_id' },
} as const;

/** Adds views to items' counters: `[id, views]` pairs. */
export async function addViews(q: Queryable, table: keyof typeof COUNTERS, counts: [number, number][]): Promise<void> {
  const { table: counter, key } = COUNTERS[table];
  await q.query(
    `UPDATE ${counter} c SET views = c.views + v.n
       FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE c.${key} = v.id`,
    [counts.map(([id]) => id), counts.map(([, n]) => n)],
  );
}
