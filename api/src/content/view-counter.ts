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

export function viewCounter(db: Db, onError: (err: unknown) => void): ViewCounter {
  const counts = { documents: new Map<number, number>(), blogs: new Map<number, number>() };
  let flushing: Promise<void> = Promise.resolve();
  const flushNow = async () => {
    for (const table of ['documents', 'blogs'] as const) {
      const map = counts[table];
      if (!map.size) continue;
      const entries = [...map];
      map.clear();
      try {
        await db.query(
          `UPDATE ${table} t SET views = t.views + v.n
             FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE t.id = v.id`,
          [entries.map(([id]) => id), entries.map(([, n]) => n)],
        );
      } catch (err) {
        onError(err);
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
