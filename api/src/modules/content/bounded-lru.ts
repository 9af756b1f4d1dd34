/** A kept value, its size as its owner counts it, and Date.now() of when what it shows was read. */
export interface LruEntry<V> {
  value: V;
  bytes: number;
  at: number;
}

/**
 * Values by key, least recently used first out, within `maxEntries` values and `maxBytes` bytes; each with the time
 * it was read, so that its owner's time limit drops it. The eviction of the content caches' values (kept-cache.ts:
 * answers, prepared searches, postings, counts); what may be kept and when a change makes a value stale is each owner's
 * rule. Rows by id keep the same order in typed arrays beside their columns instead (row-columns.ts), since an entry
 * object per row was 5 MB of heap for 50,000 rows.
 */
export class BoundedLru<K, V> {
  // a Map iterates in insertion order: the first key is the least recently used one
  private readonly map = new Map<K, LruEntry<V>>();
  private kept = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** The entry of `key` if it was read less than `ttlMs` before `now`, then the most recently used; an older one is dropped. */
  fresh(key: K, ttlMs: number, now = Date.now()): LruEntry<V> | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    if (now - entry.at >= ttlMs) {
      this.kept -= entry.bytes;
      return undefined;
    }
    this.map.set(key, entry);
    return entry;
  }

  /** Keeps `value` as `key`'s (the most recently used), then drops the least recently used past either bound. */
  set(key: K, value: V, bytes: number, at: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.map.set(key, { value, bytes, at });
    this.kept += bytes;
    for (const [oldest, entry] of this.map) {
      if (this.kept <= this.maxBytes && this.map.size <= this.maxEntries) break;
      this.map.delete(oldest);
      this.kept -= entry.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.kept -= entry.bytes;
  }

  clear(): void {
    this.map.clear();
    this.kept = 0;
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
