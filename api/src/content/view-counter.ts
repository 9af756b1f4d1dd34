import type { Db } from '../db';

/**
 * Views counted in memory and written in batches: a detail page must not wait for (or contend on) an UPDATE of
 * its row. `pending` lets an answer include the views not yet written.
 */
export interface ViewCounter {
  add(table: 'documents' | 'blogs', id: number): void;
  pending(table: 'documents' | 'blogs', id: number): number;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_MS = 5_000;
/** Rows per UPDATE of a flush. */
const FLUSH_CHUNK = 25;

export function viewCounter(db: Db, onError: (err: unknown) => void): ViewCounter {
  const counts = { documents: new Map<number, number>(), blogs: new Map<number, number>() };
  let flushing: Promise<void> = Promise.resolve();
  const flushNow = async () => {
    for (const table of ['documents', 'blogs'] as const) {
      const map = counts[table];
      if (!map.size) continue;
      const entries = [...map].sort(([a], [b]) => a - b);
      map.clear();
      // in small statements: each counted row is a non-HOT update that rewrites all its index entries (GIN
      // included), and PGlite runs its statements synchronously on this thread, so one UPDATE of 1,000 rows
      // froze the whole server for 2-3 s; between chunks the event loop takes the requests that came meanwhile
      for (let at = 0; at < entries.length; at += FLUSH_CHUNK) {
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        const chunk = entries.slice(at, at + FLUSH_CHUNK);
        try {
          await db.query(
            `UPDATE ${table} t SET views = t.views + v.n
               FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE t.id = v.id`,
            [chunk.map(([id]) => id), chunk.map(([, n]) => n)],
          );
        } catch (err) {
          onError(err);
        }
      }
    }
  };
  const timer = setInterval(() => {
    flushing = flushing.then(flushNow);
  }, FLUSH_MS);
  timer.unref();
  return {
    add(table, id) {
      counts[table].set(id, (counts[table].get(id) ?? 0) + 1);
    },
    pending(table, id) {
      return counts[table].get(id) ?? 0;
    },
    flush() {
      flushing = flushing.then(flushNow);
      return flushing;
    },
    async close() {
      clearInterval(timer);
      flushing = flushing.then(flushNow);
      await flushing;
    },
  };
}
