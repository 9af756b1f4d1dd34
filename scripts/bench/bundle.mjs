#!/usr/bin/env node
// Bundle benchmark (`npm run bench`): builds every app, and the same pages as one plain webpack bundle (the
// baseline), serves both, loads `/` in Chromium and prints the JavaScript transferred, gzipped, by category,
// the ratio federated / baseline, and the build time of one remote alone against all apps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildShellServer, buildWebApp, ROOT, WEB_APPS } from '../build.mjs';
import { startSite } from '../site.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const webpack = require('webpack');
const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const buildStats = {};
async function timeBuild(app) {
  const started = performance.now();
  buildStats[app] = await buildWebApp(app);
  return (performance.now() - started) / 1000;
}

function compile(config) {
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve(stats))),
  );
}

/** For each JS file of a build: 'library' when every module in it is a package (node_modules or the kernel), else 'app'. */
function fileKinds(stats) {
  const kinds = new Map();
  for (const chunk of stats.toJson({ all: false, chunks: true, chunkModules: true }).chunks) {
    const modules = (chunk.modules ?? []).filter((m) => m.moduleType !== 'runtime' && m.name);
    const library = modules.length > 0 && modules.every((m) => /node_modules|shared-kernel[\\/]|^(consume|provide)/.test(m.name));
    for (const file of chunk.files) if (file.endsWith('.js')) kinds.set(file, library ? 'library' : 'app');
  }
  return kinds;
}

/** Loads `url` in a fresh browser context and returns every JavaScript response: url and gzipped size. */
async function jsOnFirstLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    try {
      scripts.push({ url: response.url(), gzip: gz(await response.body()) });
    } catch {
      /* aborted */
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('#app-slot h1');
  await context.close();
  return scripts;
}

/**
 * Splits the federated first load into: the shell's own code, the federation runtime (the share of main.js that an
 * empty federated host costs), remote entries, shared libraries (shell files made only of node_modules code) and
 * the remote's own code.
 */
function categorize(scripts, site, runtimeBytes) {
  const kinds = fileKinds(buildStats.shell);
  const remoteOrigins = new Set(Object.values(site.deployment).map((d) => new URL(d.manifest).origin));
  const sums = { shell: 0, 'federation runtime': 0, 'remote entries': 0, 'shared libraries': 0, 'remote code': 0 };
  const libraries = {};
  for (const { url, gzip } of scripts) {
    const u = new URL(url);
    const file = path.basename(u.pathname);
    if (remoteOrigins.has(u.origin)) sums[file === 'remoteEntry.js' ? 'remote entries' : 'remote code'] += gzip;
    else if (file === 'main.js') {
      sums['federation runtime'] += Math.min(runtimeBytes, gzip);
      sums.shell += gzip - Math.min(runtimeBytes, gzip);
    } else if (kinds.get(file) === 'library') {
      sums['shared libraries'] += gzip;
      libraries[file] = gzip;
    } else sums.shell += gzip;
  }
  return { sums, libraries };
}

async function main() {
  console.log('构建所有应用（计时）…');
  const times = {};
  const allStarted = performance.now();
  for (const app of WEB_APPS) times[app] = await timeBuild(app);
  const allSeconds = (performance.now() - allStarted) / 1000;
  await buildShellServer();
  const oneRemote = await timeBuild('mf-pay');

  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const baselineDir = path.join(work, 'baseline');
  const baselineConfig = require('./baseline.webpack.cjs');
  await compile(baselineConfig(baselineDir));
  await compile(baselineConfig.runtimeProbe(path.join(work, 'probe')));
  const runtimeBytes = gz(readFileSync(path.join(work, 'probe', 'main.js')));

  // BENCH_PORT moves the site's ports (the API takes +10, the remotes +1 onwards) when several runs share a machine.
  const port = Number(process.env.BENCH_PORT || 18280);
  const site = await startSite({ port, apiPort: port + 10, remotePortBase: port + 1, dataDir: path.join(work, 'data'), quiet: true });
  const { createStaticServer, listen } = require(path.join(ROOT, 'shell', 'dist-server', 'static-server.cjs'));
  const baselineServer = createStaticServer({ root: baselineDir, spaFallback: true, apiTarget: site.apiUrl });
  const baselinePort = await listen(baselineServer, 0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const federated = await jsOnFirstLoad(browser, `${site.url}/`);
    const baseline = await jsOnFirstLoad(browser, `http://localhost:${baselinePort}/`);
    const { sums, libraries } = categorize(federated, site, runtimeBytes);
    const federatedTotal = federated.reduce((n, s) => n + s.gzip, 0);
    const baselineTotal = baseline.reduce((n, s) => n + s.gzip, 0);

    console.log('\n首次加载 / 的 JavaScript（gzip -9）');
    for (const [category, bytes] of Object.entries(sums)) console.log(`  ${category.padEnd(20)} ${kb(bytes).padStart(9)}`);
    for (const [name, bytes] of Object.entries(libraries).sort((a, b) => b[1] - a[1])) console.log(`    ${name.padEnd(26)} ${kb(bytes).padStart(9)}`);
    console.log(`  ${'federated total'.padEnd(20)} ${kb(federatedTotal).padStart(9)}  (${federated.length} files)`);
    console.log(`  ${'one-bundle baseline'.padEnd(20)} ${kb(baselineTotal).padStart(9)}  (${baseline.length} files)`);
    console.log(`  ${'ratio'.padEnd(20)} ${(federatedTotal / baselineTotal).toFixed(2)}x`);
    console.log('\n构建时间');
    for (const [app, seconds] of Object.entries(times)) console.log(`  ${app.padEnd(20)} ${seconds.toFixed(1)} s`);
    console.log(`  ${'all apps'.padEnd(20)} ${allSeconds.toFixed(1)} s`);
    console.log(`  ${'mf-pay alone'.padEnd(20)} ${oneRemote.toFixed(1)} s  (${((oneRemote / allSeconds) * 100).toFixed(0)}% of all)`);
    const kernelStats = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'dist', 'mf-stats.json'), 'utf8')).shared.find((s) => s.name === 'shared-kernel');
    const kernelFiles = kernelStats.assets.js.sync;
    const kernelBytes = kernelFiles.reduce((n, f) => n + gz(readFileSync(path.join(ROOT, 'shell', 'dist', f))), 0);
    // the shell puts the start-up libraries in one file (lib-startup): then the kernel has no size of its own here
    if (kernelFiles.some((f) => f.startsWith('lib-startup'))) console.log(`\nshared-kernel 与其他启动库同在 ${kernelFiles.join(', ')}（不单列）`);
    else console.log(`\nshared-kernel 自身代码（gzip -9，不含 react/axios/rxjs）: ${kb(kernelBytes)}`);
  } finally {
    await browser.close();
    baselineServer.close();
    await site.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
