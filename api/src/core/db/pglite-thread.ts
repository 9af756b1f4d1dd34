import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './pglite';
import type { Queryable } from './types';
import type { ThreadReply, ThreadRequest } from './pglite-worker';

/**
 * The worker thread side of `openPgliteWorker` (pglite-worker.ts): opens PGlite on the folder it is given and runs
 * each request of the API's thread against it, transactions by id, NOTIFY messages posted back as they come.
 */
async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-thread runs as a worker thread');
  const { dir } = workerData as { dir?: string };
  const db = await openPglite(dir);
  const transactions = new Map<number, { tx: Queryable; end: (commit: boolean) => void }>();
  const stops = new Map<number, () => Promise<void>>();
  const post = (reply: ThreadReply) => port.postMessage(reply);
  const answer = (id: number, work: () => Promise<unknown>) => {
    work().then(
      (value) => post({ id, value }),
      (err: unknown) => post({ id, error: errorFields(err) }),
    );
  };
  const target = (tx: number | undefined): Queryable => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };
  port.on('message', (request: ThreadRequest) => {
    switch (request.op) {
      case 'query':
        return answer(request.id, async () => target(request.tx).query(request.sql, request.params));
      case 'exec':
        return answer(request.id, async () => target(request.tx).exec(request.sql));
      case 'prepared':
        return answer(request.id, () => db.preparedQuery(request.name, request.sql, request.params));
      case 'begin': {
        // the transaction stays open until its 'end'; the reply to 'begin' comes once it is open (or the error that
        // kept it from opening), the reply to 'end' once it is committed or rolled back
        let opened = false;
        void db
          .transaction(
            (tx) =>
              new Promise<void>((resolve, reject) => {
                opened = true;
                transactions.set(request.id, { tx, end: (commit) => (commit ? resolve() : reject(new RolledBack())) });
                post({ id: request.id, value: null });
              }),
          )
          .then(
            () => post({ id: -request.id, value: null }),
            (err: unknown) => {
              if (!opened) post({ id: request.id, error: errorFields(err) });
              else post({ id: -request.id, ...(err instanceof RolledBack ? { value: null } : { error: errorFields(err) }) });
            },
          )
          .finally(() => transactions.delete(request.id));
        return;
      }
      case 'end':
        return transactions.get(request.tx)?.end(request.commit);
      case 'listen':
        return answer(request.id, async () => {
          const listen = db.listen;
          if (!listen) throw new Error('no LISTEN');
          stops.set(request.id, await listen.call(db, request.channel, (payload) => post({ id: 0, notify: request.id, payload }), () => {}));
          return null;
        });
      case 'unlisten':
        return answer(request.id, async () => {
          await stops.get(request.listen)?.();
          stops.delete(request.listen);
          return null;
        });
      case 'close':
        return answer(request.id, () => db.close());
    }
  });
  post({ id: 0, value: 'ready' });
}

class RolledBack extends Error {}

/** An error's message and own fields (PostgreSQL's code, detail, constraint ...), which a message can carry. */
function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return fields;
}

serve().catch((err: unknown) => {
  parentPort?.postMessage({ id: 0, error: errorFields(err) });
});
