#!/usr/bin/env node
// What a PDF preview costs the page's main thread (`node mf-articles/bench/pdf-main-thread.mjs [paths] [--runs=N]
// [--engine=worker|main|both] [--screenshots=DIR]`). Starts the composed site from the current builds (own loopback
// ports: BENCH_PORT_BASE, default 19580, and the next 10; a fresh data folder), opens each path (default: the first
// PDF document's detail) in the system Chromium as a 412 px phone with the CPU slowed 4x (Lighthouse's mobile
// profile), waits for the preview's first page and the page after it, and prints:
//   - the long tasks of the main thread (PerformanceObserver 'longtask'): count, longest, blocking time (the part of
//     each over 50 ms) for the whole load and from the moment the PDF engine's chunk is requested;
//   - the JavaScript files the main thread loaded (its resource timing entries), raw and gzipped, PDF ones apart,
//     and whether pdf.js was evaluated there (pdf.js sets `globalThis.pdfjsLib`);
//   - the main thread's JavaScript time in the PDF engine's files, from a CPU profile (V8's sampling profiler, every
//     200 µs): samples with a frame of those files on their stack (their evaluation, pdf.js's work on the main
//     thread, the worker engine's messages and text layer spans, with the DOM calls they make), in all and the
//     longest stretch in a row;
//   - when the first page was drawn.
// `--engine=worker` leaves the browser as it is (pdf.js in its worker, with a build that has the worker engine);
// `--engine=main` takes the browser's `transferControlToOffscreen` away before the page runs, so the preview falls back
// to pdf.js on the main thread; `both` (the default) measures each in turn. Each line says where pdf.js ran. `--screenshots=DIR` also writes the
// first path at 1280 and 375 px wide (PC and phone); `--detail` lists where the PDF files' main-thread time went (the
// profile's frames by self time). Build first (`npm run build`): this measures what is in dist/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { startSite } = await import(path.join(ROOT, 'scripts', 'site.mjs'));
const { chromium } = await import(path.join(ROOT, 'node_modules', '@playwright', 'test', 'index.mjs'));

const BASE = Number(process.env.BENCH_PORT_BASE || 19580);
const DETAIL = process.argv.includes('--detail');
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The PDF engines' files that the page itself runs (main-thread engine: pdf.js and its engine; worker engine: its front). */
const PDF_FILE = /(lib-pdfjs-dist|pdfjs|pdf-worker-engine)\.[0-9a-f]{8}\.js$/;
/** Workers' files: a module worker's graph is fetched by the page, so they are in its resource timing, but not run there. */
const WORKER_FILE = /(pdf-host|pdf\.(display|worker|renderer))\.[0-9a-f]{8}\.js$/;

/** Runs in the page before its scripts: long tasks, and the moment page 1 of the preview is drawn. */
function probe() {
  const seen = { longTasks: [], firstPageDone: null };
  globalThis.__pdfBench = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (seen.firstPageDone === null && document.querySelector('.dt-pdf-page[data-page="1"][data-state="done"]')) seen.firstPageDone = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}

const blocking = (tasks) => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const ms = (n) => `${Math.round(n)} ms`;

/**
 * Milliseconds of a CPU profile's samples that have a frame of a matching script on their stack: in all, and the
 * longest stretch of such samples in a row (an upper bound of what those files add to one task).
 */
function timeIn(profile, file) {
  const parent = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inFile = new Map();
  const matches = (id) => {
    if (!inFile.has(id)) {
      const node = byId.get(id);
      inFile.set(id, file.test(node.callFrame.url) || (parent.has(id) && matches(parent.get(id))));
    }
    return inFile.get(id);
  };
  let micros = 0;
  let stretch = 0;
  let longest = 0;
  const self = new Map();
  profile.samples.forEach((id, i) => {
    if (!matches(id)) {
      stretch = 0;
      return;
    }
    micros += profile.timeDeltas[i + 1] ?? 0;
    stretch += profile.timeDeltas[i + 1] ?? 0;
    longest = Math.max(longest, stretch);
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  if (DETAIL) console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1)} ms ${k}`).join('\n'));
  return { total: micros / 1000, longest: longest / 1000 };
}

async function sizeOf(url, cache) {
  if (!cache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    cache.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return cache.get(url);
}

async function measure(browser, url, engine, sizes) {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const page = await context.newPage();
  if (engine === 'main') await page.addInitScript(() => delete HTMLCanvasElement.prototype.transferControlToOffscreen);
  await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  const boxes = page.locator('.dt-pdf-page');
  await boxes.first().waitFor();
  for (const box of (await boxes.all()).slice(0, 2)) await page.waitForFunction((el) => el.dataset.state === 'done', await box.elementHandle(), { timeout: 60_000 });
  await page.waitForTimeout(2000);
  const { profile } = await cdp.send('Profiler.stop');
  const seen = await page.evaluate(() => ({
    ...globalThis.__pdfBench,
    pdfjsOnMainThread: 'pdfjsLib' in globalThis,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({ name: e.name, start: e.startTime })),
    spans: document.querySelectorAll('.dt-pdf-text span').length,
  }));
  await context.close();
  const pdfStart = Math.min(...seen.scripts.filter((s) => PDF_FILE.test(s.name)).map((s) => s.start));
  const afterPdf = seen.longTasks.filter((t) => t.start + t.duration > pdfStart);
  const mainScripts = seen.scripts.filter((s) => !WORKER_FILE.test(s.name));
  const files = await Promise.all(mainScripts.map(async (s) => ({ ...s, ...(await sizeOf(s.name, sizes)) })));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  const pdfFiles = files.filter((f) => PDF_FILE.test(f.name));
  return {
    engine,
    longTasks: seen.longTasks.length,
    longest: Math.max(0, ...seen.longTasks.map((t) => t.duration)),
    blocking: blocking(seen.longTasks),
    afterPdf: { count: afterPdf.length, longest: Math.max(0, ...afterPdf.map((t) => t.duration)), blocking: blocking(afterPdf) },
    js: { files: files.length, raw: sum(files, 'raw'), gzip: sum(files, 'gzip') },
    pdfJs: { files: pdfFiles.map((f) => path.basename(new URL(f.name).pathname)), raw: sum(pdfFiles, 'raw'), gzip: sum(pdfFiles, 'gzip') },
    pdfjsOnMainThread: seen.pdfjsOnMainThread,
    pdfProfile: timeIn(profile, PDF_FILE),
    firstPageDone: seen.firstPageDone,
    spans: seen.spans,
  };
}

async function screenshots(browser, url, dir) {
  mkdirSync(dir, { recursive: true });
  for (const [name, options] of [
    ['pc-1280', { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 }],
    ['phone-375', { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
  ]) {
    const context = await browser.newContext({ ...options, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(url);
    const first = page.locator('.dt-pdf-page').first();
    await first.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => el.dataset.state === 'done', await first.elementHandle(), { timeout: 60_000 });
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
    await page.screenshot({ path: path.join(dir, `${name}-full.png`), fullPage: true });
    await context.close();
    console.log(`截图: ${path.join(dir, `${name}.png`)}, ${name}-full.png`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const runs = Number(option('runs', 3));
  const engines = option('engine', 'both') === 'both' ? ['worker', 'main'] : [option('engine')];
  const shots = option('screenshots', null);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));
  const site = await startSite({ port: BASE, apiPort: BASE + 10, remotePortBase: BASE + 1, dataDir, quiet: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
  try {
    let paths = args.filter((a) => a.startsWith('/'));
    if (!paths.length) {
      const { results } = await (await fetch(`${site.url}/api/docs/?page_size=100`)).json();
      paths = [`/app/articles/docs/detail/${results.find((d) => d.file_type === 'pdf').id}`];
    }
    const sizes = new Map();
    // a server that has been running: the first page a server part makes also loads its code
    await (await fetch(`${site.url}${paths[0]}`)).arrayBuffer();
    if (shots) await screenshots(browser, `${site.url}${paths[0]}`, shots);
    for (const target of paths) {
      console.log(`\n${target}（412 px 手机，CPU 4x 降速，每种引擎 ${runs} 次）`);
      for (let i = 0; i < runs; i += 1) {
        for (const engine of engines) {
          const r = await measure(browser, `${site.url}${target}`, engine, sizes);
          console.log(
            `  ${r.pdfjsOnMainThread ? 'pdf.js 在主线程' : 'pdf.js 在 worker'}${engine === 'main' ? '（取消 transferControlToOffscreen）' : ''} #${i + 1}: 长任务 ${r.longTasks} 个, 最长 ${ms(r.longest)}, 阻塞 ${ms(r.blocking)}` +
              ` | PDF 引擎请求之后: ${r.afterPdf.count} 个, 最长 ${ms(r.afterPdf.longest)}, 阻塞 ${ms(r.afterPdf.blocking)}` +
              ` | 第 1 页画好 ${r.firstPageDone === null ? '-' : ms(r.firstPageDone)} | 文字层 ${r.spans} 个 span`,
          );
          console.log(
            `      主线程 JS ${r.js.files} 个文件 ${kb(r.js.raw)} (gzip ${kb(r.js.gzip)}), 其中 PDF: ${r.pdfJs.files.join(', ') || '无'} ${kb(r.pdfJs.raw)} (gzip ${kb(r.pdfJs.gzip)})` +
              ` | PDF 文件在主线程的 JS 时间 ${ms(r.pdfProfile.total)}, 最长连续 ${ms(r.pdfProfile.longest)}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
