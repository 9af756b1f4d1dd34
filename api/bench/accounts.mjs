// `npm run bench:api -w api`: requests per second of the accounts API against a bare route of the same server,
// with autocannon on loopback, 5 s per case, and the server's peak RSS. The server runs in a child process so
// that autocannon's own CPU and memory are not counted as the server's.
//   BENCH_DURATION=5 (seconds per case)  BENCH_CONNECTIONS=10  DATABASE_URL=... (PostgreSQL instead of PGlite)
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// jsencrypt's ESM build has extension-less imports Node refuses; its CommonJS build is the same code
const JSEncrypt = createRequire(import.meta.url)('jsencrypt');

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench1234';

const SERVER = fileURLToPath(new URL('./server.mjs', import.meta.url));
// the server runs with the V8 flags of `npm start` (api/package.json): a small young generation and an old-space
// cap, without which V8 lets garbage pile up to 100+ MB before collecting it
const START = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')).scripts.start;
const NODE_FLAGS = START.split(/\s+/).filter((arg) => arg.startsWith('--'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'api-bench-'));
const DEV_TOKEN = `bench-${process.pid}-dev-routes-token`;
const env = { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_DEV_ROUTES_TOKEN: DEV_TOKEN };
let child;
const nextMessage = () => new Promise((resolve, reject) => {
  child.once('message', resolve);
  child.once('exit', (code) => reject(new Error(`基准测试服务进程退出（${code}）`)));
});

function stopChild() {
  if (child?.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', stopChild);

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  // first start: creates the database (initdb, migrations, keys), then stops
  child = fork(SERVER, ['--init'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { initMaxRssKiB } = await nextMessage();
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  child = fork(SERVER, [], { env, execArgv: NODE_FLAGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port, engine } = await nextMessage();
  const base = `http://127.0.0.1:${port}`;

  // a user to read and to log in as, made through the API like any other
  const mobile = '13700000000';
  await json(await fetch(`${base}/api/codes/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, reason: 'REGISTER' }) }));
  const outbox = await json(await fetch(`${base}/api/dev/outbox/?mobile=${mobile}&limit=1`, { headers: { 'x-dev-token': DEV_TOKEN } }));
  const { public_key: publicKey } = await json(await fetch(`${base}/api/public-key/`));
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const encrypted = rsa.encryptOAEP(PASSWORD);
  const reg = await fetch(`${base}/api/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: mobile, password: encrypted, code: outbox.results[0].code }),
  });
  await json(reg);
  const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const rssNow = async () => {
    child.send('rss');
    return (await nextMessage()).rssBytes / 1048576;
  };
  const run = async (opts, duration) => {
    const r = await autocannon({ connections: CONNECTIONS, duration, ...opts });
    return { total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  };
  const add = (sum, r) => ({
    total: (sum?.total ?? 0) + r.total,
    p50: Math.max(sum?.p50 ?? 0, r.p50),
    p99: Math.max(sum?.p99 ?? 0, r.p99),
    non2xx: (sum?.non2xx ?? 0) + r.non2xx,
    errors: (sum?.errors ?? 0) + r.errors,
  });
  const startRss = await rssNow();
  const results = [];

  // the bare route and the user info take turns (ROUNDS slices each), so that a change of machine load during
  // the run does not fall on one of them only
  const ROUNDS = 5;
  const bareOpts = { url: `${base}/api/bench/bare/` };
  const infoOpts = { url: `${base}/api/users/0/`, headers: { cookie } };
  let bare;
  let info;
  for (let i = 0; i < ROUNDS; i += 1) {
    bare = add(bare, await run(bareOpts, DURATION / ROUNDS));
    info = add(info, await run(infoOpts, DURATION / ROUNDS));
  }
  results.push({ name: '空路由（基准）GET /api/bench/bare/', ...bare, rps: bare.total / DURATION, rss: await rssNow() });
  results.push({ name: '用户信息 GET /api/users/0/（已登录）', ...info, rps: info.total / DURATION, rss: await rssNow() });

  let phone = 0;
  const codes = await run(
    {
      url: `${base}/api/codes/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ mobile: `136${String((phone += 1)).padStart(8, '0')}`, reason: 'LOGIN' }) }),
        },
      ],
    },
    DURATION,
  );
  results.push({ name: '发送验证码 POST /api/codes/（每次不同手机号）', ...codes, rps: codes.total / DURATION, rss: await rssNow() });
  const login = await run(
    {
      url: `${base}/api/token/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: mobile, password: encrypted, login_type: 1, platform: 3 }),
    },
    DURATION,
  );
  results.push({ name: '密码登录 POST /api/token/（argon2id）', ...login, rps: login.total / DURATION, rss: await rssNow() });
  child.send('report');
  const { maxRssKiB, loadPeakBytes } = await nextMessage();
  child.send('stop');

  const cores = availableParallelism();
  console.log(`\nAPI 基准测试（数据库 ${engine}，每项 ${DURATION} 秒，${CONNECTIONS} 个连接，${cores} 核，回环地址；node ${NODE_FLAGS.join(' ')}；启动后 RSS ${startRss.toFixed(0)} MB）\n`);
  for (const r of results) {
    console.log(`${r.name}\n    ${r.rps.toFixed(0).padStart(7)} 请求/秒   p50 ${r.p50} ms   p99 ${r.p99} ms   共 ${r.total} 次，非 2xx ${r.non2xx}，错误 ${r.errors}，之后 RSS ${r.rss.toFixed(0)} MB`);
  }
  const ratio = info.total / bare.total;
  const loginRps = login.total / DURATION;
  const peakMb = maxRssKiB / 1024;
  console.log('');
  console.log(`用户信息 / 空路由: ${(ratio * 100).toFixed(1)}%（目标 ≥ 25%）${ratio >= 0.25 ? '✓' : '✗'}`);
  console.log(`登录: ${(loginRps / cores).toFixed(1)} 次/秒/核（${loginRps.toFixed(1)} 次/秒，${cores} 核）`);
  console.log(`服务进程峰值 RSS: ${peakMb.toFixed(0)} MB（含启动；压测期间 ${(loadPeakBytes / 1048576).toFixed(0)} MB；目标 ≤ 300 MB）${peakMb <= 300 ? '✓' : '✗'}`);
  if (engine === 'pglite') console.log(`（首次启动建库进程的峰值 RSS: ${(initMaxRssKiB / 1024).toFixed(0)} MB，只发生一次）`);
  // a failed request fails the run; the targets are figures to read (✓/✗ above)
  process.exitCode = results.some((r) => r.non2xx > 0 || r.errors > 0) ? 1 : 0;
}

main().catch((err) => {
  console.error('基准测试失败:', err);
  stopChild();
  process.exitCode = 1;
});
