import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkPrepared, type PreparedParam } from './prepared';
import type { Db, Queryable, Row } from './types';

/** What the API's thread asks the database thread (pglite-thread.ts). */
export type ThreadRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; id: number; sql: string; tx?: number }
  | { op: 'prepared'; id: number; name: string; sql: string; params: PreparedParam[] }
  | { op: 'begin'; id: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listen: number }
  | { op: 'close'; id: number };

/**
 * Its answers: `id` the request's (a transaction's end: minus its id), `value` or `error`; a NOTIFY message has id 0
 * and names its LISTEN request.
 */
export type ThreadReply = { id: number; value?: unknown; error?: Record<string, unknown>; notify?: number; payload?: string };

/** An Error with the fields the database thread sent (PostgreSQL's `code`, `detail`, `constraint` ...). */
function rebuildError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** The worker thread's entry, beside this file: `.js` once built, `.ts` in the sources. */
const THREAD_ENTRY = path.join(__dirname, `pglite-thread${path.extname(__filename)}`);

/** Whether the thread's entry is built JavaScript a worker can load as it is. */
export function pgliteThreadBuilt(): boolean {
  return THREAD_ENTRY.endsWith('.js') && existsSync(THREAD_ENTRY);
}

/** The API thread's end of the messages: requests by id, their answers, NOTIFY messages, a thread gone. */
function threadChannel(worker: Worker, onFatal?: (err: Error) => void) {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<number, { onMessage: (payload: string) => void; onLost: (err: Error) => void }>();
  let failed: Error | undefined;
  let closing = false;
  const failAll = (err: Error) => {
    if (failed) return;
    failed = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (closing) return;
    // the thread stopped on its own: no NOTIFY will come, and nothing the database answers will either
    for (const listener of listeners.values()) listener.onLost(err);
    listeners.clear();
    onFatal?.(err);
  };
  const waitFor = <T>(id: number): Promise<T> => {
    if (failed) return Promise.reject(failed);
    return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  };
  // the thread's first message, id 0: PGlite is open, or could not be
  const ready = waitFor<void>(0);
  worker.on('message', (reply: ThreadReply) => {
    if (reply.notify !== undefined) {
      listeners.get(reply.notify)?.onMessage(reply.payload ?? '');
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.error) waiting.reject(rebuildError(reply.error));
    else waiting.resolve(reply.value);
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`PGlite's thread stopped (${code})`)));
  return {
    ready,
    listeners,
    failed: () => failed,
    /** Closing: what waits fails, and the thread's end is no failure. */
    close(): void {
      closing = true;
      failAll(new Error("PGlite's thread stopped (closed)"));
    },
    newId: () => nextId++,
    waitFor,
    /** Sends a request and waits for its answer. */
    ask<T>(request: ThreadRequest & { id: number }): Promise<T> {
      const answer = waitFor<T>(request.id);
      if (!failed) {
        try {
          worker.postMessage(request);
        } catch (err) {
          // a parameter a message cannot carry (a function, a symbol)
          pending.get(request.id)?.reject(err as Error);
          pending.delete(request.id);
        }
      }
      return answer;
    },
    send(request: ThreadRequest): void {
      worker.postMessage(request);
    },
  };
}

/**
 * PGlite in a worker thread of its own: the database's work (PostgreSQL in WASM, most of a search's CPU that reaches
 * it) runs beside the API's thread instead of in it, so that the two cores share a search and answers kept in memory
 * are not held up by queries (docs/performance.md, "PGlite in a thread of its own"). The same `Db` as openPglite,
 * which the worker runs (pglite-thread.ts). `onFatal`: the thread stopped on its own once open (out of memory, a crash),
 * after which every query fails: the server stops, as it would have with PGlite in its thread. `execArgv`: the worker's
 * Node options (the tests' TypeScript loader).
 */
export async function openPgliteWorker(dir?: string, options: { onFatal?: (err: Error) => void; execArgv?: string[] } = {}): Promise<Db> {
  const { execArgv } = options;
  const worker = new Worker(THREAD_ENTRY, { workerData: { dir }, ...(execArgv ? { execArgv } : {}) });
  let opened = false;
  const channel = threadChannel(worker, (err) => {
    if (opened) options.onFatal?.(err);
  });
  try {
    await channel.ready;
    opened = true;
  } catch (err) {
    channel.close();
    await worker.terminate();
    throw err;
  }
  const { ask, newId } = channel;
  const queryable = (tx?: number): Queryable => ({
    query: <T extends object = Row>(sql: string, params: readonly unknown[] = []) => ask<T[]>({ op: 'query', id: newId(), sql, params: [...params], tx }),
    exec: async (sql: string) => {
      await ask({ op: 'exec', id: newId(), sql, tx });
    },
  });
  const root = queryable();
  let closing: Promise<void> | undefined;
  return {
    engine: 'pglite',
    query: root.query,
    exec: root.exec,
    preparedQuery<T extends object = Row>(name: string, sql: string, params: readonly PreparedParam[]): Promise<T[]> {
      checkPrepared(name, params);
      return ask<T[]>({ op: 'prepared', id: newId(), name, sql, params: [...params] as PreparedParam[] });
    },
    async transaction(fn) {
      const id = newId();
      await ask({ op: 'begin', id });
      // the thread answers the end (committed, rolled back, or the commit's error) under minus the id
      const ended = channel.waitFor(-id).catch((err: Error) => err);
      let result;
      try {
        result = await fn(queryable(id));
      } catch (err) {
        channel.send({ op: 'end', tx: id, commit: false });
        await ended;
        throw err;
      }
      channel.send({ op: 'end', tx: id, commit: true });
      const outcome = await ended;
      if (outcome instanceof Error) throw outcome;
      return result;
    },
    async listen(listenChannel, onMessage, onLost) {
      const id = newId();
      channel.listeners.set(id, { onMessage, onLost });
      try {
        await ask({ op: 'listen', id, channel: listenChannel });
      } catch (err) {
        channel.listeners.delete(id);
        throw err;
      }
      return async () => {
        channel.listeners.delete(id);
        if (!channel.failed()) await ask({ op: 'unlisten', id: newId(), listen: id });
      };
    },
    close() {
      closing ??= (async () => {
        try {
          if (!channel.failed()) await ask({ op: 'close', id: newId() });
        } finally {
          channel.close();
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
