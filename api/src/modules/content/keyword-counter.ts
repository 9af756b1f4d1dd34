import type { Db } from '../../core/db';
import { countKeywordHits, type KeywordHit } from './repositories/keywords';

/**
 * Searches counted for the hot keywords in memory and written in batches (as the view counter does): a search
 * answer must not wait for, or contend on, a write transaction, and on PGlite one statement for a batch costs
 * about what one transaction per search did. `flush` writes what is queued now: the hot keywords and suggestions
 * call it before they read, so this process always sees its own searches; another process's within FLUSH_MS.
 */
export interface KeywordCounter {
  add(hit: KeywordHit): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_MS = 2_000;
/** Searches per statement. */
const BATCH = 500;
/** Searches waiting at most: past it (the database is down or far behind) new ones are not counted. */
const QUEUE_MAX = 20_000;
/**
 * Searches this process queued already (day, keyword, searcher): the database would refuse them again (a searcher
 * counts a keyword once a day, and an address that had its most searchers keeps having them), so they are not
 * queued twice. Forgotten all at once past SEEN_MAX.
 */
const SEEN_MAX = 20_000;

const keyOf = (hit: KeywordHit) => `${hit.day}\n${hit.keyword}\n${hit.searcher}`;

export function keywordCounter(db: Db, onError: (err: unknown) => void): KeywordCounter {
  let queued: KeywordHit[] = [];
  const seen = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();
  const flushNow = async () => {
    while (queued.length) {
      const batch = queued.slice(0, BATCH);
      queued = queued.slice(BATCH);
      try {
        await countKeywordHits(db, batch);
      } catch (err) {
        onError(err);
        for (const hit of batch) seen.delete(keyOf(hit)); // not counted: a later search may try again
      }
    }
  };
  const flush = () => (flushing = flushing.then(flushNow));
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();
  return {
    add(hit) {
      const key = keyOf(hit);
      if (seen.has(key) || queued.length >= QUEUE_MAX) return;
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.add(key);
      queued.push(hit);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
