#!/usr/bin/env node
// Lighthouse benchmark (`npm run bench:lighthouse [-- /path ...]`): starts the composed site from the current builds
// (scripts/site.mjs, a fresh data folder, loopback ports of its own), runs the npm `lighthouse` CLI with the system
// Chromium on each path (default: `/`, a result page, a Markdown and a PDF document; `--runs=N` each N times) with its
// default mobile profile, and prints Performance, Accessibility,
// Best Practices and SEO with LCP, TBT and CLS. Build first (`npm run build`): this measures what is in dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build.mjs';
import { startSite } from '../site.mjs';

// below the ephemeral port range (32768+), so no outgoing connection of the machine holds one of them;
// BENCH_PORT_BASE moves them (two runs side by side)
const BASE = Number(process.env.BENCH_PORT_BASE || 19480);
const PORTS = { shell: BASE, api: BASE + 10, remoteBase: BASE + 1 };
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function runLighthouse(url, outFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse 退出码 ${code}`))));
  });
}

function summary(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint').displayValue,
    lcp: audit('largest-contentful-paint').displayValue,
    tbt: audit('total-blocking-time').displayValue,
    cls: audit('cumulative-layout-shift').displayValue,
    si: audit('speed-index').displayValue,
    lcpParts: lcpParts(report),
    failed: failedAudits(report).map((a) => `${a.id} (${a.displayValue ?? a.score})`),
    // the elements behind a failed accessibility audit (colour contrast, heading order...), to know what to fix
    nodes: failedAudits(report)
      .filter((a) => a.id !== 'unused-javascript' && a.scoreDisplayMode === 'binary')
      .flatMap((a) =>
        (a.details?.items ?? [])
          .slice(0, 5)
          .map((i) => `${a.id}: ${i.node ? `${i.node.selector} ${i.node.explanation?.split('\n').pop() ?? ''}` : `${i.description ?? ''} ${i.sourceLocation?.url ?? i.url ?? ''}`}`.trim()),
      ),
  };
}

/** What the LCP waited for (Lighthouse's breakdown: time to first byte, render delay...) and which element it was. */
function lcpParts(report) {
  const items = report.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const parts = items.find((i) => i.type === 'table')?.items ?? [];
  const node = items.find((i) => i.type === 'node');
  const timing = parts.map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(', ');
  return node ? `${timing}; ${node.selector}「${String(node.nodeLabel ?? '').slice(0, 20)}」` : timing;
}

function failedAudits(report) {
  return Object.values(report.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
  );
}

/** The issue's four pages: `/`, a result page, a Markdown and a PDF document (ids from the demo data). */
async function defaultTargets(siteUrl) {
  const { results } = await (await fetch(`${siteUrl}/api/docs/?page_size=100`)).json();
  const md = results.find((d) => d.file_type === 'md');
  const pdf = results.find((d) => d.file_type === 'pdf');
  return ['/', `/app/articles/search/result?keyword=${encodeURIComponent('明月')}`, `/app/articles/docs/detail/${md.id}`, `/app/articles/docs/detail/${pdf.id}`];
}

async function main() {
  const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
  const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const site = await startSite({ port: PORTS.shell, apiPort: PORTS.api, remotePortBase: PORTS.remoteBase, dataDir, quiet: true });
  try {
    const targets = paths.length ? paths : await defaultTargets(site.url);
    for (const [i, target] of targets.flatMap((t) => Array.from({ length: runs }, () => t)).entries()) {
      const url = `${site.url}${target}`;
      const outFile = path.join(dataDir, `report-${i}.json`);
      // a server that has been running: the first page a server part makes also loads its code
      await (await fetch(url)).arrayBuffer();
      await runLighthouse(url, outFile);
      const s = summary(JSON.parse(readFileSync(outFile, 'utf8')));
      console.log(`\nLighthouse（移动端）${target}`);
      console.log(`  Performance ${s.performance} · Accessibility ${s.accessibility} · Best Practices ${s.bestPractices} · SEO ${s.seo}`);
      console.log(`  FCP ${s.fcp} · LCP ${s.lcp} · TBT ${s.tbt} · CLS ${s.cls} · Speed Index ${s.si}`);
      if (s.lcpParts) console.log(`  LCP: ${s.lcpParts}`);
      if (s.failed.length) console.log(`  未满分的审计: ${s.failed.join(', ')}`);
      for (const node of s.nodes) console.log(`    ${node}`);
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
