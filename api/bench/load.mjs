#!/usr/bin/env node
// `npm run bench:load -w api` (Linux): lists and search under load (issue 21). The API as `npm start` runs it
// (dist/main.js with the environment and Node flags of api/package.json's start, in a process of its own, so its
// peak RSS is that process's VmHWM), on the content benchmark's 100,000 documents, autocannon at 100 connections for
// 30 s per case: the bare route, the category pages' lists, the search page's searches and document details
// (load-mix.mjs), and the three reads of a detail page in the browser (detail-page: the detail, its recommendations,
// its first comments); then the lists and the searches again while people download (list-live, search-live: 10 downloads a
// second of random documents, each a count the lists show), and the searches while documents are edited (search-edits:
// one edit a second of a random document's title, a change every cache hears).
// Before the cases each search word is searched once, so that either engine's words' postings are stored as on a
// site that has been searched (storeSearchWords).
// PGlite first, then PostgreSQL (BENCH_DATABASE_URL, or a throw-away server). Each engine runs twice: as started
// (caches on), then with CONTENT_CACHE=off, so that the caches' share of the figures shows.
//   BENCH_DURATION=30 (s per case)  BENCH_CONNECTIONS=100  BENCH_ENGINES=pglite,postgres  BENCH_COLD=1 (0: skip
//   the uncached run)  BENCH_SEED=21  BENCH_PORT=20480 (the API)  BENCH_PG_PORT=20481 (a throw-away PostgreSQL)
//   BENCH_DATA_DIR=<tmp>/wendang-content-bench (shared with bench:content)  BENCH_API_DIR=<this api folder> (another
//   build's api/, e.g. a checkout of main, to measure it)  BENCH_CPU_PROF=<folder> (the API writes a --cpu-prof there)
//   BENCH_NODE_FLAGS (more Node flags for the API, to try one)  BENCH_CASES=bare,list,search,detail,detail-page,list-live,
//   search-live,search-edits
//   BENCH_STORE_WORDS=1 (0: the search words are not searched once before the cases; see storeSearchWords)
//   BENCH_LIVE_RATE=10 (downloads a second in the live cases)  BENCH_EDIT_RATE=1 (edits a second in search-edits)
//   PGlite's time per statement: BENCH_NODE_FLAGS="--require <abs path>/bench/statement-times.cjs" STATEMENT_TIMES=<file>
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiStartLine, startApi as startSiteApi, waitForHealth } from '../../scripts/site.mjs';
import { corpusWords, detailMix, detailPageMix, listVisits, random, searchVisits } from './load-mix.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const here = path.dirname(fileURLToPath(import.meta.url));

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 100);
const ENGINES = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);
const COLD = env.BENCH_COLD !== '0';
const CASES = (env.BENCH_CASES ?? 'bare,list,search,detail,detail-page,list-live,search-live,search-edits').split(',').filter(Boolean);
/** Downloads a second during the *-live cases (bench-routes.cjs's /api/bench-count/, a random document each). */
const LIVE_RATE = Number(env.BENCH_LIVE_RATE ?? 10);
/** Edits a second during search-edits (bench-routes.cjs's /api/bench-edit/, a random document's title each). */
const EDIT_RATE = Number(env.BENCH_EDIT_RATE ?? 1);
/** The cases, in the order they are printed. */
const CASE_NAMES = ['bare', 'list', 'search', 'detail', 'detail-page', 'list-live', 'search-live', 'search-edits'];
const SEED = Number(env.BENCH_SEED ?? 21);
const PORT = Number(env.BENCH_PORT ?? 20480);
const PG_PORT = Number(env.BENCH_PG_PORT ?? 20481);
const BENCH_DIR = path.resolve(env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'wendang-content-bench'));
const API_DIR = path.resolve(env.BENCH_API_DIR || path.join(here, '..'));
const CPU_PROF = env.BENCH_CPU_PROF ? path.resolve(env.BENCH_CPU_PROF) : undefined;
/** Node flags added to the start flags, to try one out (BENCH_NODE_FLAGS="--no-wasm-tier-up"). */
const EXTRA_FLAGS = (env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const BASE = `http://127.0.0.1:${PORT}`;
/** Whether the search words are searched once before the cases (storeSearchWords). */
const STORE_WORDS = env.BENCH_STORE_WORDS !== '0';

const TARGETS = { listShare: 0.25, searchShare: 0.1, searchP99Ms: 100, peakRssMb: 300 };

/** Peak and current RSS of a process, in MB (Linux). */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

/** CPU seconds of a /proc stat file (user + system; Linux ticks of 1/100 s). */
function statSeconds(file) {
  const fields = readFileSync(file, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds a process has used: in all, and on its main thread (the event loop; the rest: PGlite's thread, V8's). */
function cpuSeconds(pid) {
  return { all: statSeconds(`/proc/${pid}/stat`), main: statSeconds(`/proc/${pid}/task/${pid}/stat`) };
}

/** Seeds the engine's database with the big set when it has no content (content-seed.mjs, with the measured build). */
function seed(engine, databaseUrl, dataDir) {
  const child = fork(path.join(here, 'content-seed.mjs'), [engine, databaseUrl ?? '', dataDir, API_DIR], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answer;
    child.once('message', (m) => (answer = m));
    child.once('exit', (code) => (code === 0 && answer ? resolve(answer) : reject(new Error(`${engine} 数据准备失败（${code}）`))));
  });
}

/** The API as `npm start` runs it, with the bench's bare route preloaded (bench/bench-routes.cjs). */
async function startApi(dataDir, extraEnv) {
  const nodeFlags = [...EXTRA_FLAGS, ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []), '--require', path.join(here, 'bench-routes.cjs')];
  const child = startSiteApi({
    port: PORT, dataDir, quiet: true, main: path.join(API_DIR, 'dist', 'main.js'), cwd: API_DIR, nodeFlags,
    env: { RATE_LIMIT_SCALE: '100000', ...extraEnv },
  });
  await waitForHealth(`${BASE}/api/bench-bare/`, () => child, 300_000);
  return child;
}

async function stopApi(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const getJson = async (p) => {
  const res = await fetch(`${BASE}${p}`);
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return res.json();
};

/** What the mixes need from the site: categories with documents or blogs, 1,000 public document ids. */
async function siteFacts() {
  const tree = (await getJson('/api/articles-category/?page_size=100')).results;
  const all = [];
  const walk = (nodes) => nodes.forEach((n) => (all.push(n.id), walk(n.children ?? [])));
  walk(tree);
  const details = await Promise.all(all.map((id) => getJson(`/api/articles-category/${id}/`)));
  const docIds = [];
  for (let page = 1; page <= 10; page += 1) docIds.push(...(await getJson(`/api/docs/?page_size=100&page=${page}`)).results.map((d) => d.id));
  return {
    categories: all,
    docCategories: details.filter((c) => c.docs_count > 0).map((c) => c.id),
    blogCategories: details.filter((c) => c.blogs_count > 0).map((c) => c.id),
    docIds,
  };
}

/**
 * Searches each word once before the cases (BENCH_STORE_WORDS=1), 8 at a time through the first start: the database
 * stores each word's postings at its first read (migration 0067) and keeps them until an item holding it changes, so
 * a site that has been searched holds its searched words. The cases then measure that site, on either engine,
 * whatever ran before (PGlite's data folder is kept between runs, a throw-away PostgreSQL is new each time). A database
 * whose store is empty pays each word's first read (BENCH_STORE_WORDS=0 measures that: docs/performance.md).
 */
async function storeSearchWords(words) {
  const started = performance.now();
  let next = 0;
  const searchOne = async () => {
    while (next < words.length) {
      const word = words[next++];
      await getJson(`/api/articles/?keyword=${encodeURIComponent(word)}&page=1&page_size=20`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, searchOne));
  return { words: words.length, seconds: (performance.now() - started) / 1000 };
}

/** A case's requests for autocannon: `paths` taken in turn, or `visits` (load-mix.mjs) page after page. */
function requestsOf(mix) {
  let i = 0;
  if (mix.paths) return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: mix.paths[i++ % mix.paths.length] }) }];
  // one visit per cycle of the array: page 1 of the next visit, then page n while page n - 1 had a `next` and the
  // visit goes that far; returning nothing ends the cycle (autocannon starts the next with a fresh context)
  const hasNext = (status, body, context) => {
    context.hasNext = status === 200 && !body.includes('"next":null');
  };
  const pages = Math.max(...mix.visits.map((v) => v.follow)) + 1;
  return Array.from({ length: pages }, (_, n) => ({
    method: 'GET',
    onResponse: hasNext,
    setupRequest: (req, context) => {
      if (n === 0) context.visit = mix.visits[i++ % mix.visits.length];
      else if (!context.hasNext || n > context.visit.follow) return undefined;
      return { ...req, path: `${context.visit.base}page=${n + 1}&page_size=20` };
    },
  }));
}

/**
 * While a case with writes runs: `rate` writes a second to `route` (bench-routes.cjs), each of a document of `ids` (a
 * seeded choice): downloads as people download while others list and search (*-live), or edits (search-edits). Answers
 * `stop()`, which answers how many were done and how many failed.
 */
function liveWrites({ ids, route, rate, seed }) {
  const next = random(seed);
  const done = { counted: 0, failed: 0 };
  const timer = setInterval(() => {
    const id = ids[Math.floor(next() * ids.length)];
    fetch(`${BASE}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })
      .then(async (res) => (res.ok && (await res.json()).counted === 1 ? (done.counted += 1) : (done.failed += 1)), () => (done.failed += 1));
  }, 1000 / rate);
  return () => (clearInterval(timer), done);
}

/** One case: autocannon on a mix for `duration` seconds (with downloads or edits meanwhile for a mix with writes). */
async function runCase(mix, duration = DURATION) {
  const stopLive = mix.writes ? liveWrites(mix.writes) : undefined;
  const result = await autocannon({ url: BASE, connections: CONNECTIONS, duration, requests: requestsOf(mix) });
  const live = stopLive ? { ...stopLive(), what: mix.writes.what } : undefined;
  return {
    live,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    /** statuses other than 2xx: how many of each */
    statuses: Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, s]) => `${code}×${s.count}`).join(' '),
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** One API process on one data folder: the cases in order, then its peak RSS. */
async function runProcess(label, dataDir, extraEnv, cases, mixes) {
  process.stderr.write(`[${label}] 启动 API…\n`);
  const child = await startApi(dataDir, extraEnv);
  try {
    const started = rss(child.pid);
    await runCase(mixes.bare, 3); // warm-up of the server's code paths (the bare route only: the caches stay cold)
    const out = { label, started };
    for (const name of cases) {
      process.stderr.write(`[${label}] ${name}（${DURATION} 秒，${CONNECTIONS} 连接）…\n`);
      const cpu = cpuSeconds(child.pid);
      out[name] = await runCase(mixes[name]);
      // the API's CPU per answer (all threads, and its event loop's): what a case costs whatever else the machine runs
      const used = cpuSeconds(child.pid);
      out[name].cpuMs = ((used.all - cpu.all) * 1000) / Math.max(1, out[name].total);
      out[name].mainMs = ((used.main - cpu.main) * 1000) / Math.max(1, out[name].total);
    }
    out.rss = rss(child.pid);
    out.load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
    return out;
  } finally {
    await stopApi(child);
  }
}

async function benchEngine(engine, databaseUrl) {
  const dataDir = path.join(BENCH_DIR, engine);
  mkdirSync(dataDir, { recursive: true });
  process.stderr.write(`[${engine}] 检查数据（首次运行会生成 100,000+ 条内容，需几分钟）…\n`);
  const seeded = await seed(engine, databaseUrl, dataDir);
  const apiEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // the site's facts from a first start (the caches do not matter for them), and the search words' postings stored
  const words = corpusWords(API_DIR, path.join(BENCH_DIR, 'load-words.json'));
  const probe = await startApi(dataDir, apiEnv);
  let facts;
  let stored;
  try {
    facts = await siteFacts();
    stored = STORE_WORDS ? await storeSearchWords(words) : undefined;
  } finally {
    await stopApi(probe);
  }
  const mixes = {
    bare: { paths: ['/api/bench-bare/'] },
    list: { visits: listVisits(SEED, facts) },
    search: { visits: searchVisits(SEED + 1, words, facts.categories) },
    detail: { paths: detailMix(SEED + 2, facts.docIds) },
    'detail-page': { paths: detailPageMix(SEED + 3, facts.docIds) },
  };
  const downloads = { ids: facts.docIds, route: '/api/bench-count/', rate: LIVE_RATE, seed: SEED + 3, what: '下载' };
  mixes['list-live'] = { ...mixes.list, writes: downloads };
  mixes['search-live'] = { ...mixes.search, writes: downloads };
  mixes['search-edits'] = { ...mixes.search, writes: { ids: facts.docIds, route: '/api/bench-edit/', rate: EDIT_RATE, seed: SEED + 4, what: '编辑' } };
  const runs = [await runProcess(`${engine}`, dataDir, apiEnv, CASES, mixes)];
  // without the caches a download or an edit changes nothing for the others: those cases run with them only
  const cold = CASES.filter((c) => c !== 'detail' && c !== 'detail-page' && !mixes[c]?.writes);
  if (COLD) runs.push(await runProcess(`${engine} 无缓存`, dataDir, { ...apiEnv, CONTENT_CACHE: 'off' }, cold, mixes));
  return { engine, seeded, words: words.length, stored, runs };
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function print(results) {
  console.log(`\n列表与搜索压测（issue 21）：autocannon ${CONNECTIONS} 连接，每项 ${DURATION} 秒，回环地址；node ${process.version}，` +
    `API 参数 ${apiStartLine()}；${os.cpus().length} 核`);
  let ok = true;
  for (const r of results) {
    console.log(`\n${r.engine}：${r.seeded.docs} 篇文档 + ${r.seeded.blogs} 篇博客；搜索词 ${r.words} 个（Zipf，种子 ${SEED}）；` +
      (r.stored ? `压测前每个词搜索一次，存入词的倒排（${fmt(r.stored.seconds, 1)} 秒）` : '词的倒排未预先存入（BENCH_STORE_WORDS=0）'));
    console.log(`${'进程 / 项目'.padEnd(24)}${'请求/秒'.padStart(10)}${'占空路由'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'CPU ms/次'.padStart(11)}${'主线程'.padStart(9)}${'非 2xx'.padStart(9)}${'错误'.padStart(7)}`);
    for (const run of r.runs) {
      for (const name of CASE_NAMES) {
        const c = run[name];
        if (!c) continue;
        const share = name === 'bare' || !run.bare ? '' : `${fmt((100 * c.rps) / run.bare.rps, 1)}%`;
        console.log(`${`${run.label} ${name}`.padEnd(24)}${fmt(c.rps).padStart(10)}${share.padStart(10)}${fmt(c.p50).padStart(9)}${fmt(c.p99).padStart(9)}` +
          `${fmt(c.cpuMs, 3).padStart(11)}${fmt(c.mainMs, 3).padStart(9)}` +
          `${String(c.non2xx).padStart(9)}${String(c.errors).padStart(7)}${c.statuses ? `  (${c.statuses})` : ''}` +
          `${c.live ? `  ${c.live.what} ${c.live.counted} 次${c.live.failed ? `，失败 ${c.live.failed}` : ''}` : ''}`);
      }
      console.log(`${`${run.label} 内存`.padEnd(24)}启动后 ${run.started.now} MB，峰值（VmHWM）${run.rss.peak} MB，结束时 ${run.rss.now} MB；负载 ${run.load}`);
    }
    const run = r.runs[0];
    if (!['bare', 'list', 'search', 'detail'].every((n) => run[n])) {
      ok = false;
      continue; // a partial run (BENCH_CASES) checks nothing
    }
    const checks = [
      [`列表 ≥ 空路由的 ${TARGETS.listShare * 100}%`, run.list.rps / run.bare.rps >= TARGETS.listShare],
      [`搜索 ≥ 空路由的 ${TARGETS.searchShare * 100}%`, run.search.rps / run.bare.rps >= TARGETS.searchShare],
      [`搜索 p99 ≤ ${TARGETS.searchP99Ms} ms`, run.search.p99 <= TARGETS.searchP99Ms],
      ['没有非 2xx 回答与错误', CASE_NAMES.filter((n) => run[n]).every((n) => run[n].non2xx === 0 && run[n].errors === 0)],
      [`API 峰值内存 ≤ ${TARGETS.peakRssMb} MB`, run.rss.peak <= TARGETS.peakRssMb],
    ];
    for (const [label, pass] of checks) {
      ok &&= pass;
      console.log(`  ${pass ? '达标' : '未达标'}  ${label}`);
    }
  }
  return ok;
}

const results = [];
let stopPostgres = () => {};
process.on('exit', () => stopPostgres());
try {
  if (ENGINES.includes('pglite')) results.push(await benchEngine('pglite'));
  if (ENGINES.includes('postgres')) {
    let url = env.BENCH_DATABASE_URL;
    if (!url) {
      const { startTempPostgres } = await import('../../scripts/postgres.mjs');
      const pg = await startTempPostgres({ port: PG_PORT });
      url = pg.url;
      stopPostgres = () => {
        stopPostgres = () => {};
        pg.stop();
        rmSync(path.join(BENCH_DIR, 'postgres'), { recursive: true, force: true }); // its files went with the server
      };
    }
    results.push(await benchEngine('postgres', url));
  }
} catch (err) {
  console.error(`压测未完成：${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  stopPostgres();
}
if (results.length && !print(results)) process.exitCode = 1;
