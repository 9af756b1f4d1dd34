import type { DocItem } from 'contracts';
import type { Answer } from './answers';
import type { ContentChanges } from './changes';
import { keptCache, type KeptCache } from './kept-cache';
import type { PreparedSearch, SearchEngine, SearchRequest } from './search/engine';
import { normaliseKeyword } from './search/query';

/**
 * How long and how much the content caches keep (docs/performance.md, "Lists and search under load"). Every change
 * but a count is heard at once (ContentChanges); counts (views, downloads, comments, favourites: migrations 0064 and
 * 0065) and a renamed user's nickname (a cache of a minute, load.ts) are not told, so the answers' and searches' time
 * limits are how late a list shows a count and sorts by it: raise them and counts show later.
 */
export const CONTENT_CACHE_LIMITS = {
  answers: { ttlMs: 10_000, maxEntries: 2000, maxBytes: 8 * 1024 * 1024 },
  nearby: { ttlMs: 10_000, maxEntries: 1000, maxBytes: 2 * 1024 * 1024 },
  searches: { ttlMs: 10_000, maxEntries: 2000, maxBytes: 4 * 1024 * 1024 },
  counts: { ttlMs: 60_000, maxEntries: 2000, maxBytes: 1024 * 1024 },
  /** Counts without the caches (CONTENT_CACHE=off) or while changes may go unheard: as before issue 21. */
  countsUnheardTtlMs: 5_000,
};

export interface ContentCaches {
  /** Serialized pages of the public lists and searches by URL. */
  answers: KeptCache<Answer>;
  /** A category's newest public documents, for the recommendations beside its items (services/catalog.ts). */
  nearby: KeptCache<DocItem[]>;
  /** Counts of the public lists by query (always kept; for CONTENT_CACHE=off and unheard changes, 5 s). */
  counts: KeptCache<number>;
  /** The search engine with its prepared searches kept (every page of a search with few matches is in memory). */
  search: SearchEngine;
}

/** Bytes a value keeps besides its own: the Map entry, the key (UTF-16) and the entry object. */
const overhead = (key: string) => 120 + 2 * key.length;
/** A prepared search keeps its matches (9 bytes each in typed arrays) when it has at most SEARCH_MAX_RESULTS. */
const searchBytes = (key: string, prepared: PreparedSearch) => overhead(key) + 400 + 9 * prepared.count;

/** The caches of the content module; `on` is CONTENT_CACHE (off: answers and searches are not kept at all). */
export function contentCaches(changes: ContentChanges, on: boolean, engine: SearchEngine): ContentCaches {
  const kept = on ? () => changes.live() : () => false;
  const { answers, searches, counts, nearby } = CONTENT_CACHE_LIMITS;
  const preparedSearches = keptCache<PreparedSearch>({
    ...searches,
    ttlMs: () => searches.ttlMs,
    sizeOf: searchBytes,
    generation: changes.items,
    enabled: kept,
  });
  return {
    answers: keptCache<Answer>({
      ...answers,
      ttlMs: () => answers.ttlMs,
      sizeOf: (key, answer) => overhead(key) + answer.body.length,
      generation: changes.items,
      enabled: kept,
    }),
    nearby: keptCache<DocItem[]>({
      ...nearby,
      ttlMs: () => nearby.ttlMs,
      // a list item as sent is about 400-700 bytes of JSON; kept as objects, about as much
      sizeOf: (key, docs) => overhead(key) + 700 * docs.length,
      generation: changes.items,
      enabled: kept,
    }),
    counts: keptCache<number>({
      ...counts,
      ttlMs: () => (kept() ? counts.ttlMs : CONTENT_CACHE_LIMITS.countsUnheardTtlMs),
      sizeOf: overhead,
      generation: changes.lists,
      enabled: () => true,
    }),
    search: { prepare: (request) => preparedSearches.get(searchKey(request), () => engine.prepare(request)) },
  };
}

/** What makes two searches the same: the keyword as searched for, then each filter and the order. */
function searchKey(r: SearchRequest): string {
  return JSON.stringify([normaliseKeyword(r.text), r.type ?? '', r.extCate ?? '', r.categoryIds ?? [], r.order ?? 'relevance']);
}
