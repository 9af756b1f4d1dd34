import type { Suggestion } from 'contracts';
import type { Db } from '../../../core/db';
import { dayOf } from '../day';
import { countKeywordHit, docTitlesStartingWith, keywordsStartingWith, topKeywords, type KeywordCount } from '../repositories/keywords';

/** Days of searches the hot list looks back over. */
export const HOT_DAYS = 7;

/**
 * Hot keywords from real searches. A search that found something counts its keyword once per searcher and
 * day, so one person repeating a search cannot push a keyword up the list.
 */
export async function recordSearch(db: Db, keyword: string, searcher: string, now: Date): Promise<void> {
  if (!keyword) return;
  await countKeywordHit(db, { day: dayOf(now), keyword, searcher: searcher.slice(0, 100), now });
}

export async function hotKeywords(db: Db, now: Date, limit: number): Promise<KeywordCount[]> {
  const since = dayOf(new Date(now.getTime() - (HOT_DAYS - 1) * 86_400_000));
  return topKeywords(db, since, limit);
}

/**
 * Suggestions as you type: searched keywords that start with the prefix (most searched first), then titles
 * of public documents that start with it (blog titles are not suggested: readers search for documents).
 */
export async function suggest(db: Db, prefix: string, limit: number): Promise<Suggestion[]> {
  const out: Suggestion[] = (await keywordsStartingWith(db, prefix, limit)).map((keyword) => ({ keyword, type: 'keyword' }));
  if (out.length < limit) {
    const seen = new Set(out.map((s) => s.keyword));
    for (const title of await docTitlesStartingWith(db, prefix, limit * 2)) {
      if (out.length >= limit) break;
      if (seen.has(title)) continue;
      seen.add(title);
      out.push({ keyword: title, type: 'title' });
    }
  }
  return out;
}
