#!/usr/bin/env node
// `npm run bench:sitemap -w api`: sitemap.xml and its children over HTTP on the content benchmark's database
// (100,000 documents + 5,000 blogs; seeded here on a first run, as content-bench.mjs does, in BENCH_DATA_DIR,
// default <tmp>/wendang-content-bench). PGlite by default; PostgreSQL with BENCH_DATABASE_URL.
// Prints: the index cold (the cut of the public ids into pages is computed) and warm (cut cached), each full child
// of 50,000 URLs, and the process's heap above its baseline while the children stream (one child at a time).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (p) => require(path.join(here, '..', 'dist', p));
const { buildServer } = dist('server.js');
const { loadConfig } = dist('core/config.js');
const { RATE_LIMIT_GROUPS } = dist('infra/security/rate-limit.js');
const { seedIfEmpty, hasContent } = dist('modules/content/seed/seed.js');

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const engine = databaseUrl ? 'postgres' : 'pglite';
const dataDir = path.join(path.resolve(process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'wendang-content-bench')), engine);
mkdirSync(dataDir, { recursive: true });
const unlimited = Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, [{ max: 1e9, windowMs: 60_000 }]]));
const app = await buildServer({
  databaseUrl,
  dataDir,
  accounts: loadConfig({ NODE_ENV: 'test' }),
  rateLimits: unlimited,
  seo: { siteOrigin: 'https://www.wendang.example' },
});
if (!(await hasContent(app.db))) {
  process.stderr.write(`[${engine}] 首次运行：生成 100,000+ 条内容（需几分钟）…\n`);
  await seedIfEmpty(app.db, app.content.storage, { size: 'big', log: (m) => process.stderr.write(`[${engine}] ${m}\n`) });
}
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server.address().port}`;

let peakHeap = 0;
const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);

/** Fetches a path and reads the body as it comes, counting bytes and <loc> elements without keeping it. */
async function timed(pathname) {
  const started = process.hrtime.bigint();
  const res = await fetch(base + pathname);
  const decoder = new TextDecoder();
  let bytes = 0;
  let locs = 0;
  let tail = '';
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    locs += text.split('<loc>').length - 1;
    tail = text.slice(-4);
  }
  return { path: pathname, status: res.status, ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, locs };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [{ docs, blogs }] = await app.db.query(
  'SELECT (SELECT count(*) FROM documents WHERE status IN (1, 5))::int AS docs, (SELECT count(*) FROM blogs WHERE status = 1)::int AS blogs',
);
globalThis.gc?.();
const baseline = process.memoryUsage().heapUsed;
const cold = await timed('/sitemap.xml');
const warm = [];
for (let i = 0; i < 5; i += 1) warm.push((await timed('/sitemap.xml')).ms);
const children = [];
for (let page = 1; ; page += 1) {
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await timed(`/sitemaps/docs-${page}.xml`));
  if (runs[0].status !== 200) break;
  children.push({ ...runs[0], ms: median(runs.map((r) => r.ms)) });
}
const blogChild = await timed('/sitemaps/blogs-1.xml');
clearInterval(sampler);
await app.close();

const fmt = (n) => n.toFixed(1);
console.log(`\n站点地图基准（${engine}；公开文档 ${docs}，公开博客 ${blogs}；回环地址 HTTP，读完整个响应）`);
console.log(`sitemap.xml 冷（计算分页）       ${fmt(cold.ms)} ms，${cold.locs} 个子地图`);
console.log(`sitemap.xml 热（分页已缓存）中位 ${fmt(median(warm))} ms`);
for (const c of children) console.log(`${c.path.padEnd(28)} 中位 ${fmt(c.ms)} ms，${c.locs} 个 URL，${(c.bytes / 2 ** 20).toFixed(1)} MB`);
console.log(`${blogChild.path.padEnd(28)} ${fmt(blogChild.ms)} ms，${blogChild.locs} 个 URL`);
console.log(`堆内存峰值高出基线 ${((peakHeap - baseline) / 2 ** 20).toFixed(0)} MB（含本进程读取响应的部分）`);
