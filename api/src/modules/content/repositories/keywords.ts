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
 * Counts a search of `keyword` on `day` by `searcher` for the hot keywords and suggestions, unless that searcher
 * counted it that day already (or the address has its most searchers); answers whether it counted.
 */
export async function countKeywordHit(db: Db, hit: KeywordHit): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (hit.addressCap) {
      const [{ n }] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM search_keyword_hits WHERE day = $1 AND keyword = $2 AND searcher LIKE $3`,
        [hit.day, hit.keyword, `%@${likeEscape(hit.addressCap.address)}`],
      );
      if (n >= hit.addressCap.max) return false;
    }
    const inserted = await tx.query(
      `INSERT INTO search_keyword_hits (day, keyword, searcher) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
      [hit.day, hit.keyword, hit.searcher],
    );
    if (!inserted.length) return false;
    await tx.query(
      `INSERT INTO search_keywords (keyword, total, last_time) VALUES ($1, 1, $2)
       ON CONFLICT (keyword) DO UPDATE SET total = search_keywords.total + 1, last_time = $2`,
      [hit.keyword, hit.now],
    );
    await tx.query(
      `INSERT INTO search_keyword_days (day, keyword, count) VALUES ($1, $2, 1)
       ON CONFLICT (day, keyword) DO UPDATE SET count = search_keyword_days.count + 1`,
      [hit.day, hit.keyword],
    );
    return true;
  });
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
