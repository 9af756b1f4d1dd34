#!/usr/bin/env node
// `node api/bench/compare-builds.mjs <other api folder>`: the document list and detail of two builds of the API
// in one run, on PGlite with the same 100,000+ items, against each build's bare route: for a change that must
// not cost throughput (a restructure). The other build is another checkout's api/ folder, built
// (`git worktree add /tmp/base <commit> && cd /tmp/base && npm ci && npm run build -w api`). Both servers run at
// once, each on its own copy of the seeded data folder (BENCH_DATA_DIR, as content-bench.mjs seeds it), and the
// six cases take turns in slices.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternating, benchCases, startServer, stopServer } from './content-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const otherApi = process.argv[2] && path.resolve(process.argv[2]);
if (!otherApi || !existsSync(path.join(otherApi, 'bench', 'content-server.mjs'))) {
  console.error('用法: node api/bench/compare-builds.mjs <另一份已构建的 api 目录>');
  process.exit(2);
}
const benchDir = path.resolve(process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'wendang-content-bench'));
const DURATION_S = Number(process.env.BENCH_DURATION || 2);
const SLICES = Number(process.env.BENCH_SLICES || 6);
const CONNECTIONS = 10;

const dataDir = path.join(benchDir, 'pglite');
const otherDataDir = path.join(benchDir, 'pglite-compare');
mkdirSync(dataDir, { recursive: true });
process.stderr.write('启动本构建（数据不存在时先生成 100,000+ 条内容）…\n');
const mine = await startServer(path.join(here, 'content-server.mjs'), 'pglite', '', dataDir);
// PGlite takes one process per folder: the other build gets a copy, made while this one's data is at rest
if (!existsSync(otherDataDir)) {
  await stopServer(mine);
  process.stderr.write('复制数据给另一构建…\n');
  cpSync(dataDir, otherDataDir, { recursive: true });
  Object.assign(mine, await startServer(path.join(here, 'content-server.mjs'), 'pglite', '', dataDir));
}
const other = await startServer(path.join(otherApi, 'bench', 'content-server.mjs'), 'pglite', '', otherDataDir);
try {
  process.stderr.write('测量中…\n');
  const bases = [other, mine].map((s) => `http://127.0.0.1:${s.port}`);
  const r = await alternating(bases, SLICES, DURATION_S, CONNECTIONS, benchCases(mine.docIds));
  const fmt = (n) => n.toFixed(0);
  const share = (c, i) => ((100 * r[c][i].rps) / r.bare[i].rps).toFixed(1);
  console.log(`\n两个构建同一次运行（PGlite，${mine.items.docs} 篇文档；autocannon ${CONNECTIONS} 连接，${SLICES} 轮 × ${DURATION_S} 秒，轮流）`);
  console.log(`${''.padEnd(14)}${'另一构建'.padEnd(22)}${'本构建'.padEnd(22)}本/另`);
  for (const c of ['bare', 'list', 'detail']) {
    const cells = [0, 1].map((i) => (c === 'bare' ? `${fmt(r[c][i].rps)}/s` : `${fmt(r[c][i].rps)}/s (${share(c, i)}%)`));
    console.log(`${c.padEnd(14)}${cells[0].padEnd(24)}${cells[1].padEnd(24)}${(r[c][1].rps / r[c][0].rps).toFixed(3)}`);
  }
} finally {
  await stopServer(other);
  await stopServer(mine);
}
