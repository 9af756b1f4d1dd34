import type { Suggestion } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clock, searcher } from '../context';
import { dayOf } from '../day';
import { docTitlesStartingWith, keywordsStartingWith, topKeywords, type KeywordCount } from '../repositories/keywords';
import { isShowableKeyword } from '../search/keyword-rules';

/** Days of searches the hot list looks back over. */
export const HOT_DAYS = 7;
/** The first day (UTC+8) the hot list counts searches of, on the day of `now`. */
export function hotListSince(now: Date): string {
  return dayOf(new Date(now.getTime() - (HOT_DAYS - 1) * 86_400_000));
}
/** Visitors of one address (or IPv6 /64) who count a keyword on one day: a family or an office, not a script. */
export const ADDRESS_SEARCHERS_MAX = 3;
/** How long the answer to "does this hot keyword find something" is kept. */
const FINDS_TTL_MS = 60_000;
const FINDS_CACHE_MAX = 1000;

/**
 * Counts a search that found something for the hot keywords: once per searcher (a user, or a visitor the site
 * issued a cookie to together with the address) and day, at most ADDRESS_SEARCHERS_MAX visitors per address, and
 * never a keyword the rules refuse (markup, links, contact numbers, bad words). Queued: the keyword counter writes it.
 */
export function recordSearch(app: FastifyInstance, request: FastifyRequest, keyword: string): void {
  if (!isShowableKeyword(keyword)) return;
  const who = searcher(request);
  const now = clock(app);
  app.content.keywords.add({
    day: dayOf(now),
    keyword,
    searcher: who.key.slice(0, 100),
    now,
    addressCap: who.user ? undefined : { address: who.address, max: ADDRESS_SEARCHERS_MAX },
  });
}

/** The hot keywords and suggestions as you type, each shown only when the rules allow it. */
export function keywordService(app: FastifyInstance) {
  const finds = new Map<string, { found: boolean; until: number }>();
  /** Does a search of the keyword find something now (answers kept for a minute)? */
  const findsSomething = async (keyword: string, nowMs: number): Promise<boolean> => {
    const known = finds.get(keyword);
    if (known && known.until > nowMs) return known.found;
    const found = (await app.content.search.prepare({ text: keyword })).count > 0;
    if (finds.size >= FINDS_CACHE_MAX) finds.clear();
    finds.set(keyword, { found, until: nowMs + FINDS_TTL_MS });
    return found;
  };
  return {
    /** The most searched keywords of the last HOT_DAYS days that the rules allow and that find something now. */
    async hot(limit: number): Promise<KeywordCount[]> {
      await app.content.keywords.flush(); // this process's own searches count at once
      const now = clock(app);
      const out: KeywordCount[] = [];
      for (const row of await topKeywords(app.db, hotListSince(now), limit * 2)) {
        if (out.length >= limit) break;
        if (isShowableKeyword(row.keyword) && (await findsSomething(row.keyword, now.getTime()))) out.push(row);
      }
      return out;
    },
    /**
     * Suggestions as you type: searched keywords that start with the prefix (most searched first), then titles
     * of public documents that start with it (blog titles are not suggested: readers search for documents).
     */
    async suggest(prefix: string, limit: number): Promise<Suggestion[]> {
      await app.content.keywords.flush();
      const keywords = (await keywordsStartingWith(app.db, prefix, limit * 2)).filter(isShowableKeyword).slice(0, limit);
      const out: Suggestion[] = keywords.map((keyword) => ({ keyword, type: 'keyword' }));
      if (out.length < limit) {
        const seen = new Set(keywords);
        for (const title of await docTitlesStartingWith(app.db, prefix, limit * 2)) {
          if (out.length >= limit) break;
          if (seen.has(title) || !isShowableKeyword(title.normalize('NFKC').toLowerCase())) continue;
          seen.add(title);
          out.push({ keyword: title, type: 'title' });
        }
      }
      return out;
    },
  };
}
