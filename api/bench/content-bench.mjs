#!/usr/bin/env node
// `npm run bench:content -w api`: search, list and detail of the content API at 100,000+ items, on PGlite and
// on PostgreSQL, printed side by side.
//   search: p50/p95 of a search (count + first page) through the search interface against a plain
//           ILIKE '%word%' scan of the same table, and of GET /api/articles/?keyword= over HTTP;
//   list and detail: requests per second (autocannon, loopback, 10 connections) against a bare route of the
//           same server in the same run, the three taking turns in 2-second slices.
// PGlite keeps its seeded database in BENCH_DATA_DIR (default <tmp>/wendang-content-bench) for the next run;
// PostgreSQL is BENCH_DATABASE_URL, or a throw-away server started here (Debian's postgresql) and seeded anew.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternating, benchCases, startServer, stopServer } from './content-lib.mjs';
import { WORDS, percentile } from './content-words.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'wendang-content-bench'));
/** Seconds per slice; bare, list and detail take turns in SLICES rounds, so a change of load falls on all three. */
const DURATION_S = Number(process.env.BENCH_DURATION || 2);
const SLICES = 4;
const CONNECTIONS = 10;

const TARGETS = { searchP95Ms: 50, searchSpeedup: 10, detailShare: 0.15 };

async function httpSearch(base) {
  const samples = [];
  // one searcher (a visitor cookie), as a person typing searches
  const headers = { cookie: 'visitor_id=benchvisitorbenchvisitor' };
  for (const word of WORDS) {
    const url = `${base}/api/articles/?keyword=${encodeURIComponent(word)}`;
    await (await fetch(url, { headers })).arrayBuffer(); // warm-up
    for (let i = 0; i < 10; i += 1) {
      const t = process.hrtime.bigint();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

async function benchEngine(engine, databaseUrl) {
  const dataDir = path.join(benchDir, engine);
  mkdirSync(dataDir, { recursive: true });
  process.stderr.write(`[${engine}] 启动并检查数据（首次运行会生成 100,000+ 条内容，需几分钟）…\n`);
  const server = await startServer(path.join(here, 'content-server.mjs'), engine, databaseUrl, dataDir);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    process.stderr.write(`[${engine}] 测量搜索与吞吐…\n`);
    const http = await httpSearch(base);
    const { bare, list, detail } = await alternating([base], SLICES, DURATION_S, CONNECTIONS, benchCases(server.docIds));
    return { engine, items: server.items, seedMs: server.seedMs, ...server.engineLevel, http, bare: bare[0], list: list[0], detail: detail[0] };
  } finally {
    await stopServer(server);
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function print(results) {
  const rows = [
    ['数据量（文档 + 博客）', (r) => `${r.items.docs} + ${r.items.blogs}`],
    ['本次生成数据用时', (r) => (r.seedMs ? `${fmt(r.seedMs / 1000, 0)} s` : '已有（复用）')],
    ['搜索 p50 / p95（搜索接口，计数+首页）', (r) => `${fmt(r.search.p50)} / ${fmt(r.search.p95)} ms`],
    ["ILIKE '%词%' 扫描 p50 / p95（同表，计数+首页）", (r) => `${fmt(r.scan.p50)} / ${fmt(r.scan.p95)} ms`],
    ['搜索比扫描快（p95）', (r) => `${fmt(r.scan.p95 / r.search.p95)} 倍`],
    ['HTTP 搜索 p50 / p95（/api/articles/?keyword=）', (r) => `${fmt(r.http.p50)} / ${fmt(r.http.p95)} ms`],
    ['空路由 请求/秒', (r) => fmt(r.bare.rps, 0)],
    ['文档列表 请求/秒（占空路由）', (r) => `${fmt(r.list.rps, 0)}（${fmt((100 * r.list.rps) / r.bare.rps)}%）`],
    ['文档详情 请求/秒（占空路由）', (r) => `${fmt(r.detail.rps, 0)}（${fmt((100 * r.detail.rps) / r.bare.rps)}%）`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  console.log(`\n内容 API 基准（${WORDS.length} 个搜索词；autocannon ${CONNECTIONS} 连接，空路由/列表/详情轮流 ${SLICES} 轮 × ${DURATION_S} 秒，回环地址）`);
  console.log(`${''.padEnd(width * 2)}${results.map((r) => r.engine.padEnd(28)).join('')}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width * 2 - label.length)}${results.map((r) => value(r).padEnd(28)).join('')}`);
  let ok = true;
  console.log('\n目标：');
  for (const r of results) {
    const checks = [
      [`搜索 p95 ≤ ${TARGETS.searchP95Ms} ms（搜索接口）`, r.search.p95 <= TARGETS.searchP95Ms],
      [`HTTP 搜索 p95 ≤ ${TARGETS.searchP95Ms} ms`, r.http.p95 <= TARGETS.searchP95Ms],
      [`搜索比 ILIKE 扫描快 ≥ ${TARGETS.searchSpeedup} 倍（p95）`, r.scan.p95 / r.search.p95 >= TARGETS.searchSpeedup],
      [`文档详情 ≥ 空路由的 ${TARGETS.detailShare * 100}%`, r.detail.rps / r.bare.rps >= TARGETS.detailShare],
    ];
    for (const [label, pass] of checks) {
      ok &&= pass;
      console.log(`  ${r.engine.padEnd(9)} ${pass ? '达标' : '未达标'}  ${label}`);
    }
  }
  console.log(`\n各搜索词的命中数（${results[0].engine}）：${WORDS.map((w) => `${w} ${results[0].matches[w]}`).join('，')}`);
  return ok;
}

const results = [];
results.push(await benchEngine('pglite'));
let stopPostgres = () => {};
try {
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const { startTempPostgres } = await import('../../scripts/postgres.mjs');
    const pg = await startTempPostgres();
    url = pg.url;
    stopPostgres = () => {
      pg.stop();
      // the throw-away server's files go with it
      rmSync(path.join(benchDir, 'postgres'), { recursive: true, force: true });
    };
  }
  results.push(await benchEngine('postgres', url));
} catch (err) {
  console.error(`PostgreSQL 部分未能运行：${err.message}（可设置 BENCH_DATABASE_URL，或安装 postgresql）`);
  process.exitCode = 1;
} finally {
  stopPostgres();
}
const ok = print(results);
if (!ok) process.exitCode = 1;
