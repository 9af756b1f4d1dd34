import type { Db } from '../../../core/db';
import { publicDocCondition } from '../constants';
import { dayOf } from '../day';

/**
 * Hot keywords from real searches. A search that found something counts its keyword once per searcher and
 * day, so one person repeating a search cannot push a keyword up the list.
 */
export async function recordSearch(db: Db, keyword: string, searcher: string, now: Date): Promise<void> {
  if (!keyword) return;
  const day = dayOf(now);
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO search_keyword_hits (day, keyword, searcher) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
      [day, keyword, searcher.slice(0, 100)],
    );
    if (!inserted.length) return;
    await tx.query(
      `INSERT INTO search_keywords (keyword, total, last_time) VALUES ($1, 1, $2)
       ON CONFLICT (keyword) DO UPDATE SET total = search_keywords.total + 1, last_time = $2`,
      [keyword, now],
    );
    await tx.query(
      `INSERT INTO search_keyword_days (day, keyword, count) VALUES ($1, $2, 1)
       ON CONFLICT (day, keyword) DO UPDATE SET count = search_keyword_days.count + 1`,
      [day, keyword],
    );
  });
}

/** Days of searches the hot list looks back over. */
export const HOT_DAYS = 7;

export async function hotKeywords(db: Db, now: Date, limit: number): Promise<{ keyword: string; count: number }[]> {
  const since = dayOf(new Date(now.getTime() - (HOT_DAYS - 1) * 86_400_000));
  return db.query<{ keyword: string; count: number }>(
    `SELECT keyword, sum(count)::int AS count FROM search_keyword_days WHERE day >= $1
      GROUP BY keyword ORDER BY count DESC, keyword LIMIT $2`,
    [since, limit],
  );
}

/** `LIKE` pattern of a prefix, with the pattern characters escaped. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Suggestions as you type: searched keywords that start with the prefix (most searched first), then titles
 * of public documents that start with it (blog titles are not suggested: readers search for documents).
 */
export async function suggest(db: Db, prefix: string, limit: number): Promise<{ keyword: string; type: 'keyword' | 'title' }[]> {
  const pattern = prefixPattern(prefix);
  const keywords = await db.query<{ keyword: string }>(
    `SELECT keyword FROM search_keywords WHERE keyword LIKE $1 ORDER BY total DESC, keyword LIMIT $2`,
    [pattern, limit],
  );
  const out: { keyword: string; type: 'keyword' | 'title' }[] = keywords.map((k) => ({ keyword: k.keyword, type: 'keyword' }));
  if (out.length < limit) {
    const titles = await db.query<{ title: string }>(
      `SELECT title FROM (
         SELECT title, downloads FROM documents WHERE title LIKE $1 AND ${publicDocCondition()}
          ORDER BY title LIMIT $2
       ) t ORDER BY downloads DESC, title`,
      [pattern, limit * 2],
    );
    const seen = new Set(out.map((s) => s.keyword));
    for (const { title } of titles) {
      if (out.length >= limit) break;
      if (seen.has(title)) continue;
      seen.add(title);
      out.push({ keyword: title, type: 'title' });
    }
  }
  return out;
}
