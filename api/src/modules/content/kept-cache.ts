/**
 * Values kept in memory by key, least recently used first out: at most `maxEntries` values and `maxBytes` bytes
 * (as `sizeOf` counts them), each for at most `ttlMs()` (asked at each read), and only while `generation()` is the one the value was made
 * under (a change bumps it: every value made before is stale at once; but see keepThroughChanges). Requests for a key whose value is being
 * made wait for that one rather than making it again. While `enabled()` is false nothing is kept or shared.
 */
export interface KeptCacheOptions<T> {
  ttlMs(): number;
  maxEntries: number;
  maxBytes: number;
  sizeOf(key: string, value: T): number;
  generation(): number;
  enabled(): boolean;
  /**
   * Values outlive a change of `generation()` (their owner forgets the ones a change touched, `forget`); a value being
   * made while a change comes is still not kept.
   */
  keepThroughChanges?: boolean;
  /** When what a value shows was read (its age counts from then; default: when it was made). */
  madeAt?(value: T): number;
}

export interface KeptCache<T> {
  /** The kept value of `key`, or the one `make` makes (kept unless a change came while it was being made). */
  get(key: string, make: () => Promise<T>): Promise<T>;
  /** Forgets the kept value of `key`. */
  forget(key: string): void;
  /** Forgets every kept value. */
  clear(): void;
  /** The kept values with their keys, least recently used first (do not forget or get while walking). */
  entries(): IterableIterator<[string, T]>;
  /** Values and bytes kept now (the benchmark and the tests look). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

interface Entry<T> {
  value: T;
  bytes: number;
  generation: number;
  at: number;
}

export function keptCache<T>(options: KeptCacheOptions<T>): KeptCache<T> {
  const entries = new Map<string, Entry<T>>();
  const making = new Map<string, { generation: number; value: Promise<T> }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const drop = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const keep = (key: string, value: T, generation: number) => {
    const old = entries.get(key);
    if (old) drop(key, old);
    const entry = { value, bytes: options.sizeOf(key, value), generation, at: options.madeAt?.(value) ?? Date.now() };
    if (entry.bytes > options.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // a Map iterates in insertion order: the first key is the least recently used one
    for (const [oldest, e] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      drop(oldest, e);
    }
  };
  return {
    get(key, make) {
      if (!options.enabled()) return make();
      const generation = options.generation();
      const entry = entries.get(key);
      if (entry) {
        if ((options.keepThroughChanges || entry.generation === generation) && Date.now() - entry.at < options.ttlMs()) {
          hits += 1;
          entries.delete(key); // most recently used: to the end
          entries.set(key, entry);
          return Promise.resolve(entry.value);
        }
        drop(key, entry);
      }
      const pending = making.get(key);
      if (pending && pending.generation === generation) return pending.value;
      misses += 1;
      const value = make();
      making.set(key, { generation, value });
      const done = () => {
        if (making.get(key)?.value === value) making.delete(key);
      };
      value.then(
        (made) => {
          done();
          if (options.enabled() && options.generation() === generation) keep(key, made, generation);
        },
        done,
      );
      return value;
    },
    forget(key) {
      const entry = entries.get(key);
      if (entry) drop(key, entry);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    *entries() {
      for (const [key, entry] of entries) yield [key, entry.value] as [string, T];
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}
