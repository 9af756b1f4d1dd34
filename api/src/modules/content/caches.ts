import type { DocItem } from 'contracts';
import type { Engine } from '../../core/db';
import type { Answer } from './answers';
import type { ChangedItem, ContentChanges } from './changes';
import { isPublicBlog, isPublicDoc } from './constants';
import { keptCache, type KeptCache } from './kept-cache';
import { listRows, type ListRows } from './list-rows';
import { BLOG_ROW_CODEC, DOC_ROW_CODEC, type RowCodec } from './row-columns';
import type { BlogRow, DocRow } from './repositories/rows';
import type { PreparedSearch, SearchEngine, SearchRequest } from './search/engine';
import { normaliseKeyword } from './search/query';
import { decodeTermPostings, itemFacts, termChanges, termIndexSearch, termPostingsBytes, type TermPostings } from './search/term-index';

/**
 * How long and how much the content caches keep (docs/performance.md, "Lists and search under load"). Every change
 * but a count is heard at once (ContentChanges); counts (views, downloads, comments, favourites: migrations 0064 and
 * 0065) and a renamed user's nickname (a cache of a minute, load.ts) are not told, so the answers' and searches' time
 * limits are how late a list shows a count and sorts by it: raise them and counts show later.
 */
export const CONTENT_CACHE_LIMITS = {
  /**
   * 12 MB: a search page's answer is 10-12 KB (20 items and their highlights), kept as bytes outside the heap, so 12 MB
   * keeps about 1,100. In the load benchmark's searches 52% came from kept answers against 40% with 4 MB, and once the
   * rows a page needs were nearly all kept (`rows`), making the rest was what the API's thread spent: with 12 MB
   * instead of 4 the searches rose from 4,903 to 5,359 a second (docs/performance.md, "Kept rows in columns").
   * 60 s, the time a list or a search may show an old count (the rows its pages are made of are kept as long): with
   * 10 s, a page searched less often than that read its rows from the database again each time, and on PGlite those
   * waits were most of a search's p99 (docs/performance.md, "Words and rows a search waits for").
   */
  answers: { ttlMs: 60_000, maxEntries: 4000, maxBytes: 12 * 1024 * 1024 },
  /**
   * The answers' and the words' bounds on PostgreSQL, whose buffers and backends live in processes of their own: the
   * 300 MB the API may take hold no database there, and its peak under load was 195-211 MB with the bounds above. The
   * load benchmark's first search case after a start on a new server (docs/performance.md, "Kept answers and words
   * beside PostgreSQL"): with 64 MB of answers (about 5,500 pages) 72% of its searches came from kept answers instead
   * of 53%; with 16 MB of words none of its words was read again, where 5 MB (the benchmark's 3,000 words and the
   * newest titles' took a little more) let 2-3% of its searches wait for a word pushed out, those that made its p99.
   */
  onPostgres: {
    answers: { maxEntries: 16_000, maxBytes: 64 * 1024 * 1024 },
    terms: { maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 },
  },
  nearby: { ttlMs: 10_000, maxEntries: 1000, maxBytes: 2 * 1024 * 1024 },
  /**
   * A prepared search keeps up to 1,000 matches, 9 KB for a common word: 3 MB keep about 330 of them. With 1 MB the
   * searches that missed were a tenth of the API's thread (walking a word's postings) once rows and answers were kept.
   */
  searches: { ttlMs: 10_000, maxEntries: 4000, maxBytes: 3 * 1024 * 1024 },
  /**
   * Each search word's public items (search/term-index.ts): only a change of an item it holds or comes to hold makes it
   * stale (a count is no part of them; termChanges), so the time limit only bounds how long a word nobody searches for stays. The load benchmark's 3,000 words
   * take 4.3 MB as counted here: at 4 MB they pushed each other out (a third more reads of words).
   */
  terms: { ttlMs: 10 * 60_000, maxEntries: 20_000, maxBytes: 5 * 1024 * 1024 },
  counts: { ttlMs: 60_000, maxEntries: 2000, maxBytes: 1024 * 1024 },
  /**
   * How many rows of documents and of blogs the pages of searches and the mixed list keep (list-rows.ts), and how many
   * bytes, each for the answers' time limit. Rows live in columns (row-columns.ts): about 250 bytes each besides their
   * title and summary (listRowBytes), 16 MB for the benchmark's 50,000; rows with long titles and summaries are fewer
   * in the same bytes. The columns themselves are made at start for `maxEntries` rows (about 8 MB for 50,000 documents,
   * most of it typed arrays the system maps only once written). With 50,000 documents' rows the load benchmark's searches found 88-92% of their rows kept
   * (64% with the 12,000 rows kept as objects before, which took 7 MB), so few pages wait for PGlite
   * (docs/performance.md, "Kept rows in columns").
   */
  rows: { docs: { maxEntries: 50_000, maxBytes: 18 * 1024 * 1024 }, blogs: { maxEntries: 3_000, maxBytes: 2 * 1024 * 1024 } },
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
  /** The search engine with its prepared searches kept (every page of a search is in memory). */
  search: SearchEngine;
  /** Rows of public items by id, for pages whose answer is not kept (list-rows.ts). */
  listRows: { documents: ListRows<DocRow>; blogs: ListRows<BlogRow> };
}

/** Bytes a value keeps besides its own: the Map entry, the key (UTF-16) and the entry object. */
const overhead = (key: string) => 120 + 2 * key.length;
/** A prepared search keeps its first SEARCH_MAX_RESULTS matches at most, 9 bytes each in typed arrays. */
const searchBytes = (key: string, prepared: PreparedSearch) => overhead(key) + 400 + 9 * prepared.count;

/**
 * Bytes a kept row takes (row-columns.ts): its places in the columns and in their order, its id in a Map, and
 * its title and summary in two-byte strings (about 250 bytes besides them, measured on the load benchmark's rows).
 */
const listRowBytes = (row: { title: string; summary: string }) => 250 + 2 * (row.title.length + row.summary.length);

/** How the content caches reach the database's search. */
export interface SearchSource {
  /** The database's search (repositories/search.ts). */
  engine: SearchEngine;
  /** A search word's postings as the database writes them (repositories/search.ts, termPostingsText; those stored read together for the words of a turn). */
  termPostings(term: string): Promise<string>;
  /** The words the items' search vectors hold now (repositories/search.ts, itemSearchWords). */
  itemWords(items: ChangedItem[]): Promise<string[]>;
  /** A change could not be applied to the kept words (they were all forgotten instead). */
  onError(err: unknown): void;
}

/** How the pages of searches and of the mixed list read the rows they do not find kept, their names filled in. */
export interface ListRowReads {
  documents(ids: number[]): Promise<DocRow[]>;
  blogs(ids: number[]): Promise<BlogRow[]>;
}

/**
 * The caches of the content module; `on` is CONTENT_CACHE (off: answers, searches and words are not kept at all), `engine`
 * the database's (on PostgreSQL the answers and the words keep more: onPostgres).
 */
export function contentCaches(changes: ContentChanges, on: boolean, engine: Engine, source: SearchSource, rowReads: ListRowReads): ContentCaches {
  const kept = on ? () => changes.live() : () => false;
  const { answers, searches, counts, nearby, terms } = CONTENT_CACHE_LIMITS;
  const bounds = engine === 'postgres' ? CONTENT_CACHE_LIMITS.onPostgres : { answers, terms };
  const termPostings = keptCache<TermPostings>({
    maxEntries: bounds.terms.maxEntries,
    maxBytes: bounds.terms.maxBytes,
    ttlMs: () => terms.ttlMs,
    sizeOf: (key, postings) => overhead(key) + termPostingsBytes(postings),
    generation: changes.items,
    enabled: kept,
    keepThroughChanges: true, // termChanges forgets the words a change touches
  });
  const facts = itemFacts();
  const termChangesApplied = termChanges({
    kept: termPostings,
    facts,
    generation: changes.items,
    enabled: kept,
    itemWords: source.itemWords,
    onError: source.onError,
  });
  changes.onChange((_change, item) => termChangesApplied.changed(item));
  const termSearch = termIndexSearch({
    settled: termChangesApplied.settled,
    postings: (term) =>
      termPostings.get(term, async () => {
        const generation = changes.items();
        return decodeTermPostings(await source.termPostings(term), facts, generation);
      }),
    facts,
    kept,
    database: source.engine,
  });
  const preparedSearches = keptCache<PreparedSearch>({
    ...searches,
    ttlMs: () => searches.ttlMs,
    sizeOf: searchBytes,
    generation: changes.items,
    enabled: kept,
  });
  const rows = keptListRows(changes, kept, rowReads);
  return {
    answers: keptCache<Answer>({
      maxEntries: bounds.answers.maxEntries,
      maxBytes: bounds.answers.maxBytes,
      ttlMs: () => answers.ttlMs,
      sizeOf: (key, answer) => overhead(key) + answer.body.length,
      generation: changes.items,
      enabled: kept,
      madeAt: (answer) => answer.since,
    }),
    listRows: rows,
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
    search: { prepare: (request) => preparedSearches.get(searchKey(request), () => termSearch.prepare(request)) },
  };
}

/** The rows of public items kept for the pages of searches and the mixed list (list-rows.ts), forgotten on changes. */
function keptListRows(changes: ContentChanges, kept: () => boolean, reads: ListRowReads): ContentCaches['listRows'] {
  const { answers, rows: limits } = CONTENT_CACHE_LIMITS;
  const rowsOf = <T extends { id: number; title: string; summary: string; status: number }>(
    bounds: { maxEntries: number; maxBytes: number },
    codec: RowCodec<T>,
    isPublic: (status: number) => boolean,
    fetch: (ids: number[]) => Promise<T[]>,
  ) =>
    listRows<T>({
      ...bounds,
      codec,
      fetch,
      ttlMs: () => answers.ttlMs,
      sizeOf: listRowBytes,
      keepable: (row) => isPublic(row.status),
      generation: changes.items,
      enabled: kept,
    });
  const rows = {
    documents: rowsOf<DocRow>(limits.docs, DOC_ROW_CODEC, isPublicDoc, reads.documents),
    blogs: rowsOf<BlogRow>(limits.blogs, BLOG_ROW_CODEC, isPublicBlog, reads.blogs),
  };
  changes.onChange((_change, item) => {
    if (item) rows[item.table].forget(item.id);
    else for (const table of Object.values(rows)) table.forget(); // a category's name, or anything
  });
  return rows;
}

/** What makes two searches the same: the keyword as searched for, then each filter and the order. */
function searchKey(r: SearchRequest): string {
  return JSON.stringify([normaliseKeyword(r.text), r.type ?? '', r.extCate ?? '', r.categoryIds ?? [], r.order ?? 'relevance']);
}
