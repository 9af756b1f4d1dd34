#!/usr/bin/env node
// Server-rendered pages through the shell's server (`npm run bench:ssr`): starts the composed site from the current
// builds (scripts/site.mjs, a fresh data folder with the demo content, loopback ports of its own), then loads
// document detail pages with autocannon as a browser asks for them (Accept-Encoding: br, gzip) and prints pages per
// second, latency, how many came as server HTML (X-Page-Render: server) and the site process's memory.
//   one document    the same page again and again (a page many people open at once)
//   every document  each request another public document (a crawler going through the site); the shell's page
//                   cache keeps each for 10 s, so this is mostly answers from it
//   signed in       every document with a session cookie: signed-in readers share the kept pages with visitors
//   just wrote      every document for a reader who has just written (the /api/ proxy's wrote_at cookie, here a time
//                   ahead of the clock, so that no kept page answers it): a render each time (the remote's server
//                   and its API reads), what a page costs when it is not in the cache
//   index.html      the page without server rendering (the shell's file as it is), for comparison
// Build first (`npm run build`): this measures what is in dist/. BENCH_CONNECTIONS (100), BENCH_DURATION (10 s),
// BENCH_PORT_BASE (19580) change the run.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const BASE = Number(process.env.BENCH_PORT_BASE || 19580);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 100);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const TARGET_PAGES_PER_S = 1000;

/** Peak resident memory of a process, in MB (Linux). */
function peakRssMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time a process has used so far, in ms (Linux: utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * The site runs in a process of its own (as `npm start` runs it: the shell's server and the remotes' servers in one
 * process, the API in its child), so the load generator here does not share its thread.
 */
function startSiteProcess(dataDir) {
  const child = fork(fileURLToPath(import.meta.url), ['--site', dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (site) => resolve({ ...site, pid: child.pid, stop: () => new Promise((r) => (child.once('exit', r), child.send('stop'))) }));
    child.once('exit', (code) => reject(new Error(`站点进程退出（${code}）`)));
  });
}

async function siteProcess(dataDir) {
  const { startSite } = await import('../site.mjs');
  // every request comes from this machine: the API's per-address limits (the renders' 1,200 reads a minute) would
  // answer them with 429 within seconds, so they are lifted here as in the API's own benchmarks
  const site = await startSite({ port: BASE, apiPort: BASE + 10, remotePortBase: BASE + 1, dataDir, hostname: '127.0.0.1', quiet: true, apiEnv: { RATE_LIMIT_SCALE: '100000' } });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await site.stop();
    process.exit(0);
  });
  process.send({ url: site.url, apiPid: site.api.pid });
}

async function load(siteUrl, paths, extraHeaders = {}) {
  let i = 0;
  return autocannon({
    url: siteUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'br, gzip', accept: 'text/html', ...extraHeaders },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
}

/** Whether an answer is the server's HTML, read once per case from a plain request (autocannon does not keep headers). */
async function renderedBy(siteUrl, pathname, extraHeaders = {}) {
  const response = await fetch(siteUrl + pathname, { headers: { 'accept-encoding': 'br, gzip', ...extraHeaders } });
  const text = await response.text();
  return { header: response.headers.get('x-page-render') ?? '-', status: response.status, html: text.length };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wendang-bench-ssr-'));
  const site = await startSiteProcess(dataDir);
  try {
    const { results } = await (await fetch(`${site.url}/api/docs/?page_size=100`)).json();
    if (!results?.length) throw new Error('演示数据中没有文档');
    const md = results.find((d) => d.file_type === 'md') ?? results[0];
    const detail = (id) => `/app/articles/docs/detail/${id}`;
    const cases = [
      ['一篇文档（同一页）', [detail(md.id)]],
      [`全部文档（${results.length} 篇轮流）`, results.map((d) => detail(d.id))],
      // pages are made as the visitor sees them, so a session cookie shares them
      ['已登录', results.map((d) => detail(d.id)), { cookie: 'sessionid=bench-not-a-session' }],
      // a write "later" than any page: every request made anew (shell/server/static-server.ts, wrote_at)
      ['刚写过（每次渲染）', results.map((d) => detail(d.id)), { cookie: `sessionid=bench-not-a-session; wrote_at=${Date.now() + 3_600_000}` }],
      ['index.html（不经服务端渲染）', ['/index.html']],
    ];
    const rows = [];
    for (const [name, paths, headers] of cases) {
      const first = await renderedBy(site.url, paths[0], headers);
      const before = [cpuMs(site.pid), cpuMs(site.apiPid)];
      const result = await load(site.url, paths, headers);
      // where a page's time goes: CPU of the site process (shell and remotes' servers) and of the API, per page
      const [siteCpu, apiCpu] = [cpuMs(site.pid) - before[0], cpuMs(site.apiPid) - before[1]].map((ms) => ms / Math.max(1, result.requests.total));
      rows.push({ name, first, result, siteCpu, apiCpu });
    }
    console.log(`\n服务端渲染的文档详情页，经 shell 的服务器（autocannon ${CONNECTIONS} 连接 × ${DURATION_S} 秒，回环地址，Accept-Encoding: br, gzip）`);
    for (const { name, first, result, siteCpu, apiCpu } of rows) {
      const bad = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${name.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} 页/秒  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
          `每页 CPU：站点 ${siteCpu.toFixed(2)} ms，API ${apiCpu.toFixed(2)} ms  ` +
          `非 2xx/错误/超时 ${bad}  X-Page-Render: ${first.header}  HTML ${Math.round(first.html / 1024)} KB`,
      );
    }
    console.log(
      `  峰值内存：站点进程（shell 与各远程模块的服务端）${peakRssMb(site.pid)} MB，API ${peakRssMb(site.apiPid)} MB；` +
        `负载 ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    const hot = rows[0].result.requests.average;
    const ok = hot >= TARGET_PAGES_PER_S && rows.every((r) => r.result.non2xx + r.result.errors === 0);
    console.log(`目标：文档详情 ≥ ${TARGET_PAGES_PER_S} 页/秒 ${ok ? '达标' : '未达标'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--site') await siteProcess(process.argv[3]);
else await main();
