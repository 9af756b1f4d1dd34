/**
 * Reads by id that callers ask for in the same turn of the event loop, made as one read of every id they asked for.
 * The pages of searches made anew each miss a few rows (list-rows.ts): at 100 connections that was 1,200 reads a
 * second of two or three rows each. On PostgreSQL each read waited for one of the pool's connections, 47 ms on
 * average, and on PGlite each paid its statement's fixed cost in the one thread (docs/performance.md, "Row reads
 * shared by the pages of one turn").
 *
 * The read starts in the check phase (setImmediate), after the requests of the turn's I/O have asked. A read already
 * under way is not joined: it may have begun before a change a later caller must see.
 */
export type CoalescedRead<V> = (ids: readonly number[]) => Promise<Map<number, V>>;

/** `read` gets the distinct ids of a turn, at most `maxIds` at a time, and answers with what it found of them. */
export function coalescedReads<V>(read: (ids: number[]) => Promise<Map<number, V>>, maxIds = 500): CoalescedRead<V> {
  /** The ids of reads not begun yet, each to its read's result. */
  const waiting = new Map<number, Promise<Map<number, V>>>();
  /** The read that takes more ids, until it begins or is full. */
  let open: { ids: number[]; result: Promise<Map<number, V>> } | undefined;

  const openRead = () => {
    const ids: number[] = [];
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      for (const id of ids) waiting.delete(id);
      if (open?.ids === ids) open = undefined;
      return read(ids);
    });
    return { ids, result };
  };

  return async (ids) => {
    const reads = new Set<Promise<Map<number, V>>>();
    for (const id of ids) {
      let result = waiting.get(id);
      if (!result) {
        if (!open || open.ids.length >= maxIds) open = openRead();
        open.ids.push(id);
        waiting.set(id, open.result);
        result = open.result;
      }
      reads.add(result);
    }
    const founds = await Promise.all(reads);
    const out = new Map<number, V>(); // in the order of `ids`
    for (const id of ids) {
      for (const found of founds) {
        const value = found.get(id);
        if (value !== undefined) {
          out.set(id, value);
          break;
        }
      }
    }
    return out;
  };
}
