import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireDirLock } from './lockfile';
import { checkPrepared, preparedLiteral, type PreparedParam } from './prepared';
import type { Db, Queryable, Row } from './types';

/** PGlite's buffer pool (see pglite-thread.cjs, which creates the database with it). */
export const SHARED_BUFFERS = '32MB';

type Message = Record<string, unknown>;
interface ThreadError {
  message: string;
  [field: string]: unknown;
}

/**
 * Dates as this realm's Date. A value a worker thread sends arrives built by the process's main realm; code that runs
 * in another realm of the same thread (Jest's sandbox of the API's tests) would not see it as `instanceof Date`.
 */
function ownDates(rows: Row[]): Row[] {
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'object' && value !== null && !(value instanceof Date) && Object.prototype.toString.call(value) === '[object Date]') {
        row[key] = new Date((value as Date).getTime());
      }
    }
  }
  return rows;
}

/**
 * The worker thread PGlite runs in (pglite-thread.cjs): a call is a message answered by id. PGlite runs its
 * statements synchronously on the thread that calls it; on the API's thread every query stopped every other
 * request (under 100 connections of searches, half of that thread's time: docs/performance.md), so it runs on a
 * thread of its own and the API's thread only waits for the answer. If the thread dies, every call fails.
 */
function threadClient(worker: Worker) {
  const pending = new Map<number, { resolve: (m: Message) => void; reject: (err: Error) => void }>();
  const channels = new Map<string, (payload: string) => void>();
  const lost = new Set<(err: Error) => void>();
  let nextId = 1;
  let dead: Error | undefined;
  const fail = (err: Error) => {
    const closed = dead !== undefined;
    dead ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (!closed) for (const onLost of lost) onLost(err);
    lost.clear();
  };
  worker.on('message', (m: Message) => {
    if (typeof m.notify === 'string') return channels.get(m.notify)?.(String(m.payload ?? ''));
    const call = pending.get(m.id as number);
    if (!call) return;
    pending.delete(m.id as number);
    if (m.error) call.reject(Object.assign(new Error((m.error as ThreadError).message), m.error as ThreadError));
    else call.resolve(m);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`PGlite thread exited (${code})`)));
  return {
    call(message: Message): Promise<Message> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...message, id });
      });
    },
    channels,
    lost,
    /** Closing on purpose: from now on calls fail, and the thread's end is no loss to report. */
    shut() {
      dead ??= new Error('the database is closed');
      lost.clear();
    },
  };
}

/** Starts the thread; resolves once PGlite is open, rejects with its error when it cannot open. */
function startThread(dir: string | undefined): Promise<Worker> {
  const worker = new Worker(path.join(__dirname, 'pglite-thread.cjs'), { workerData: { dir, sharedBuffers: SHARED_BUFFERS } });
  return new Promise((resolve, reject) => {
    const early = (err: Error) => reject(err);
    worker.once('error', early);
    worker.once('message', (m: Message) => {
      worker.off('error', early);
      if (m.ready) return resolve(worker);
      void worker.terminate();
      reject(Object.assign(new Error((m.error as ThreadError).message), m.error as ThreadError));
    });
  });
}

/**
 * Embedded PostgreSQL (WASM) in a worker thread. `dir` is the database folder (created when missing); without it
 * the database lives in memory and is gone at close.
 */
export async function openPglite(dir?: string): Promise<Db> {
  let release = (): void => {};
  if (dir) {
    release = acquireDirLock(dir);
    mkdirSync(dir, { recursive: true });
  }
  let worker: Worker;
  try {
    worker = await startThread(dir);
  } catch (err) {
    release();
    throw err;
  }
  const thread = threadClient(worker);
  const queryable = (tx?: number): Queryable => ({
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return ownDates((await thread.call({ op: 'query', sql, params: [...params], tx })).rows as Row[]) as T[];
    },
    async exec(sql: string): Promise<void> {
      await thread.call({ op: 'exec', sql, tx });
    },
  });
  const root = queryable();
  let closing: Promise<void> | undefined;
  return {
    engine: 'pglite',
    query: root.query,
    exec: root.exec,
    async preparedQuery<T extends object = Row>(name: string, sql: string, params: readonly PreparedParam[]): Promise<T[]> {
      checkPrepared(name, params);
      // integers, or texts quoted by preparedLiteral (checked above), so the literals cannot carry SQL. The generic
      // plan, always: PostgreSQL would otherwise plan each call anew whenever its generic plan looks costlier than
      // the custom ones, which it always does for `LIMIT $n` (guessed as 10 % of the rows); planning is what PGlite
      // pays most for. (PGlite's extended protocol parses and plans every call; the thread PREPAREs once.)
      const args = params.length ? `(${params.map(preparedLiteral).join(', ')})` : '';
      const execute = `SET plan_cache_mode = force_generic_plan; EXECUTE ${name}${args}; RESET plan_cache_mode`;
      return ownDates((await thread.call({ op: 'prepared', name, sql, execute })).rows as Row[]) as T[];
    },
    async transaction(fn) {
      const tx = (await thread.call({ op: 'begin' })).tx as number;
      let result;
      try {
        result = await fn(queryable(tx));
      } catch (err) {
        await thread.call({ op: 'rollback', tx }).catch(() => undefined);
        throw err;
      }
      await thread.call({ op: 'commit', tx });
      return result;
    },
    // PGlite's own LISTEN: this process is the only one, and NOTIFY is still heard only once its transaction commits
    // (the thread posts it before the answer of the statement that committed it)
    async listen(channel, onMessage, onLost) {
      thread.channels.set(channel, onMessage);
      thread.lost.add(onLost);
      await thread.call({ op: 'listen', channel });
      return async () => {
        thread.channels.delete(channel);
        thread.lost.delete(onLost);
        await thread.call({ op: 'unlisten', channel }).catch(() => undefined);
      };
    },
    close() {
      closing ??= (async () => {
        try {
          await thread.call({ op: 'close' }).catch(() => undefined);
          thread.shut();
          await worker.terminate();
        } finally {
          release();
        }
      })();
      return closing;
    },
  };
}
