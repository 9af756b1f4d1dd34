import { EXT_CATES, SEARCH_MAX_RESULTS } from '../constants';
import type { PreparedSearch, SearchEngine, SearchRequest } from './engine';
import { hitKind, matchesPage, type Matches } from './matches';
import { parseQuery, searchMarks } from './query';

/**
 * Every public item holding one search word, in (id, type) order: what the database's GIN indexes answer for the
 * word. 5 bytes an item; what a search filters and orders them by is in ItemFacts, once per item.
 */
export interface TermPostings {
  ids: Uint32Array;
  /** 1 for a blog, plus 2 when the item's title holds the word. */
  flags: Uint8Array;
}

const BLOG = 1;
const TITLE = 2;
/** Items of a type with ids above this are not kept (ItemFacts' arrays grow to the highest id): such words search the database. */
export const MAX_KEPT_ITEM_ID = 2 ** 21;

/** Bytes a word's postings keep (caches.ts). */
export function termPostingsBytes(p: TermPostings): number {
  return 200 + 5 * p.ids.length;
}

interface FactColumns {
  /** Create time, microseconds since 1970. */
  times: Float64Array;
  categories: Int32Array;
  /** 1 + the document's kind's index in EXT_CATES; 0 for a blog. */
  exts: Uint8Array;
}

/**
 * What a search filters and orders its matches by, of every item some kept word holds, in arrays indexed by id
 * (documents and blogs apart): 13 bytes per id up to the highest one seen. Written by each word's postings as they
 * are read, under the content generation their read began in (caches.ts): a newer one starts the arrays afresh, an
 * older one (a read that a change overtook, whose postings are not kept) writes nothing, so a kept word's items always
 * have the facts of their own read.
 */
export interface ItemFacts {
  of(blog: number): FactColumns;
  record(generation: number, blog: number, id: number, time: number, category: number, ext: number): void;
}

export function itemFacts(): ItemFacts {
  const columns = (size: number): FactColumns => ({ times: new Float64Array(size), categories: new Int32Array(size), exts: new Uint8Array(size) });
  const tables = [columns(0), columns(0)];
  let current = -Infinity;
  return {
    of: (blog) => tables[blog],
    record(generation, blog, id, time, category, ext) {
      if (generation < current) return;
      if (generation > current) {
        current = generation;
        for (const t of tables) [t.times, t.categories, t.exts].forEach((a) => a.fill(0));
      }
      let t = tables[blog];
      if (id >= t.times.length) {
        const grown = columns(Math.min(MAX_KEPT_ITEM_ID + 1, Math.max(id + 1, 2 * t.times.length, 1024)));
        grown.times.set(t.times);
        grown.categories.set(t.categories);
        grown.exts.set(t.exts);
        tables[blog] = t = grown;
      }
      t.times[id] = time;
      t.categories[id] = category;
      t.exts[id] = ext;
    },
  };
}

/**
 * The postings of repositories/search.ts's termPostingsText (`id:flags:time:category:ext`, comma separated), read
 * in content generation `generation`, their items' facts recorded in `facts`. Throws a RangeError for an id above
 * MAX_KEPT_ITEM_ID.
 */
export function decodeTermPostings(text: string, facts: ItemFacts, generation: number): TermPostings {
  const parts = text ? text.split(',') : [];
  const p: TermPostings = { ids: new Uint32Array(parts.length), flags: new Uint8Array(parts.length) };
  parts.forEach((part, i) => {
    const [id, flags, time, category, ext] = part.split(':');
    const n = Number(id);
    if (!(n > 0 && n <= MAX_KEPT_ITEM_ID)) throw new RangeError(`search term postings: item id ${id} is past the kept ones`);
    p.ids[i] = n;
    p.flags[i] = Number(flags);
    facts.record(generation, p.flags[i] & BLOG, n, Number(time), Number(category), ext ? EXT_CATES.indexOf(ext as (typeof EXT_CATES)[number]) + 1 : 0);
  });
  return p;
}

/** An item of a search's matches: one of a word's postings, and whether its title holds the words. */
interface Found {
  from: TermPostings[];
  at: number[];
  title: number[];
}

/** (id, type) order of item `i` of `a` against item `j` of `b`. */
function compare(a: TermPostings, i: number, b: TermPostings, j: number): number {
  return a.ids[i] - b.ids[j] || (a.flags[i] & BLOG) - (b.flags[j] & BLOG);
}

/** Items holding every word (the title tier: titles holding every word), walking the shortest list against the others. */
function everyWord(lists: TermPostings[]): Found {
  const [base, ...others] = [...lists].sort((a, b) => a.ids.length - b.ids.length);
  let at = Array.from(base.ids, (_, i) => i);
  let title = at.map((i) => base.flags[i] & TITLE);
  for (const other of others) {
    const keptAt: number[] = [];
    const keptTitle: number[] = [];
    let j = 0;
    for (let k = 0; k < at.length; k += 1) {
      while (j < other.ids.length && compare(other, j, base, at[k]) < 0) j += 1;
      if (j < other.ids.length && compare(other, j, base, at[k]) === 0) {
        keptAt.push(at[k]);
        keptTitle.push(title[k] & other.flags[j]);
      }
    }
    at = keptAt;
    title = keptTitle;
  }
  return { from: at.map(() => base), at, title };
}

/** Items holding any word (the title tier: titles holding any of them), each once. */
function anyWord(lists: TermPostings[]): Found {
  const all: { list: TermPostings; i: number }[] = lists.flatMap((list) => Array.from(list.ids, (_, i) => ({ list, i })));
  all.sort((x, y) => compare(x.list, x.i, y.list, y.i));
  const found: Found = { from: [], at: [], title: [] };
  all.forEach(({ list, i }, k) => {
    const last = found.at.length - 1;
    if (k > 0 && compare(found.from[last], found.at[last], list, i) === 0) found.title[last] |= list.flags[i] & TITLE;
    else {
      found.from.push(list);
      found.at.push(i);
      found.title.push(list.flags[i] & TITLE);
    }
  });
  return found;
}

/**
 * The matches a search's filters keep, in relevance order (title tier, newest first, then the higher id, documents
 * before blogs: repositories/search.ts's order), at most SEARCH_MAX_RESULTS; `total` counts them all.
 */
function ranked(found: Found, request: SearchRequest, facts: ItemFacts): { matches: Matches; total: number } {
  const categories = request.categoryIds ? new Set(request.categoryIds) : undefined;
  const ext = request.extCate ? EXT_CATES.indexOf(request.extCate) + 1 : 0;
  const kept: number[] = [];
  found.at.forEach((i, k) => {
    const p = found.from[k];
    const blog = p.flags[i] & BLOG;
    if (request.type === (blog ? 'docs' : 'blogs')) return;
    if (ext && (blog || facts.of(0).exts[p.ids[i]] !== ext)) return;
    if (categories && !categories.has(facts.of(blog).categories[p.ids[i]])) return;
    kept.push(k);
  });
  const at = (k: number) => found.at[k];
  // the sort keys of each kept match, read once
  const ids = kept.map((k) => found.from[k].ids[at(k)]);
  const blogs = kept.map((k) => found.from[k].flags[at(k)] & BLOG);
  const times = kept.map((_, n) => facts.of(blogs[n]).times[ids[n]]);
  const order = kept.map((_, n) => n);
  order.sort((x, y) => found.title[kept[y]] - found.title[kept[x]] || times[y] - times[x] || ids[y] - ids[x] || blogs[x] - blogs[y]);
  const shown = order.slice(0, SEARCH_MAX_RESULTS);
  const matches: Matches = { ids: new Float64Array(shown.length), kinds: new Uint8Array(shown.length) };
  shown.forEach((n, i) => {
    matches.ids[i] = ids[n];
    matches.kinds[i] = hitKind(blogs[n] ? 'blogs' : 'docs', found.title[kept[n]] ? 1 : 0);
  });
  return { matches, total: kept.length };
}

export interface TermIndexOptions {
  /** A word's postings, kept (caches.ts) while nothing has changed; decoded into `facts`. */
  postings(term: string): Promise<TermPostings>;
  facts: ItemFacts;
  /** Whether postings are kept now: without, reading every match of a common word costs more than the database's search. */
  kept(): boolean;
  /** The database's own search: for an order other than relevance, and while postings are not kept. */
  database: SearchEngine;
}

/**
 * Search by relevance from each word's postings, kept in memory: the words' lists are intersected (or, when no item
 * holds them all, joined), filtered and ordered here, so that a search of kept words reads nothing from the database.
 * The same matches, count and order as the database's search (a test compares them); a word's postings cost one read
 * of its matches, as a search of it did, then nothing until a change (docs/performance.md, "Words kept as postings").
 */
export function termIndexSearch(options: TermIndexOptions): SearchEngine {
  return {
    async prepare(request): Promise<PreparedSearch> {
      if ((request.order ?? 'relevance') !== 'relevance' || !options.kept()) return options.database.prepare(request);
      const parsed = parseQuery(request.text);
      const { keyword, terms } = parsed;
      const marks = searchMarks(parsed);
      if (!terms.length) return { keyword, terms: marks, count: 0, hits: async () => [] };
      let lists: TermPostings[];
      try {
        lists = await Promise.all(terms.map((t) => options.postings(t)));
      } catch (err) {
        if (err instanceof RangeError) return options.database.prepare(request); // an item past the kept ids
        throw err;
      }
      let found = ranked(everyWord(lists), request, options.facts);
      if (found.total === 0 && terms.length > 1) found = ranked(anyWord(lists), request, options.facts);
      const { matches } = found;
      return {
        keyword,
        terms: marks,
        count: Math.min(found.total, SEARCH_MAX_RESULTS),
        hits: async (limit, offset) => matchesPage(matches, limit, offset),
      };
    },
  };
}
