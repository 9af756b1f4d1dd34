/** A kept value, its size as its owner counts it, and Date.now() of when what it shows was read. */
export interface LruEntry<V> {
  value: V;
  bytes: number;
  at: number;
  /** Its place in the order: the count of sets and moves when it was last set or moved. */
  turn: number;
}

/** Up to this many entries every use moves its entry (the order exact); above, only the older half's do. */
const EXACT_ORDER_UP_TO = 256;

/**
 * Values by key, least recently used first out, within `maxEntries` values and `maxBytes` bytes; each with the time
 * it was read, so that its owner's time limit drops it. The one eviction the content caches share (kept-cache.ts for
 * answers and postings, list-rows.ts for list rows, load.ts for detail rows); what may be kept and when a change
 * makes a value stale is each owner's rule.
 */
export class BoundedLru<K, V> {
  // a Map iterates in insertion order: the first key is the least recently used one
  private readonly map = new Map<K, LruEntry<V>>();
  private kept = 0;
  private turns = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    /** Told of each value that leaves, by any way (RowColumns gives its slot back). */
    private readonly dropped?: (value: V) => void,
  ) {}

  /**
   * The entry of `key` if it was read less than `ttlMs` before `now`, then the most recently used; an older one is
   * dropped. In a cache of more than EXACT_ORDER_UP_TO entries, a used entry in the newer half of the order stays
   * where it is, since at least half the entries go out before it: moving is a Map delete and set, and a search page's
   * 20 rows moved on every use were 4% of the API's thread under load (docs/performance.md, "Kept rows in columns").
   */
  fresh(key: K, ttlMs: number, now = Date.now()): LruEntry<V> | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= ttlMs) {
      this.drop(key, entry);
      return undefined;
    }
    if (this.map.size <= EXACT_ORDER_UP_TO || this.turns - entry.turn > this.map.size >> 1) {
      this.map.delete(key);
      entry.turn = ++this.turns;
      this.map.set(key, entry);
    }
    return entry;
  }

  /** Keeps `value` as `key`'s (the most recently used), then drops the least recently used past either bound. */
  set(key: K, value: V, bytes: number, at: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.map.set(key, { value, bytes, at, turn: ++this.turns });
    this.kept += bytes;
    for (const [oldest, entry] of this.map) {
      if (this.kept <= this.maxBytes && this.map.size <= this.maxEntries) break;
      this.drop(oldest, entry);
    }
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (entry) this.drop(key, entry);
  }

  clear(): void {
    if (this.dropped) for (const entry of this.map.values()) this.dropped(entry.value);
    this.map.clear();
    this.kept = 0;
  }

  private drop(key: K, entry: LruEntry<V>): void {
    this.map.delete(key);
    this.kept -= entry.bytes;
    this.dropped?.(entry.value);
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.kept;
  }

  /** Kept entries, least recently used first (do not change the cache while walking). */
  entries(): IterableIterator<[K, LruEntry<V>]> {
    return this.map.entries();
  }
}
