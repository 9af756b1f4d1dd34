// What the API's main thread allocates, garbage included, per function: a preload for the API under a benchmark
// (docs/performance.md, "Garbage of a search made anew"). After ALLOCATIONS_DELAY_MS (default 15 s: the API is up and
// the first case runs) V8's sampling heap profiler records every 16 KB allocated for 10 s, also what the collector
// has taken since, then writes the profile (ALLOCATIONS, open it in Chrome's DevTools) and, beside it, the functions
// that allocated the most (ALLOCATIONS.txt: MB, share, function file:line).
//   BENCH_CASES=search BENCH_NODE_FLAGS="--require $PWD/api/bench/allocations.cjs" ALLOCATIONS=/tmp/a.heapprofile npm run bench:load -w api
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) sampleAllocations();

function sampleAllocations() {
  const out = process.env.ALLOCATIONS;
  if (!out) throw new Error('allocations.cjs: set ALLOCATIONS to the file to write');
  const session = new (require('node:inspector').Session)();
  session.connect();
  const sampling = { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
  const start = () =>
    session.post('HeapProfiler.startSampling', sampling, (err) => {
      if (err) throw err;
      setTimeout(stop, 10_000).unref();
    });
  const stop = () =>
    session.post('HeapProfiler.stopSampling', (err, result) => {
      if (err) throw err;
      writeFileSync(out, JSON.stringify(result.profile));
      writeFileSync(`${out}.txt`, summary(result.profile));
    });
  setTimeout(start, Number(process.env.ALLOCATIONS_DELAY_MS ?? 15_000)).unref();
}

/** Bytes allocated by each function itself (callees apart), the 30 largest. */
function summary(profile) {
  const bytes = new Map();
  let total = 0;
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(profile.head);
  const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 30);
  const lines = top.map(([key, n]) => `${(n / 1e6).toFixed(1).padStart(8)} MB ${((100 * n) / total).toFixed(1).padStart(5)}% ${key}`);
  return [`${(total / 1e6).toFixed(0)} MB in 10 s`, ...lines].join('\n') + '\n';
}
