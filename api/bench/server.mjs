// The benchmark's server process: the real API (dist/) on in-memory PGlite (or DATABASE_URL), rate limits set
// high so that the load is measured rather than refused, plus one bare route that exists only here. Started by
// bench/accounts.mjs with fork(); reports its port, and its peak RSS when asked.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { buildServer } = require('../dist/server.js');
const { loadConfig } = require('../dist/core/config.js');
const { RATE_LIMIT_GROUPS } = require('../dist/infra/security/rate-limit.js');

const high = Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, [{ max: 1e9, windowMs: 60_000 }]]));
const app = await buildServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  // a data folder like `npm start` (the parent made it in a first, separate start: initdb is a one-time cost)
  dataDir: process.env.DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR,
  logger: false,
  // the dev-only routes (the SMS outbox) answer the token the parent chose, when it chose one
  accounts: loadConfig({ NODE_ENV: 'development', DEV_ROUTES_TOKEN: process.env.BENCH_DEV_ROUTES_TOKEN }),
  rateLimits: high,
});
if (process.argv.includes('--init')) {
  const peak = process.resourceUsage().maxRSS;
  await app.close();
  process.send({ initMaxRssKiB: peak });
  process.exit(0);
}
// the baseline: same server, same global hooks (security headers), no database, no session, no limiter
app.get('/api/bench/bare/', { config: { rateLimit: false } }, async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: 0 });

// resident set sampled while the load runs (ru_maxrss below also covers the start)
let loadPeakBytes = 0;
setInterval(() => (loadPeakBytes = Math.max(loadPeakBytes, process.memoryUsage().rss)), 100).unref();

process.on('message', async (message) => {
  if (message === 'rss') {
    const m = process.memoryUsage();
    if (process.env.BENCH_MEMORY_DETAIL) console.error(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1048576)])));
    process.send({ rssBytes: m.rss });
  } else if (message === 'report') {
    // ru_maxrss: the peak resident set of this process since it started, in KiB
    process.send({ maxRssKiB: process.resourceUsage().maxRSS, loadPeakBytes });
  } else if (message === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.send({ port: app.server.address().port, engine: app.db.engine });
