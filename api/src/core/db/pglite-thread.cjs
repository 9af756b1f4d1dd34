'use strict';
// PGlite in a worker thread of its own (core/db/pglite.ts starts it): the embedded database runs its statements
// synchronously on the thread that calls it, so on the API's own thread every query stopped every request. Here it
// answers messages of core/db/pglite.ts, one at a time as PGlite takes them:
//   { id, op: 'query', sql, params, tx? }      -> { id, rows }
//   { id, op: 'exec', sql, tx? }               -> { id }
//   { id, op: 'prepared', name, sql, execute } -> { id, rows }    (PREPARE once per name, then the EXECUTE text)
//   { id, op: 'begin' }                        -> { id, tx }      (a transaction held open until commit/rollback)
//   { id, op: 'commit' | 'rollback', tx }      -> { id }
//   { id, op: 'listen' | 'unlisten', channel } -> { id }          and { notify: channel, payload } for each NOTIFY
//   { id, op: 'close' }                        -> { id }
// A failure answers { id, error: { message, code, ... } } with the fields of PostgreSQL's error.
// Plain JavaScript (copied as it is by the build), so that the same file runs from src/ in the tests.
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

// core/db/parsers.ts's rules (int8 a number while safe, date as its text); the OIDs of int8 and date
const parsers = {
  20: (text) => {
    const big = BigInt(text);
    return big < BigInt(Number.MIN_SAFE_INTEGER) || big > BigInt(Number.MAX_SAFE_INTEGER) ? big : Number(big);
  },
  1082: (text) => text,
};
const ERROR_FIELDS = ['code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'severity', 'routine'];

let pg;
const prepared = new Map();
const transactions = new Map();
const listeners = new Map();
let nextTx = 1;

function errorOf(err) {
  const out = { message: err instanceof Error ? err.message : String(err) };
  for (const field of ERROR_FIELDS) if (err && err[field] !== undefined) out[field] = err[field];
  return out;
}

function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error('transaction is not open');
  return open.tx;
}

async function prepare(name, sql) {
  let statement = prepared.get(name);
  if (!statement) {
    statement = { sql, ready: pg.exec(`PREPARE ${name} AS ${sql}`) };
    prepared.set(name, statement);
    statement.ready.catch(() => prepared.delete(name));
  } else if (statement.sql !== sql) {
    throw new Error(`prepared statement ${name} has another SQL text`);
  }
  await statement.ready;
}

/** Opens a transaction and keeps it open (PGlite holds its other statements meanwhile) until commit or rollback. */
function begin() {
  const id = nextTx++;
  return new Promise((opened, failed) => {
    const open = {};
    open.done = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          Object.assign(open, { tx, commit, rollback });
          transactions.set(id, open);
          opened(id);
        }),
    );
    open.done.catch(failed); // BEGIN failed (after it, `failed` changes nothing)
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('transaction is not open');
  transactions.delete(id);
  if (commit) {
    open.commit();
    await open.done;
  } else {
    open.rollback(new Error('rolled back'));
    await open.done.catch(() => undefined);
  }
}

const OPS = {
  async query(m) {
    return { rows: (await target(m.tx).query(m.sql, m.params)).rows };
  },
  async exec(m) {
    await target(m.tx).exec(m.sql);
    return {};
  },
  async prepared(m) {
    await prepare(m.name, m.sql);
    // the three statements run as one implicit transaction, so a failing EXECUTE rolls the SET back too
    const results = await pg.exec(m.execute);
    return { rows: results[1]?.rows ?? [] };
  },
  async begin() {
    return { tx: await begin() };
  },
  async commit(m) {
    await end(m.tx, true);
    return {};
  },
  async rollback(m) {
    await end(m.tx, false);
    return {};
  },
  async listen(m) {
    if (!listeners.has(m.channel)) {
      listeners.set(m.channel, await pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload })));
    }
    return {};
  },
  async unlisten(m) {
    const stop = listeners.get(m.channel);
    listeners.delete(m.channel);
    if (stop && !pg.closed) await stop();
    return {};
  },
  async close() {
    if (!pg.closed) await pg.close();
    return {};
  },
};

parentPort.on('message', (m) => {
  (async () => OPS[m.op](m))().then(
    (answer) => parentPort.postMessage({ id: m.id, ...answer }),
    (err) => parentPort.postMessage({ id: m.id, error: errorOf(err) }),
  );
});

PGlite.create({
  ...(workerData.dir ? { dataDir: workerData.dir } : {}),
  parsers,
  postgresqlconf: [`shared_buffers = ${workerData.sharedBuffers}`],
}).then(
  (db) => {
    pg = db;
    parentPort.postMessage({ ready: true });
  },
  (err) => parentPort.postMessage({ ready: false, error: errorOf(err) }),
);
