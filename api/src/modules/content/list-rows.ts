import { coalescedReads } from './coalesced-reads';
import { RowColumns, type RowCodec } from './row-columns';

/**
 * When the data a kept answer shows was read: its age is counted from the oldest row in it, so that an answer made
 * of kept rows (ListRows) shows a count no later than one made from the database (CONTENT_CACHE_LIMITS.answers.ttlMs).
 */
export interface ReadTime {
  /** Date.now() of the oldest read the answer is made of. */
  since: number;
}

export function readTime(): ReadTime {
  return { since: Date.now() };
}

export interface ListRowsOptions<T> {
  /** How a row is kept in columns (row-columns.ts). */
  codec: RowCodec<T>;
  /** Reads the rows of `ids` that exist (those of the pages of one turn together: coalesced-reads.ts). */
  fetch(ids: number[]): Promise<T[]>;
  /** How long a row is used after it was read: the answers' time limit (a count shows within it). */
  ttlMs(): number;
  maxEntries: number;
  /** Bytes the kept rows may take, as `sizeOf` counts them (a row's texts can be 10 times the benchmark's). */
  maxBytes: number;
  sizeOf(row: T): number;
  /** Whether a row may be kept: public items only (a page racing an unpublishing may read the row after it). */
  keepable(row: T): boolean;
  /** Bumped by every change: a read that a change overtook keeps nothing (the change may not be in it). */
  generation(): number;
  enabled(): boolean;
}

/**
 * Public documents' or blogs' rows as the pages of searches and of the mixed list show them, by id, kept for the
 * answers' time limit: a page whose answer is not kept is mostly made of rows another page read moments ago (the
 * load benchmark's searches: 90% of the rows they read had been read before in the same run), and on PGlite a
 * page's rows were most of a search's database time (docs/performance.md, "Rows of search pages kept"). A change of
 * an item forgets its row (`forget`); a count is not a change, and shows within the time limit, as the answers' do.
 */
export interface ListRows<T> {
  /**
   * The rows of `ids` (those that exist), kept ones and those `options.fetch` reads of the rest (with the rest of
   * the other pages of the turn); lowers `read.since` to the oldest row's read. Disabled, every row is read (still
   * together with the turn's other reads) and none kept.
   */
  get(ids: number[], read: ReadTime): Promise<Map<number, T>>;
  /** Forgets one item's row, or every row without an id. */
  forget(id?: number): void;
  /** Rows and bytes kept now, and how many rows were found kept or read (the benchmark and the tests look). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

export function listRows<T extends { id: number }>(options: ListRowsOptions<T>): ListRows<T> {
  const kept = new RowColumns<T>(options.codec, options.maxEntries, options.maxBytes);
  let hits = 0;
  let misses = 0;
  const readAndKeep = coalescedReads<number, T>(async (ids) => {
    const generation = options.generation();
    const at = Date.now();
    const rows = await options.fetch(ids);
    const keep = options.enabled() && options.generation() === generation;
    const found = new Map<number, T>();
    for (const row of rows) {
      found.set(row.id, row);
      if (keep && options.keepable(row)) kept.set(row, options.sizeOf(row), at);
    }
    return found; // a caller's read.since is older than `at`: it was taken before its page asked for rows
  });
  return {
    async get(ids, read) {
      if (!options.enabled()) return readAndKeep(ids);
      const out = new Map<number, T>();
      const now = Date.now();
      const ttl = options.ttlMs();
      const missing: number[] = [];
      for (const id of ids) {
        const entry = kept.fresh(id, ttl, now);
        if (entry) {
          out.set(id, entry.row);
          read.since = Math.min(read.since, entry.at);
        } else {
          missing.push(id);
        }
      }
      hits += out.size;
      misses += missing.length;
      if (!missing.length) return out;
      for (const [id, row] of await readAndKeep(missing)) out.set(id, row);
      return out;
    },
    forget(id) {
      if (id === undefined) kept.clear();
      else kept.delete(id);
    },
    stats: () => ({ entries: kept.size, bytes: kept.bytes, hits, misses }),
  };
}
