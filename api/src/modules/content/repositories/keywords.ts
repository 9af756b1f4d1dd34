import type { Db } from '../../../core/db';
import { publicDocCondition } from '../constants';

export interface KeywordCount {
  keyword: string;
  count: number;
}

/** One search to count: `searcher` ends in `@<address>` when `addressCap` applies. */
export interface KeywordHit {
  day: string;
  keyword: string;
  searcher: string;
  now: Date;
  /** At most this many searchers ending in `@<address>` count the keyword on the day (visitors only). */
  addressCap?: { address: string; max: number };
}

/**
 * Counts searches for the hot keywords and suggestions, as if one after the other: a searcher counts a keyword once a
 * day, and of the searchers ending in `@<address>` (visitors) at most `addressCap.max` count it. One statement
 * however many there are (the keyword counter writes them in batches, KeywordCounter).
 */
export async function countKeywordHits(db: Db, hits: KeywordHit[]): Promise<void> {
  if (!hits.length) return;
  await db.query(
    `WITH input AS (
       SELECT DISTINCT ON (i.day, i.keyword, i.searcher) i.day, i.keyword, i.searcher, i.pattern, i.cap, i.at, i.ord
         FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])
              WITH ORDINALITY AS i(day, keyword, searcher, pattern, cap, at, ord)
        ORDER BY i.day, i.keyword, i.searcher, i.ord),
     fresh AS (
       SELECT i.*, row_number() OVER (PARTITION BY i.day, i.keyword, i.pattern ORDER BY i.ord) AS nth FROM input i
        WHERE NOT EXISTS (SELECT 1 FROM search_keyword_hits h WHERE h.day = i.day AND h.keyword = i.keyword AND h.searcher = i.searcher)),
     allowed AS (
       SELECT f.* FROM fresh f
        WHERE f.pattern IS NULL
           OR f.nth + (SELECT count(*) FROM search_keyword_hits h WHERE h.day = f.day AND h.keyword = f.keyword AND h.searcher LIKE f.pattern) <= f.cap),
     added AS (
       INSERT INTO search_keyword_hits (day, keyword, searcher) SELECT day, keyword, searcher FROM allowed
       ON CONFLICT DO NOTHING RETURNING day, keyword),
     totals AS (
       INSERT INTO search_keywords (keyword, total, last_time)
       SELECT a.keyword, count(*), (SELECT max(l.at) FROM allowed l WHERE l.keyword = a.keyword) FROM added a GROUP BY a.keyword
       ON CONFLICT (keyword) DO UPDATE SET total = search_keywords.total + excluded.total, last_time = excluded.last_time)
     INSERT INTO search_keyword_days (day, keyword, count) SELECT day, keyword, count(*) FROM added GROUP BY day, keyword
     ON CONFLICT (day, keyword) DO UPDATE SET count = search_keyword_days.count + excluded.count`,
    [
      hits.map((h) => h.day),
      hits.map((h) => h.keyword),
      hits.map((h) => h.searcher),
      hits.map((h) => (h.addressCap ? `%@${likeEscape(h.addressCap.address)}` : null)),
      hits.map((h) => h.addressCap?.max ?? null),
      hits.map((h) => h.now),
    ],
  );
}

/** The most searched keywords from `since` (a day) on, most first. */
export async function topKeywords(db: Db, since: string, limit: number): Promise<KeywordCount[]> {
  return db.query<KeywordCount>(
    `SELECT keyword, sum(count)::int AS count FROM search_keyword_days WHERE day >= $1
      GROUP BY keyword ORDER BY count DESC, keyword LIMIT $2`,
    [since, limit],
  );
}

/** A text inside a `LIKE` pattern, its pattern characters escaped. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `LIKE` pattern of a prefix. */
export function prefixPattern(prefix: string): string {
  return `${likeEscape(prefix)}%`;
}

/** Searched keywords that start with the prefix, most searched first. */
export async function keywordsStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ keyword: string }>(
    `SELECT keyword FROM search_keywords WHERE keyword LIKE $1 ORDER BY total DESC, keyword LIMIT $2`,
    [prefixPattern(prefix), limit],
  );
  return rows.map((r) => r.keyword);
}

/** Titles of public documents that start with the prefix, most downloaded first (of the first `limit` by title). */
export async function docTitlesStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ title: string }>(
    `SELECT title FROM (
       SELECT title, downloads FROM documents WHERE title LIKE $1 AND ${publicDocCondition()}
        ORDER BY title LIMIT $2
     ) t ORDER BY downloads DESC, title`,
    [prefixPattern(prefix), limit],
  );
  return rows.map((r) => r.title);
}
