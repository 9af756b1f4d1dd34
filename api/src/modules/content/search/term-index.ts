import type { ChangedItem } from '../changes';
import { EXT_CATES, SEARCH_MAX_RESULTS } from '../constants';
import type { PreparedSearch, SearchEngine, SearchRequest } from './engine';
import { hitKind, matchesPage, noMatches, type Matches } from './matches';
import { parseQuery, searchMarks } from './query';

/**
 * Every public item holding one search word, newest first (then the higher id, documents before blogs): what the
 * database's GIN indexes answer for the word. 5 bytes an item; what a search filters and orders them by is in ItemFacts, once per item.
 */
export interface TermPostings {
  /**
   * The content generation up to which none of its items has changed: first the one its read began in, then each
   * batch of changes that left the word as it was (termChanges). A search uses it only when no item has changed since.
   */
  checked: number;
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
  /** The content generation of the item's last change (0: none heard). */
  changes: Uint32Array;
}

/**
 * What a search filters and orders its matches by, of every item some kept word holds, in arrays indexed by id
 * (documents and blogs apart): 17 bytes per id up to the highest one seen (2.2 MB for the benchmark's 105,000 items;
 * at most 36 MB each at MAX_KEPT_ITEM_ID). Written by each word's postings as they are read, unless the item changed
 * after that read began (a read a change overtook writes nothing of it), and with them the generation of each item's
 * last change, so that a word holding a changed item is known stale (termChanges).
 */
export interface ItemFacts {
  of(blog: number): FactColumns;
  record(generation: number, blog: number, id: number, time: number, category: number, ext: number): void;
  /** Item `id` changed in `generation`: what reads that began before say of it is stale. */
  changed(generation: number, blog: number, id: number): void;
  /** Anything may have changed in `generation` (a change that names no item). */
  changedAll(generation: number): void;
  /** The generation of the last change heard: a word checked up to an older one is not used until checked again. */
  lastChange(): number;
}

export function itemFacts(): ItemFacts {
  const columns = (size: number): FactColumns => ({
    times: new Float64Array(size),
    categories: new Int32Array(size),
    exts: new Uint8Array(size),
    changes: new Uint32Array(size),
  });
  const tables = [columns(0), columns(0)];
  let all = 0;
  let last = 0;
  const table = (blog: number, id: number): FactColumns => {
    let t = tables[blog];
    if (id >= t.times.length) {
      const grown = columns(Math.min(MAX_KEPT_ITEM_ID + 1, Math.max(id + 1, 2 * t.times.length, 1024)));
      grown.times.set(t.times);
      grown.categories.set(t.categories);
      grown.exts.set(t.exts);
      grown.changes.set(t.changes);
      tables[blog] = t = grown;
    }
    return t;
  };
  return {
    of: (blog) => tables[blog],
    record(generation, blog, id, time, category, ext) {
      if (generation < all) return;
      const t = table(blog, id);
      if (generation < t.changes[id]) return;
      t.times[id] = time;
      t.categories[id] = category;
      t.exts[id] = ext;
    },
    changed(generation, blog, id) {
      last = Math.max(last, generation);
      if (id > 0 && id <= MAX_KEPT_ITEM_ID) table(blog, id).changes[id] = generation;
    },
    changedAll(generation) {
      last = Math.max(last, generation);
      all = generation;
    },
    lastChange: () => last,
  };
}

/**
 * The postings of repositories/search.ts's termPostingsText (`id:flags:time:category:ext`, comma separated), read
 * in content generation `generation`, their items' facts recorded in `facts`. Throws a RangeError for an id above
 * MAX_KEPT_ITEM_ID.
 */
export function decodeTermPostings(text: string, facts: ItemFacts, generation: number): TermPostings {
  let items = text ? 1 : 0;
  for (let c = text.indexOf(','); c >= 0; c = text.indexOf(',', c + 1)) items += 1;
  const p: TermPostings = { checked: generation, ids: new Uint32Array(items), flags: new Uint8Array(items) };
  // read field by field, without a string per item (a common word's text is 100 KB: splitting it was most of the garbage)
  let at = 0;
  const number = (): number => {
    const end = text.indexOf(':', at);
    const n = Number(text.slice(at, end));
    at = end + 1;
    return n;
  };
  for (let i = 0; i < items; i += 1) {
    const id = number();
    if (!(id > 0 && id <= MAX_KEPT_ITEM_ID)) throw new RangeError(`search term postings: item id ${id} is past the kept ones`);
    const flags = number();
    const time = number();
    const category = number();
    let end = text.indexOf(',', at);
    if (end < 0) end = text.length;
    const ext = end > at ? EXT_CATES.indexOf(text.slice(at, end) as (typeof EXT_CATES)[number]) + 1 : 0;
    at = end + 1;
    p.ids[i] = id;
    p.flags[i] = flags;
    facts.record(generation, flags & BLOG, id, time, category, ext);
  }
  return p;
}

/** Visits the items of a search's matches in the search order of each tier, with whether the item's title holds the words. */
type Visit = (p: TermPostings, i: number, title: number) => void;

/**
 * The order of every word's postings (termPostingsText reads them so): newest first, then the higher id, documents
 * before blogs. Negative when item `i` of `a` comes before item `j` of `b`.
 */
function comesBefore(facts: ItemFacts, a: TermPostings, i: number, b: TermPostings, j: number): number {
  const blogA = a.flags[i] & BLOG;
  const blogB = b.flags[j] & BLOG;
  return facts.of(blogB).times[b.ids[j]] - facts.of(blogA).times[a.ids[i]] || b.ids[j] - a.ids[i] || blogA - blogB;
}

/**
 * Items holding every word (their title tier: titles holding every word), walking the shortest list against the others.
 * Plain loops, no callback per item: a common word holds tens of thousands of items, and a closure for each was
 * garbage for every search made anew (docs/performance.md, "Garbage of a search made anew").
 */
function everyWord(lists: TermPostings[], facts: ItemFacts, visit: Visit): void {
  const [base, ...others] = [...lists].sort((a, b) => a.ids.length - b.ids.length);
  const at = new Uint32Array(others.length);
  items: for (let i = 0; i < base.ids.length; i += 1) {
    let title = base.flags[i] & TITLE;
    for (let k = 0; k < others.length; k += 1) {
      const other = others[k];
      while (at[k] < other.ids.length && comesBefore(facts, other, at[k], base, i) < 0) at[k] += 1;
      if (at[k] >= other.ids.length || comesBefore(facts, other, at[k], base, i) !== 0) continue items;
      title &= other.flags[at[k]];
    }
    visit(base, i, title);
  }
}

/** Items holding any word (their title tier: titles holding any of them), each once: the lists merged. */
function anyWord(lists: TermPostings[], facts: ItemFacts, visit: Visit): void {
  const at = new Uint32Array(lists.length);
  for (;;) {
    let first = -1;
    for (let k = 0; k < lists.length; k += 1) {
      if (at[k] < lists[k].ids.length && (first < 0 || comesBefore(facts, lists[k], at[k], lists[first], at[first]) < 0)) first = k;
    }
    if (first < 0) return;
    const p = lists[first];
    const i = at[first];
    let title = 0;
    for (let k = 0; k < lists.length; k += 1) {
      if (at[k] < lists[k].ids.length && comesBefore(facts, lists[k], at[k], p, i) === 0) {
        title |= lists[k].flags[at[k]] & TITLE;
        at[k] += 1;
      }
    }
    visit(p, i, title);
  }
}

/**
 * The matches a search's filters keep, in relevance order (the title tier, then the postings' order: that of
 * repositories/search.ts), at most SEARCH_MAX_RESULTS; `total` counts them all. One pass, no sort: the matches come
 * in order, the title tier is kept apart until the end.
 */
function ranked(walk: (visit: Visit) => void, request: SearchRequest, facts: ItemFacts): { matches: Matches; total: number } {
  const categories = request.categoryIds ? new Set(request.categoryIds) : undefined;
  const ext = request.extCate ? EXT_CATES.indexOf(request.extCate) + 1 : 0;
  if (request.extCate && !ext) return { matches: noMatches(), total: 0 }; // no such kind
  const tiers: { ids: number[]; kinds: number[] }[] = [{ ids: [], kinds: [] }, { ids: [], kinds: [] }];
  let total = 0;
  walk((p, i, title) => {
    const blog = p.flags[i] & BLOG;
    const id = p.ids[i];
    if (request.type === (blog ? 'docs' : 'blogs')) return;
    if (ext && (blog || facts.of(0).exts[id] !== ext)) return;
    if (categories && !categories.has(facts.of(blog).categories[id])) return;
    total += 1;
    const tier = tiers[title ? 1 : 0];
    if (tier.ids.length < SEARCH_MAX_RESULTS) {
      tier.ids.push(id);
      tier.kinds.push(hitKind(blog ? 'blogs' : 'docs', title ? 1 : 0));
    }
  });
  // the title tier, then the rest, straight into the kept arrays
  const n = Math.min(SEARCH_MAX_RESULTS, tiers[1].ids.length + tiers[0].ids.length);
  const matches = { ids: new Float64Array(n), kinds: new Uint8Array(n) };
  let at = 0;
  for (const tier of [tiers[1], tiers[0]]) {
    for (let i = 0; i < tier.ids.length && at < n; i += 1, at += 1) {
      matches.ids[at] = tier.ids[i];
      matches.kinds[at] = tier.kinds[i];
    }
  }
  return { matches, total };
}

/**
 * `ranked` for one word and no filter but the type, the common search: the same matches in the same order, from loops
 * over the postings' typed arrays instead of a visit per item (a common word holds tens of thousands of items, and
 * walking them was a fifteenth of the API's thread under load; docs/performance.md, "Kept rows in columns").
 */
function rankedOneWord(p: TermPostings, type: SearchRequest['type']): { matches: Matches; total: number } {
  const wanted = type === 'docs' ? 0 : type === 'blogs' ? BLOG : -1; // -1: both
  const { ids, flags } = p;
  let total = 0;
  let titled = 0;
  for (let i = 0; i < ids.length; i += 1) {
    if (wanted >= 0 && (flags[i] & BLOG) !== wanted) continue;
    total += 1;
    if (flags[i] & TITLE) titled += 1;
  }
  // each tier keeps at most SEARCH_MAX_RESULTS, the title tier first (ranked's tiers)
  const n = Math.min(SEARCH_MAX_RESULTS, Math.min(titled, SEARCH_MAX_RESULTS) + Math.min(total - titled, SEARCH_MAX_RESULTS));
  const matches = { ids: new Float64Array(n), kinds: new Uint8Array(n) };
  let at = 0;
  for (const tier of [TITLE, 0]) {
    for (let i = 0; i < ids.length && at < n; i += 1) {
      if ((wanted >= 0 && (flags[i] & BLOG) !== wanted) || (flags[i] & TITLE) !== tier) continue;
      matches.ids[at] = ids[i];
      matches.kinds[at] = hitKind(flags[i] & BLOG ? 'blogs' : 'docs', tier ? 1 : 0);
      at += 1;
    }
  }
  return { matches, total };
}

export interface TermIndexOptions {
  /** A word's postings, kept (caches.ts) until a change touches them (termChanges); decoded into `facts`. */
  postings(term: string): Promise<TermPostings>;
  facts: ItemFacts;
  /** Resolves once the changes heard so far have been applied to the kept words (termChanges). */
  settled(): Promise<void>;
  /** Whether postings are kept now: without, reading every match of a common word costs more than the database's search. */
  kept(): boolean;
  /** The database's own search: for an order other than relevance, and while postings are not kept. */
  database: SearchEngine;
}

/**
 * Search by relevance from each word's postings, kept in memory: the words' lists are intersected (or, when no item
 * holds them all, joined), filtered and ordered here, so that a search of kept words reads nothing from the database.
 * The same matches, count and order as the database's search (a test compares them); a word's postings cost one read
 * of its matches, as a search of it did, then nothing until a change of an item it held or holds (termChanges;
 * docs/performance.md, "Words kept as postings" and "Kept words through changes").
 */
export function termIndexSearch(options: TermIndexOptions): SearchEngine {
  return {
    async prepare(request): Promise<PreparedSearch> {
      if ((request.order ?? 'relevance') !== 'relevance' || !options.kept()) return options.database.prepare(request);
      const parsed = parseQuery(request.text);
      const { keyword, terms } = parsed;
      const marks = searchMarks(parsed);
      if (!terms.length) return { keyword, terms: marks, count: 0, hits: async () => [] };
      await options.settled(); // the words a change heard so far touched are forgotten first
      let lists: TermPostings[];
      try {
        lists = await Promise.all(terms.map((t) => options.postings(t)));
      } catch (err) {
        if (err instanceof RangeError) return options.database.prepare(request); // an item past the kept ids
        throw err;
      }
      const { facts } = options;
      // a change came while a word was read, and it is not yet known whether it touched the word
      if (lists.some((list) => list.checked < facts.lastChange())) return options.database.prepare(request);
      let found =
        lists.length === 1 && !request.extCate && !request.categoryIds
          ? rankedOneWord(lists[0], request.type)
          : ranked((visit) => everyWord(lists, facts, visit), request, facts);
      if (found.total === 0 && terms.length > 1) found = ranked((visit) => anyWord(lists, facts, visit), request, facts);
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

/** At most this many items' changes are applied word by word at once; a larger batch forgets every kept word. */
export const TERM_CHANGES_BATCH = 200;

export interface TermChangesOptions {
  /** The kept words (caches.ts), by the word. */
  kept: { entries(): Iterator<[string, TermPostings]> & Iterable<[string, TermPostings]>; forget(term: string): void; clear(): void };
  facts: ItemFacts;
  /** The content generation now (ContentChanges.items: a change has bumped it before it is heard here). */
  generation(): number;
  /** Whether words are kept now (caches.ts): while not, a change only marks everything changed. */
  enabled(): boolean;
  /** The words the items' search vectors hold now (none for an item that is gone): repositories/search.ts. */
  itemWords(items: ChangedItem[]): Promise<string[]>;
  /** A failed application (a read of the words): every kept word is forgotten instead. */
  onError(err: unknown): void;
}

/**
 * Applies content changes to the kept words. A change naming its item forgets only the words it touches: those whose
 * postings hold the item (it may have lost the word, its title or its facts), and those its search vector holds now (it
 * may have gained the word). Every other word is checked up to the change and kept. Changes are applied in batches, one
 * read of the items' words each; until a batch is applied, searches wait for it (`settled`). A change naming no item
 * (the category tree, the LISTEN connection lost or back) forgets every word. Before this, every change forgot every
 * word (docs/performance.md, "Kept words through changes").
 */
export function termChanges(options: TermChangesOptions) {
  const { kept, facts } = options;
  let pending: ChangedItem[] = [];
  let applied: Promise<void> = Promise.resolve();
  const forgetAll = () => {
    facts.changedAll(options.generation());
    kept.clear();
  };
  const apply = async () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    if (batch.length > TERM_CHANGES_BATCH) return forgetAll();
    if (kept.entries().next().done) return; // nothing kept, nothing to forget (a read a change overtook is not kept)
    const upTo = options.generation();
    // the words whose postings hold a changed item: it changed after they were checked
    const stale: string[] = [];
    const changes = [facts.of(0).changes, facts.of(BLOG).changes];
    for (const [term, list] of kept.entries()) {
      for (let i = 0; i < list.ids.length; i += 1) {
        if (changes[list.flags[i] & BLOG][list.ids[i]] > list.checked) {
          stale.push(term);
          break;
        }
      }
    }
    stale.forEach((term) => kept.forget(term));
    let words: string[];
    try {
      words = await options.itemWords(batch);
    } catch (err) {
      options.onError(err);
      return forgetAll();
    }
    words.forEach((term) => kept.forget(term));
    for (const [, list] of kept.entries()) list.checked = Math.max(list.checked, upTo);
  };
  return {
    /** A change was heard (ContentChanges.onChange). */
    changed(item?: ChangedItem): void {
      if (!item || !options.enabled()) {
        pending = [];
        forgetAll();
        return;
      }
      facts.changed(options.generation(), item.table === 'blogs' ? BLOG : 0, item.id);
      pending.push(item);
      if (pending.length === 1) {
        applied = applied.then(apply).catch((err: unknown) => {
          options.onError(err);
          forgetAll();
        });
      }
    },
    /** Resolves once every change heard so far is applied. */
    settled: (): Promise<void> => applied,
  };
}
