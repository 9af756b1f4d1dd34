import type { BlogRow, DocRow } from './repositories/rows';

/**
 * The columns kept rows live in (RowColumns): whole numbers in an Int32Array, other numbers (dates as milliseconds)
 * in a Float64Array, texts in an array; each row at its slot, `ints`, `floats` and `texts` places from slot × width.
 */
export interface Columns {
  ints: Int32Array;
  floats: Float64Array;
  texts: string[];
}

/**
 * How one type of row is written to its slot's places in the columns and read back as a new object. Written by hand
 * per type, every field spelled out (also those documents and blogs share, as serialize.ts does), so that a read
 * builds an object literal of one shape (test/row-columns.test.ts reads back every field).
 */
export interface RowCodec<T> {
  ints: number;
  floats: number;
  texts: number;
  /** Writes `row` at places `i`, `f` and `t`; false when a value does not fit its column (the row is then not kept). */
  write(row: T, c: Columns, i: number, f: number, t: number, word: (text: string) => string): boolean;
  read(c: Columns, i: number, f: number, t: number): T;
}

/** Whether `n` is kept exactly by an Int32Array (a bigint, which a driver gives past 2^53, is not). */
function isInt32(n: number): boolean {
  return typeof n === 'number' && (n | 0) === n;
}

/** A nullable id or count as an int32: -1 for null (so the value itself must not be negative). */
function orMinusOne(n: number | null): number {
  return n === null ? -1 : n < 0 ? Number.NaN : n;
}

function fromMinusOne(n: number): number | null {
  return n < 0 ? null : n;
}

export const DOC_ROW_CODEC: RowCodec<DocRow> = {
  ints: 18,
  floats: 1,
  texts: 6,
  write(r, c, i, f, t, word) {
    const ints = [r.id, r.category_id, r.uploader_id, r.size, r.pages, r.status, r.score, r.rating, r.views, r.downloads,
      r.comment_count, r.collect_count, r.price, r.file_id, orMinusOne(r.preview_file_id), orMinusOne(r.preview_pages),
      r.is_free ? 1 : 0, r.free_quota_ok ? 1 : 0];
    if (!ints.every(isInt32) || !(r.create_time instanceof Date)) return false;
    c.ints.set(ints, i);
    c.floats[f] = r.create_time.getTime();
    c.texts[t] = r.title;
    c.texts[t + 1] = r.summary;
    c.texts[t + 2] = r.category_name;
    c.texts[t + 3] = r.uploader_name;
    c.texts[t + 4] = word(r.file_type);
    c.texts[t + 5] = word(r.ext_cate);
    return true;
  },
  read({ ints, floats, texts }, i, f, t) {
    return {
      id: ints[i],
      title: texts[t],
      summary: texts[t + 1],
      category_id: ints[i + 1],
      category_name: texts[t + 2],
      uploader_id: ints[i + 2],
      uploader_name: texts[t + 3],
      file_type: texts[t + 4],
      ext_cate: texts[t + 5],
      size: ints[i + 3],
      pages: ints[i + 4],
      status: ints[i + 5],
      score: ints[i + 6],
      rating: ints[i + 7],
      views: ints[i + 8],
      downloads: ints[i + 9],
      comment_count: ints[i + 10],
      collect_count: ints[i + 11],
      price: ints[i + 12],
      is_free: ints[i + 16] === 1,
      free_quota_ok: ints[i + 17] === 1,
      create_time: new Date(floats[f]),
      file_id: ints[i + 13],
      preview_file_id: fromMinusOne(ints[i + 14]),
      preview_pages: fromMinusOne(ints[i + 15]),
    };
  },
};

export const BLOG_ROW_CODEC: RowCodec<BlogRow> = {
  ints: 8,
  floats: 2,
  texts: 4,
  write(r, c, i, f, t) {
    const ints = [r.id, r.category_id, r.author_id, r.status, r.views, r.comment_count, r.collect_count, r.appendix_count];
    if (!ints.every(isInt32) || !(r.create_time instanceof Date) || !(r.update_time instanceof Date)) return false;
    c.ints.set(ints, i);
    c.floats[f] = r.create_time.getTime();
    c.floats[f + 1] = r.update_time.getTime();
    c.texts[t] = r.title;
    c.texts[t + 1] = r.summary;
    c.texts[t + 2] = r.category_name;
    c.texts[t + 3] = r.author_name;
    return true;
  },
  read({ ints, floats, texts }, i, f, t) {
    return {
      id: ints[i],
      title: texts[t],
      summary: texts[t + 1],
      category_id: ints[i + 1],
      category_name: texts[t + 2],
      author_id: ints[i + 2],
      author_name: texts[t + 3],
      status: ints[i + 3],
      views: ints[i + 4],
      comment_count: ints[i + 5],
      collect_count: ints[i + 6],
      appendix_count: ints[i + 7],
      create_time: new Date(floats[f]),
      update_time: new Date(floats[f + 1]),
    };
  },
};

/** Short texts many rows share (a file type, a kind) are kept once: at most this many. */
const MAX_WORDS = 256;
/** No slot: the end of the order. */
const NONE = -1;

/**
 * Rows by id in columns, least recently used first out past `maxEntries` rows or `maxBytes` bytes, each for its
 * owner's time limit. A row kept as an object took about 550 bytes of heap (25 properties, a Date, its own copies of
 * short texts, and an entry object of the least-recently-used order) and its collector's marking with it; in columns
 * its numbers and its place in the order (a list linked through typed arrays) are off the heap, and what is left there
 * is its texts and its id's entry in a Map (docs/performance.md, "Kept rows in columns"). A read builds a new object,
 * which dies young.
 */
export class RowColumns<T extends { id: number }> {
  private readonly columns: Columns;
  private readonly slotOf = new Map<number, number>();
  private readonly ids: Float64Array;
  private readonly readAt: Float64Array;
  private readonly sizes: Float64Array;
  /** The order, least recently used first: each slot's neighbours, NONE at the ends. */
  private readonly older: Int32Array;
  private readonly newer: Int32Array;
  private oldest = NONE;
  private newest = NONE;
  private readonly free: number[] = [];
  private kept = 0;
  private readonly words = new Map<string, string>();

  constructor(
    private readonly codec: RowCodec<T>,
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {
    const slots = maxEntries + 1;
    this.columns = {
      ints: new Int32Array(slots * codec.ints),
      floats: new Float64Array(slots * codec.floats),
      texts: Array.from({ length: slots * codec.texts }, () => ''),
    };
    this.ids = new Float64Array(slots);
    this.readAt = new Float64Array(slots);
    this.sizes = new Float64Array(slots);
    this.older = new Int32Array(slots);
    this.newer = new Int32Array(slots);
    this.freeAll();
  }

  /** The row of `id` and when it was read, if that was less than `ttlMs` before `now` (then the most recently used). */
  fresh(id: number, ttlMs: number, now: number): { row: T; at: number } | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const at = this.readAt[slot];
    if (now - at >= ttlMs) {
      this.remove(slot);
      return undefined;
    }
    this.unlink(slot);
    this.append(slot);
    const { codec } = this;
    return { row: codec.read(this.columns, slot * codec.ints, slot * codec.floats, slot * codec.texts), at };
  }

  /**
   * Keeps `row` (read at `at`) as the most recently used, the least recently used going first past either bound;
   * not when a value does not fit its column (then nothing else goes), or the row alone is over the bytes.
   */
  set(row: T, bytes: number, at: number): void {
    this.delete(row.id);
    if (bytes > this.maxBytes || this.maxEntries === 0) return;
    const slot = this.free.pop()!; // one slot more than the rows kept: the new row is written before any goes
    const { codec } = this;
    if (!codec.write(row, this.columns, slot * codec.ints, slot * codec.floats, slot * codec.texts, (text) => this.word(text))) {
      this.release(slot);
      return;
    }
    while (this.oldest !== NONE && (this.slotOf.size >= this.maxEntries || this.kept + bytes > this.maxBytes)) this.remove(this.oldest);
    this.ids[slot] = row.id;
    this.readAt[slot] = at;
    this.sizes[slot] = bytes;
    this.kept += bytes;
    this.slotOf.set(row.id, slot);
    this.append(slot);
  }

  delete(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) this.remove(slot);
  }

  clear(): void {
    this.slotOf.clear();
    this.columns.texts.fill('');
    this.oldest = this.newest = NONE;
    this.kept = 0;
    this.freeAll();
  }

  get size(): number {
    return this.slotOf.size;
  }

  get bytes(): number {
    return this.kept;
  }

  private remove(slot: number): void {
    this.unlink(slot);
    this.slotOf.delete(this.ids[slot]);
    this.kept -= this.sizes[slot];
    this.release(slot);
  }

  /** A slot given back: its texts let go, so that they can be collected. */
  private release(slot: number): void {
    this.columns.texts.fill('', slot * this.codec.texts, (slot + 1) * this.codec.texts);
    this.free.push(slot);
  }

  private freeAll(): void {
    this.free.length = 0;
    for (let slot = this.maxEntries; slot >= 0; slot -= 1) this.free.push(slot);
  }

  private append(slot: number): void {
    this.older[slot] = this.newest;
    this.newer[slot] = NONE;
    if (this.newest === NONE) this.oldest = slot;
    else this.newer[this.newest] = slot;
    this.newest = slot;
  }

  private unlink(slot: number): void {
    const before = this.older[slot];
    const after = this.newer[slot];
    if (before === NONE) this.oldest = after;
    else this.newer[before] = after;
    if (after === NONE) this.newest = before;
    else this.older[after] = before;
  }

  private word(text: string): string {
    const kept = this.words.get(text);
    if (kept !== undefined) return kept;
    if (this.words.size < MAX_WORDS) this.words.set(text, text);
    return text;
  }
}
