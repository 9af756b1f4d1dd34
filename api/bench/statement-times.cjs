// Where PGlite's time goes, per statement: a preload for the API under a benchmark (docs/performance.md, "Where a
// search's database time goes"). PGlite runs each protocol message synchronously in its thread, so the time of
// that call is the statement's own (no queue in it). The API server runs PGlite in a worker thread, which inherits
// this preload: it times there (in the main thread with PGLITE_THREAD=0). Every 2 s the statements that took the most time so far are
// written to STATEMENT_TIMES (a file): total ms, calls, ms per call, the statement (numbers and literals as ?).
//   BENCH_NODE_FLAGS="--require $PWD/api/bench/statement-times.cjs" STATEMENT_TIMES=/tmp/times.txt npm run bench:load -w api
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread === (process.env.PGLITE_THREAD === '0')) timeStatements();

function timeStatements() {
  const { PGlite } = require('@electric-sql/pglite');

  const out = process.env.STATEMENT_TIMES;
  if (!out) throw new Error('statement-times.cjs: set STATEMENT_TIMES to the file to write');
  const totals = new Map();
  const decoder = new TextDecoder();
  const run = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function timed(message) {
    const began = process.hrtime.bigint();
    try {
      return run.call(this, message);
    } finally {
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      // the message's text after its 5-byte header: a query, or EXECUTE of a prepared statement by name
      const text = decoder.decode(message.subarray(5, 160)).replace(/\s+/g, ' ');
      const key = text.replace(/EXECUTE (\w+)\(.*/, 'EXECUTE $1').replace(/\$\d+|'[^']*'|\d+/g, '?').slice(0, 100);
      const entry = totals.get(key) ?? { calls: 0, ms: 0 };
      entry.calls += 1;
      entry.ms += ms;
      totals.set(key, entry);
    }
  };
  setInterval(() => {
    const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    writeFileSync(out, rows.map(([k, v]) => `${v.ms.toFixed(0).padStart(8)} ms ${String(v.calls).padStart(8)} ${(v.ms / v.calls).toFixed(3)} ${k}`).join('\n') + '\n');
  }, 2000).unref();
}
