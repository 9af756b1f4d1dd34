/**
 * Reads by key that callers ask for in the same turn of the event loop, made as one read of every key they asked for.
 * The pages of searches made anew each miss a few rows (list-rows.ts) and a few words' postings (caches.ts): at 100
 * connections that was 1,200 reads of rows a second, two or three rows each. On PostgreSQL each read waited for one
 * of the pool's connections, 47 ms on average, and on PGlite each paid its statement's fixed cost in the one thread
 * (docs/performance.md, "Reads shared by the pages of one turn").
 *
 * The read starts in the check phase (setImmediate), after the requests of the turn's I/O have asked. A read already
 * under way is not joined: it may have begun before a change a later caller must see. A read that fails fails every
 * caller that shared it (a lost connection would have failed their own reads as well); none of it is kept.
 */
export type CoalescedRead<K, V> = (keys: readonly K[]) => Promise<Map<K, V>>;

/** `read` gets the distinct keys of a turn, at most `maxKeys` at a time, and answers with what it found of them. */
export function coalescedReads<K, V>(read: (keys: K[]) => Promise<Map<K, V>>, maxKeys = 500): CoalescedRead<K, V> {
  /** The keys of reads not begun yet, each to its read's result. */
  const waiting = new Map<K, Promise<Map<K, V>>>();
  /** The read that takes more keys, until it begins or is full. */
  let open: { keys: K[]; result: Promise<Map<K, V>> } | undefined;

  const openRead = () => {
    const keys: K[] = [];
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      for (const key of keys) waiting.delete(key);
      if (open?.keys === keys) open = undefined;
      return read(keys);
    });
    return { keys, result };
  };

  return async (keys) => {
    const reads = new Set<Promise<Map<K, V>>>();
    for (const key of keys) {
      let result = waiting.get(key);
      if (!result) {
        if (!open || open.keys.length >= maxKeys) open = openRead();
        open.keys.push(key);
        waiting.set(key, open.result);
        result = open.result;
      }
      reads.add(result);
    }
    const founds = await Promise.all(reads);
    const out = new Map<K, V>(); // in the order of `keys`
    for (const key of keys) {
      for (const found of founds) {
        const value = found.get(key);
        if (value !== undefined) {
          out.set(key, value);
          break;
        }
      }
    }
    return out;
  };
}
