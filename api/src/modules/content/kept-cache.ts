import { BoundedLru } from './bounded-lru';

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

/** A kept value and the content generation it was made in. */
interface Made<T> {
  value: T;
  generation: number;
}

export function keptCache<T>(options: KeptCacheOptions<T>): KeptCache<T> {
  const kept = new BoundedLru<string, Made<T>>(options.maxEntries, options.maxBytes);
  const making = new Map<string, { generation: number; value: Promise<T> }>();
  let hits = 0;
  let misses = 0;
  return {
    get(key, make) {
      if (!options.enabled()) return make();
      const generation = options.generation();
      const entry = kept.fresh(key, options.ttlMs());
      if (entry && (options.keepThroughChanges || entry.value.generation === generation)) {
        hits += 1;
        return Promise.resolve(entry.value.value);
      }
      if (entry) kept.delete(key);
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
          if (options.enabled() && options.generation() === generation) {
            kept.set(key, { value: made, generation }, options.sizeOf(key, made), options.madeAt?.(made) ?? Date.now());
          }
        },
        done,
      );
      return value;
    },
    forget: (key) => kept.delete(key),
    clear: () => kept.clear(),
    *entries() {
      for (const [key, entry] of kept.entries()) yield [key, entry.value.value] as [string, T];
    },
    stats: () => ({ entries: kept.size, bytes: kept.bytes, hits, misses }),
  };
}
