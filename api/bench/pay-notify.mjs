// `npm run bench:pay -w api`: payment notifications per second. The API (dist/, PGlite in a data folder like
// `npm start`, in a child process: bench/server.mjs) talks to the two simulators run here; N package orders are
// made through POST /api/order-info/ and paid at the simulators, whose signed notifications (Alipay's form with
// its RSA2 signature, WeChat Pay's encrypted JSON with its Wechatpay-* headers) go to a catcher here instead of
// the API. Then autocannon fires them at POST /api/{alipay,wxpay}/notify/ with a fixed concurrency: once (each
// verified and settled: order, ledger entry, package) and once more (each verified and found settled), and
// GET /api/health/ (one database round trip) with the same concurrency as the baseline.
//   BENCH_PAY_ORDERS=2000  BENCH_CONNECTIONS=10  DATABASE_URL=... (PostgreSQL instead of PGlite)
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt');
const { generatePaySimulatorKeys } = require('../dist/infra/payments/sim-keys.js');
const { startAlipaySimulator } = require('../dist/infra/payments/alipay/simulator.js');
const { startWxpaySimulator } = require('../dist/infra/payments/wxpay/simulator.js');

const ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench1234';
const DEV_TOKEN = `bench-${process.pid}-dev-routes-token`;
const SERVER = fileURLToPath(new URL('./server.mjs', import.meta.url));
const START = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')).scripts.start;
const NODE_FLAGS = START.split(/\s+/).filter((arg) => arg.startsWith('--'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'api-bench-pay-'));
let child;
const closers = [];

const nextMessage = () =>
  new Promise((resolve, reject) => {
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

/** The notifications the simulators send, caught (and acknowledged) instead of reaching the API. */
async function startCatcher() {
  const caught = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const method = req.url.startsWith('/api/alipay/') ? 'alipay' : 'wxpay';
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k === 'content-type' || k.startsWith('wechatpay-')));
      caught.push({ method, path: req.url, headers, body: Buffer.concat(chunks).toString('utf8') });
      if (method === 'alipay') res.end('success');
      else res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { caught, url: `http://127.0.0.1:${server.address().port}` };
}

/** A user made through the API (SMS code from the development outbox, the password RSA-encrypted as the page does). */
async function register(base) {
  const mobile = '13700000001';
  const post = (p, body) => fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(await post('/api/codes/', { mobile, reason: 'REGISTER' }));
  const outbox = await json(await fetch(`${base}/api/dev/outbox/?mobile=${mobile}&limit=1`, { headers: { 'x-dev-token': DEV_TOKEN } }));
  const rsa = new JSEncrypt();
  rsa.setPublicKey((await json(await fetch(`${base}/api/public-key/`))).public_key);
  const reg = await post('/api/users/', { username: mobile, password: rsa.encryptOAEP(PASSWORD), code: outbox.results[0].code });
  await json(reg);
  const cookies = reg.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length);
  return { cookie: cookies.join('; '), csrf };
}

/** N package orders, alternately Alipay (QR) and WeChat Pay (Native), CONNECTIONS at a time. */
async function makeOrders(base, user) {
  const orders = [];
  let next = 0;
  const worker = async () => {
    while (next < ORDERS) {
      const method = next++ % 2 ? 'wxpay' : 'alipay';
      const res = await fetch(`${base}/api/order-info/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie, ...(user.csrf ? { 'x-csrftoken': user.csrf } : {}) },
        body: JSON.stringify({ type: 'package', price_policy: 1, pay_method: method, channel: method === 'alipay' ? 'precreate' : 'native' }),
      });
      orders.push({ method, ...(await json(res)) });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return orders;
}

/** Fires every caught notification once, CONNECTIONS at a time; counts the acknowledged ones. */
async function fire(base, notifications) {
  let i = 0;
  let acknowledged = 0;
  const started = Date.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: notifications.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const n = notifications[i++ % notifications.length];
          context.method = n.method;
          return { ...req, path: n.path, headers: n.headers, body: n.body };
        },
        onResponse: (status, body, context) => {
          if (context.method === 'alipay' ? body === 'success' : status === 200 || status === 204) acknowledged += 1;
        },
      },
    ],
  });
  const seconds = (Date.now() - started) / 1000;
  return { rps: result.requests.total / seconds, total: result.requests.total, acknowledged, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

async function paidCount(base, user) {
  return (await json(await fetch(`${base}/api/order-info/?state=paid&page_size=1`, { headers: { cookie: user.cookie } }))).count;
}

async function startApi(catcherUrl) {
  const keys = generatePaySimulatorKeys();
  const keysFile = path.join(dataDir, 'pay-keys.json');
  writeFileSync(keysFile, JSON.stringify(keys), { mode: 0o600 });
  const alipay = await startAlipaySimulator({ keys: keys.alipay });
  const wxpay = await startWxpaySimulator({ keys: keys.wxpay });
  closers.push(() => alipay.close(), () => wxpay.close());
  const env = {
    ...process.env,
    BENCH_DATA_DIR: dataDir,
    BENCH_DEV_ROUTES_TOKEN: DEV_TOKEN,
    PAY_PROVIDER: 'simulator',
    PAY_SIM_KEYS_FILE: keysFile,
    ALIPAY_SIM_URL: alipay.url,
    WXPAY_SIM_URL: wxpay.url,
    PAY_NOTIFY_ORIGIN: catcherUrl,
    PAY_SWEEP_INTERVAL_MS: '0',
  };
  // first start: creates the database (initdb, migrations), then stops
  child = fork(SERVER, ['--init'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await nextMessage();
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  child = fork(SERVER, [], { env, execArgv: NODE_FLAGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port, engine } = await nextMessage();
  return { base: `http://127.0.0.1:${port}`, engine, alipay, wxpay };
}

async function main() {
  const catcher = await startCatcher();
  const { base, engine, alipay, wxpay } = await startApi(catcher.url);
  const user = await register(base);
  let t = Date.now();
  const orders = await makeOrders(base, user);
  const orderSeconds = (Date.now() - t) / 1000;
  // paid 100 at a time: 2,000 notifications at once would outlast the simulators' 5-s answer timeout
  for (let from = 0; from < ORDERS; from += 100) {
    for (const o of orders.slice(from, from + 100)) await (o.method === 'alipay' ? alipay : wxpay).pay(o.order_no);
    const wanted = Math.min(ORDERS, from + 100);
    t = Date.now();
    while (catcher.caught.length < wanted && Date.now() - t < 20_000) await new Promise((r) => setTimeout(r, 20));
    if (catcher.caught.length !== wanted) throw new Error(`只收到 ${catcher.caught.length} 条通知（应有 ${wanted} 条）`);
  }
  // WeChat Pay's timestamps must stay inside the API's 5-minute window: fired right away
  const settled = await fire(base, catcher.caught);
  const paid = await paidCount(base, user);
  const duplicates = await fire(base, catcher.caught);
  const paidAfter = await paidCount(base, user);
  const health = await autocannon({ url: `${base}/api/health/`, connections: CONNECTIONS, duration: 5 });
  const healthRps = health.requests.total / 5;
  child.send('stop');

  console.log(`\n支付通知基准测试（数据库 ${engine}，${ORDERS} 笔套餐订单，支付宝与微信支付各半，${CONNECTIONS} 个并发连接，${availableParallelism()} 核，回环地址）\n`);
  console.log(`下单（含向模拟器下单）: ${(ORDERS / orderSeconds).toFixed(0)} 笔/秒`);
  const line = (name, r) => console.log(`${name}\n    ${r.rps.toFixed(0).padStart(7)} 条/秒   p50 ${r.p50} ms   p99 ${r.p99} ms   共 ${r.total} 条，已确认 ${r.acknowledged}，错误 ${r.errors}`);
  line('首次通知（验签、解密、入账、发放套餐）', settled);
  line('重复通知（验签、解密、发现已入账）', duplicates);
  console.log(`GET /api/health/（一次数据库往返）\n    ${healthRps.toFixed(0).padStart(7)} 请求/秒   p50 ${health.latency.p50} ms   p99 ${health.latency.p99} ms   非 2xx ${health.non2xx}`);
  console.log('');
  console.log(`首次通知 / 健康检查: ${((settled.rps / healthRps) * 100).toFixed(1)}%；重复通知 / 健康检查: ${((duplicates.rps / healthRps) * 100).toFixed(1)}%`);
  console.log(`已支付订单: 首轮后 ${paid}，重复一轮后 ${paidAfter}（应均为 ${ORDERS}）`);
  const ok = paid === ORDERS && paidAfter === ORDERS && settled.acknowledged === ORDERS && duplicates.acknowledged === ORDERS && health.non2xx === 0;
  process.exitCode = ok ? 0 : 1;
}

main()
  .catch((err) => {
    console.error('基准测试失败:', err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const close of closers) await close();
    stopChild();
  });
