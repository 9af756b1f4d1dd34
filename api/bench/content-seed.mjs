// Child process of the load benchmark: seeds the content benchmark's big set (100,000+ items) into an engine's
// database when it has no content yet, then exits. Arguments: engine, database URL ('' for PGlite), data folder,
// and the api/ folder whose build seeds (default this one's: another build measured keeps its own migrations).
// The same seeding as content-server.mjs, so both benchmarks can share a data folder.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = process.argv[5] || path.join(here, '..');
const dist = (p) => require(path.join(apiDir, 'dist', p));
const { buildServer } = dist('server.js');
const { loadConfig } = dist('core/config.js');
const { seedIfEmpty, hasContent } = dist('modules/content/seed/seed.js');

const [engine, databaseUrl, dataDir] = process.argv.slice(2);
const app = await buildServer({ databaseUrl: databaseUrl || undefined, dataDir, accounts: loadConfig({ NODE_ENV: 'test' }) });
await app.ready();
let seedMs = 0;
if (!(await hasContent(app.db))) {
  const started = Date.now();
  await seedIfEmpty(app.db, app.content.storage, { size: 'big', log: (m) => process.stderr.write(`[${engine}] ${m}\n`) });
  seedMs = Date.now() - started;
}
const [{ docs, blogs }] = await app.db.query(
  'SELECT (SELECT count(*) FROM documents)::int AS docs, (SELECT count(*) FROM blogs)::int AS blogs',
);
await app.close();
process.send?.({ docs, blogs, seedMs });
