// `npm run bench:memory -w api` (Linux): the API's peak RSS (VmHWM of /proc) as `npm start` runs it (dist/main.js
// with the environment and V8 flags of its start script, apiStartEnv() and apiNodeFlags()): the first start on an
// empty data folder, which seeds the demo content, then a search load; then a second start on the seeded folder and
// the same load.
//   BENCH_PORT=18490  BENCH_DURATION=30 (seconds of load)  BENCH_CONNECTIONS=16
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiStartLine, startApi, waitForHealth } from '../../scripts/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18490);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const BASE = `http://127.0.0.1:${PORT}`;
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Peak and current RSS of a process, in MB. */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

async function start(dataDir) {
  const began = Date.now();
  const child = startApi({ port: PORT, dataDir, quiet: true, main: MAIN, env: { RATE_LIMIT_SCALE: '100000' } });
  await waitForHealth(`${BASE}/api/search-keyword/`, () => child, 600_000);
  return { child, seconds: (Date.now() - began) / 1000 };
}

/** CONNECTIONS clients searching for DURATION seconds: the hot keywords, common words and misses, pages 1 to 3. */
async function searchLoad() {
  const hot = (await (await fetch(`${BASE}/api/search-keyword/?page_size=50`)).json()).results.map((k) => k.keyword);
  const words = [...hot, '明月', '春风', '江南', '黄河', '山水', '秋夜', '故乡', '长安', 'abc', '不存在的词语', '李白 杜甫', '静夜思'];
  const end = Date.now() + DURATION * 1000;
  let requests = 0;
  let failed = 0;
  const client = async (i) => {
    while (Date.now() < end) {
      const word = words[(requests + i) % words.length];
      const res = await fetch(`${BASE}/api/articles/?keyword=${encodeURIComponent(word)}&page=${1 + (requests % 3)}`).catch(() => null);
      if (!res || res.status >= 500) failed += 1;
      await res?.arrayBuffer();
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => client(i)));
  return { perSecond: Math.round(requests / DURATION), failed };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'api-memory-'));
let child;
process.on('exit', () => {
  if (child?.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
console.log(`node ${process.version}, start ${apiStartLine()}, ${CONNECTIONS} clients, ${DURATION} s of search`);
for (const run of ['first start (empty data folder: seeds the demo)', 'second start (seeded folder)']) {
  const started = await start(dataDir);
  child = started.child;
  const atStart = rss(child.pid);
  const load = await searchLoad();
  const after = rss(child.pid);
  console.log(
    `${run}: listening after ${started.seconds.toFixed(1)} s, RSS ${atStart.now} MB (peak so far ${atStart.peak} MB); ` +
      `search ${load.perSecond}/s (${load.failed} failed): RSS ${after.now} MB, peak ${after.peak} MB`,
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
