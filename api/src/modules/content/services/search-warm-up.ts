import type { FastifyInstance } from 'fastify';
import { clock } from '../context';
import { publicDocList } from '../repositories/documents';
import { topKeywords } from '../repositories/keywords';
import { cutWords } from '../search/segmenter';
import { readTime } from '../list-rows';
import { articleItems } from './catalog';
import { hotListSince } from './keywords';

/**
 * How much a start spends warming the search path: words of the newest titles, then the most searched keywords of
 * the hot list's days, each part within a time budget.
 */
export const SEARCH_WARM_UP = { titles: 100, searches: 150, budgetMs: 3000, keywords: 3000, keywordsBudgetMs: 5000 };

/** Keywords prepared at once by the warm-up: their stored words are read in one statement (coalesced-reads.ts). */
const KEYWORDS_AT_ONCE = 64;

/**
 * Searches for words of the newest document titles before the API takes requests, as the site search does (the
 * matches of documents and blogs, then a first page's rows), counting none of them for the hot keywords. Right
 * after a start a search costs 50-400 ms instead of 3-5 (jieba's dictionary, the database's caches, on PGlite the
 * WebAssembly engine's optimised code), and with 100 searchers at once some waited over 10 s in that queue
 * (docs/performance.md, "A search right after a start").
 *
 * Then the matches of the most searched keywords of the last HOT_DAYS days, most searched first: their words'
 * postings come into memory (the stored ones in one read per KEYWORDS_AT_ONCE), as their first searches would read
 * them one at a time through the first minutes, each such search waiting for the database while it is under load
 * (docs/performance.md, "Words and rows a search waits for"). Answers how many searches and keywords it ran and in how long.
 */
export async function warmUpSearch(app: FastifyInstance, limits = SEARCH_WARM_UP): Promise<{ searches: number; keywords: number; ms: number }> {
  const began = Date.now();
  const rows = await publicDocList(app.db, app.content.counts, {}, '-create_time').fetch(limits.titles, 0);
  const words = [...new Set(rows.flatMap((r) => cutWords(r.title)).filter((w) => w.length >= 2))].slice(0, limits.searches);
  let searches = 0;
  for (const text of words) {
    if (Date.now() - began > limits.budgetMs) break;
    const prepared = await app.content.search.prepare({ text });
    await articleItems(app, await prepared.hits(20, 0), () => ({}), readTime()); // no answer is made of it
    searches += 1;
  }
  const keywordsBegan = Date.now();
  const hot = limits.keywords > 0 ? await topKeywords(app.db, hotListSince(clock(app)), limits.keywords) : [];
  let keywords = 0;
  while (keywords < hot.length && Date.now() - keywordsBegan <= limits.keywordsBudgetMs) {
    const batch = hot.slice(keywords, keywords + KEYWORDS_AT_ONCE);
    await Promise.all(batch.map(({ keyword }) => app.content.search.prepare({ text: keyword })));
    keywords += batch.length;
  }
  return { searches, keywords, ms: Date.now() - began };
}
