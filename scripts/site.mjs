// Starts the composed site: the API (child process), one static origin per remote and the shell's server,
// with a deployment manifest that points the shell at the remotes. Used by `npm start` and the e2e tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';

const require = createRequire(import.meta.url);
export const REMOTES = ['mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity', 'mf-admin'];

function loadServerModule() {
  return require(path.join(ROOT, 'shell', 'dist-server', 'static-server.cjs'));
}

/** Waits until `url` answers 2xx from the API that `currentChild()` is; throws when it exits or the time is up. */
export async function waitForHealth(url, currentChild, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const child = currentChild();
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`API 进程已退出（${child.exitCode ?? child.signalCode}）`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API 在 ${timeoutMs / 1000} 秒内没有就绪: ${url}`);
}

/**
 * The local Alipay and WeChat Pay simulators (servers of their own, speaking the providers' wire formats), with
 * the keys both sides use: made once into the data folder, so orders survive a restart of either side.
 * Answers what the API's environment needs to use them.
 */
export async function startPaySimulators({ dataDir, portBase, log = () => {} }) {
  const dist = path.join(ROOT, 'api', 'dist', 'infra', 'payments');
  const keysFile = path.join(dataDir, 'pay-simulators', 'keys.json');
  if (!existsSync(keysFile)) {
    mkdirSync(path.dirname(keysFile), { recursive: true });
    const { generatePaySimulatorKeys } = require(path.join(dist, 'sim-keys.js'));
    writeFileSync(keysFile, JSON.stringify(generatePaySimulatorKeys(), null, 2), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(keysFile, 'utf8'));
  const { startAlipaySimulator } = require(path.join(dist, 'alipay', 'simulator.js'));
  const { startWxpaySimulator } = require(path.join(dist, 'wxpay', 'simulator.js'));
  const alipay = await startAlipaySimulator({ keys: keys.alipay, port: portBase, log });
  const wxpay = await startWxpaySimulator({ keys: keys.wxpay, port: portBase + 1, log });
  return {
    alipay,
    wxpay,
    env: { PAY_PROVIDER: 'simulator', PAY_SIM_KEYS_FILE: keysFile, ALIPAY_SIM_URL: alipay.url, WXPAY_SIM_URL: wxpay.url },
    close: async () => {
      await alipay.close();
      await wxpay.close();
    },
  };
}

/**
 * How the API process is started: the environment its start script sets (glibc's allocator settings) and the Node
 * flags it runs with (heap sizes, one V8 platform thread, the heap's growth), both for the memory budget. They live in one place, the API's own start script
 * (`npm start -w api`: `[NAME=value …] node <flags> dist/main.js` in api/package.json); the site's start reads them
 * there.
 */
function apiStartScript() {
  const script = String(require(path.join(ROOT, 'api', 'package.json')).scripts?.start ?? '');
  const match = /^((?:[A-Z_]+=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/main\.js$/.exec(script.trim());
  if (!match) throw new Error(`api/package.json 的 start 脚本不是 "[变量=值 …] node <参数> dist/main.js": ${script}`);
  const words = (text) => text.trim().split(/\s+/).filter(Boolean);
  return { env: Object.fromEntries(words(match[1]).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)])), flags: words(match[2]) };
}

/** The Node flags the API runs with (its start script's). */
export function apiNodeFlags() {
  return apiStartScript().flags;
}

/**
 * The environment the API's start script sets: glibc's allocator kept to two arenas that hand freed memory back
 * (docs/performance.md, "The API's memory and glibc's allocator"); other C libraries ignore them.
 */
export function apiStartEnv() {
  return apiStartScript().env;
}

/** The start settings as one line, for benchmarks' headers: `NAME=value … --flag …`. */
export function apiStartLine() {
  const { env, flags } = apiStartScript();
  return [...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...flags].join(' ');
}

/**
 * The API as its start script runs it (apiStartEnv(), apiNodeFlags()) on loopback: the site's, and the API benchmarks'
 * with `main` (another build's dist/main.js), `cwd` and `nodeFlags` (more Node flags, e.g. a profiler or a preload).
 */
export function startApi({ port, dataDir, env = {}, quiet = false, main = path.join(ROOT, 'api', 'dist', 'main.js'), cwd, nodeFlags = [] }) {
  const child = spawn(process.execPath, [...apiNodeFlags(), ...nodeFlags, main], {
    cwd,
    env: { ...process.env, ...apiStartEnv(), API_PORT: String(port), API_HOST: "127.0.0.1", DATA_DIR: dataDir, TRUST_PROXY: "loopback", ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return child;
}

/** Waits between restarts of a process that keeps crashing: the n-th restart in a row waits the n-th (then the last). */
export const RESTART_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Keeps a child process running: when it exits without being asked to, it is started again after a back-off that
 * grows while it keeps crashing (reset once it has stayed up `stableMs`), and each restart is logged.
 * @param {object} o
 * @param {() => import('node:child_process').ChildProcess} o.start
 * @param {string} o.name                 used in the log lines
 * @param {(line: string) => void} [o.log]
 * @param {number[]} [o.backoffMs]
 * @param {number} [o.stableMs]
 */
export function superviseProcess({ start, name, log = (line) => console.error(line), backoffMs = RESTART_BACKOFF_MS, stableMs = 60_000 }) {
  let child;
  let startedAt = 0;
  let crashes = 0;
  let timer = null;
  let stopped = false;
  const launch = () => {
    timer = null;
    child = start();
    startedAt = Date.now();
    const self = child;
    self.once('exit', (code, signal) => {
      if (stopped || self !== child || self.intentional) return;
      crashes = Date.now() - startedAt >= stableMs ? 1 : crashes + 1;
      const wait = backoffMs[Math.min(crashes, backoffMs.length) - 1];
      log(`${name} 进程意外退出（${code ?? signal}），${wait / 1000} 秒后重启（连续第 ${crashes} 次）。`);
      timer = setTimeout(() => {
        launch();
        log(`${name} 已重启（pid ${child.pid}）。`);
      }, wait);
    });
  };
  /** Ends the current child (if running) and waits for its exit. */
  const end = async () => {
    clearTimeout(timer);
    timer = null;
    const current = child;
    if (current.exitCode === null && current.signalCode === null) {
      current.intentional = true;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill('SIGTERM');
      await exited;
    }
  };
  launch();
  return {
    get child() {
      return child;
    },
    /** Stops the child and starts it again now (a rebuild), without counting a crash. */
    async restart() {
      await end();
      crashes = 0;
      launch();
      return child;
    },
    /** Stops the child for good. */
    async stop() {
      stopped = true;
      await end();
    },
  };
}

export function writeDeployment(file, remotes) {
  writeFileSync(file, JSON.stringify({ remotes }, null, 2));
}

/**
 * @param {object} o
 * @param {number} o.port           shell port (the site's URL)
 * @param {number} o.apiPort
 * @param {number} o.remotePortBase first remote port; the others follow
 * @param {string} o.dataDir        database and deployment manifest live here
 * @param {string} [o.hostname]     host name used in the remote URLs the browser fetches
 * @param {boolean} [o.quiet]       hide the API's output
 * @param {Record<string,string>} [o.apiEnv] extra environment for the API process
 * @param {string} [o.devToken]     the dev-only routes' token (DEV_ROUTES_TOKEN of the API); default: the
 *                                  environment's DEV_ROUTES_TOKEN, else a random one. Returned as `devToken`.
 * @param {(line: string) => void} [o.log] where the API's restarts are reported (stderr)
 *
 * The API runs supervised: when it dies it is started again (with a back-off, logged) while the static servers
 * keep serving; the shell answers /api/ with its 502 JSON meanwhile.
 */
export async function startSite({ port, apiPort, remotePortBase, dataDir, hostname = 'localhost', quiet = false, apiEnv = {}, devToken, log }) {
  mkdirSync(dataDir, { recursive: true });
  // the key to the dev-only routes (/api/dev/: outbox, captcha answers, scan), the same across API restarts
  const token = devToken || apiEnv.DEV_ROUTES_TOKEN || process.env.DEV_ROUTES_TOKEN || randomBytes(24).toString('base64url');
  // the page renderer's key (SITE_RENDER_TOKEN): its reads count as pages made for the visitor's address
  const renderToken = apiEnv.SITE_RENDER_TOKEN || process.env.SITE_RENDER_TOKEN || randomBytes(24).toString('base64url');
  apiEnv = { ...apiEnv, DEV_ROUTES_TOKEN: token, SITE_RENDER_TOKEN: renderToken };
  const { createStaticServer, listen } = loadServerModule();
  const servers = [];
  const healthUrl = `http://127.0.0.1:${apiPort}/api/health/`;
  // the payment simulators take the two ports after the remotes'
  const pay = await startPaySimulators({ dataDir, portBase: remotePortBase + REMOTES.length });
  apiEnv = { ...pay.env, PAY_NOTIFY_ORIGIN: `http://127.0.0.1:${apiPort}`, ...apiEnv };
  const api = superviseProcess({ name: 'API', start: () => startApi({ port: apiPort, dataDir, env: { SITE_ORIGIN: process.env.SITE_ORIGIN || `http://${hostname}:${port}`, ...apiEnv }, quiet }), log });
  const stop = async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r()))));
    await api.stop();
    await pay.close();
  };
  /** Stops the API and starts it again (watch mode, after its sources were rebuilt). */
  const restartApi = async () => {
    await api.restart();
    await waitForHealth(healthUrl, () => api.child);
    return api.child;
  };
  try {
    await waitForHealth(healthUrl, () => api.child);
    const deployment = {};
    for (const [i, remote] of REMOTES.entries()) {
      // a remote with a server part (its pages as HTML) answers /__ssr on its own origin
      const renderModule = path.join(ROOT, remote, 'dist-server', 'render.cjs');
      const ssr = existsSync(renderModule) ? { module: renderModule, apiOrigin: `http://127.0.0.1:${apiPort}` } : undefined;
      const server = createStaticServer({ root: path.join(ROOT, remote, 'dist'), cors: true, ssr, renderToken });
      servers.push(server);
      const remotePort = await listen(server, remotePortBase + i);
      const version = require(path.join(ROOT, remote, 'package.json')).version;
      deployment[remote] = { manifest: `http://${hostname}:${remotePort}/mf-manifest.json`, version, ...(ssr && { ssr: `http://127.0.0.1:${remotePort}/__ssr` }) };
    }
    const deploymentFile = path.join(dataDir, 'deployment.json');
    writeDeployment(deploymentFile, deployment);
    const shell = createStaticServer({
      root: path.join(ROOT, 'shell', 'dist'),
      spaFallback: true,
      apiTarget: `http://127.0.0.1:${apiPort}`,
      deploymentFile,
      siteOrigin: process.env.SITE_ORIGIN || `http://${hostname}:${port}`,
      renderToken,
    });
    servers.push(shell);
    await listen(shell, port);
    return {
      url: `http://${hostname}:${port}`,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      /** The payment simulators (their cashier pages and /_sim/ controls). */
      paySimulators: { alipay: pay.alipay.url, wxpay: pay.wxpay.url },
      /** The dev-only routes' token (query `token` or header X-Dev-Token; from this machine only). */
      devToken: token,
      deployment,
      deploymentFile,
      /** The API's current process (a new one after a restart). */
      get api() {
        return api.child;
      },
      restartApi,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
