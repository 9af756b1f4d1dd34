import type { FastifyInstance } from 'fastify';
import { publicDocList } from '../repositories/documents';
import { cutWords } from '../search/segmenter';
import { readTime } from '../list-rows';
import { articleItems } from './catalog';

/** How much a start spends warming the search path: words of the newest titles, within a time budget. */
export const SEARCH_WARM_UP = { titles: 100, searches: 150, budgetMs: 3000 };

/**
 * Searches for words of the newest document titles before the API takes requests, as the site search does (the
 * matches of documents and blogs, then a first page's rows), counting none of them for the hot keywords. Right
 * after a start a search costs 50-400 ms instead of 3-5 (jieba's dictionary, the database's caches, on PGlite the
 * WebAssembly engine's optimised code), and with 100 searchers at once some waited over 10 s in that queue
 * (docs/performance.md, "A search right after a start"). Answers how many searches it ran and in how long.
 */
export async function warmUpSearch(app: FastifyInstance, limits = SEARCH_WARM_UP): Promise<{ searches: number; ms: number }> {
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
  return { searches, ms: Date.now() - began };
}
