// Child process of content-bench.mjs: one API server on one engine, seeded with the big set (100,000+ items),
// which first measures search against an ILIKE scan inside the process, then listens for the HTTP part.
// Messages: -> { ready, port, items, seedMs, engineLevel, docIds }; <- 'stop'.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (p) => require(path.join(here, '..', 'dist', p));
const { buildServer } = dist('server.js');
const { loadConfig } = dist('core/config.js');
const { RATE_LIMIT_GROUPS } = dist('infra/security/rate-limit.js');
const { seedIfEmpty, hasContent } = dist('modules/content/seed/seed.js');
const { publicDocCondition } = dist('modules/content/constants.js');
const { WORDS, percentile } = await import('./content-words.mjs');

const [engine, databaseUrl, dataDir] = process.argv.slice(2);
const unlimited = Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, [{ max: 1e9, windowMs: 60_000 }]]));
const app = await buildServer({
  databaseUrl: databaseUrl || undefined,
  dataDir,
  accounts: loadConfig({ NODE_ENV: 'test' }),
  rateLimits: unlimited,
});
// the bare route: same server, same hooks (headers, rate limiting, session lookup), no work
app.get('/api/bench-bare/', async () => ({ ok: true }));

let seedMs = 0;
if (!(await hasContent(app.db))) {
  const started = Date.now();
  await seedIfEmpty(app.db, app.content.storage, { size: 'big', log: (m) => process.stderr.write(`[${engine}] ${m}\n`) });
  seedMs = Date.now() - started;
  app.content.categories.invalidate();
}
const [{ docs, blogs }] = await app.db.query(
  'SELECT (SELECT count(*) FROM documents)::int AS docs, (SELECT count(*) FROM blogs)::int AS blogs',
);

async function time(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

// engine level: what a search costs (count + first page of 20) through the search interface, against the
// plain scan that finds the same word without the index: ILIKE '%word%' over title and summary, count + page
const search = [];
const scan = [];
const matches = {};
for (const word of WORDS) {
  const run = async () => {
    const prepared = await app.content.search.prepare({ text: word });
    await prepared.hits(20, 0);
    matches[word] = prepared.count;
  };
  await run(); // warm-up
  for (let i = 0; i < 10; i += 1) search.push(await time(run));
  const like = `%${word}%`;
  const ilike = async () => {
    await app.db.query(
      `SELECT count(*)::int AS n FROM documents WHERE ${publicDocCondition()} AND (title ILIKE $1 OR summary ILIKE $1)`,
      [like],
    );
    await app.db.query(
      `SELECT id FROM documents WHERE ${publicDocCondition()} AND (title ILIKE $1 OR summary ILIKE $1)
        ORDER BY create_time DESC, id DESC LIMIT 20`,
      [like],
    );
  };
  await ilike();
  for (let i = 0; i < 3; i += 1) scan.push(await time(ilike));
}
const docIds = (await app.db.query(`SELECT id FROM documents WHERE ${publicDocCondition()} ORDER BY random() LIMIT 1000`)).map((r) => r.id);

await app.listen({ host: '127.0.0.1', port: 0 });
process.send({
  ready: true,
  port: app.server.address().port,
  items: { docs, blogs },
  seedMs,
  engineLevel: {
    search: { p50: percentile(search, 50), p95: percentile(search, 95), n: search.length },
    scan: { p50: percentile(scan, 50), p95: percentile(scan, 95), n: scan.length },
    matches,
  },
  docIds,
});
process.on('message', async (m) => {
  if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
