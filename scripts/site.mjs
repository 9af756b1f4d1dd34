// Starts the composed site: the API (child process), one static origin per remote and the shell's server,
// with a deployment manifest that points the shell at the remotes. Used by `npm start` and the e2e tests.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';

const require = createRequire(import.meta.url);
export const REMOTES = ['mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity'];

function loadServerModule() {
  return require(path.join(ROOT, 'shell', 'dist-server', 'static-server.cjs'));
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API 进程已退出（退出码 ${child.exitCode}）`);
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

export function startApi({ port, dataDir, env = {}, quiet = false }) {
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js')], {
    env: { ...process.env, API_PORT: String(port), API_HOST: "127.0.0.1", DATA_DIR: dataDir, TRUST_PROXY: "loopback", ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return child;
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
 */
export async function startSite({ port, apiPort, remotePortBase, dataDir, hostname = 'localhost', quiet = false, apiEnv = {} }) {
  mkdirSync(dataDir, { recursive: true });
  const { createStaticServer, listen } = loadServerModule();
  const servers = [];
  const healthUrl = `http://127.0.0.1:${apiPort}/api/health/`;
  let api = startApi({ port: apiPort, dataDir, env: apiEnv, quiet });
  const stopApi = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
  };
  const stop = async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r()))));
    await stopApi();
  };
  /** Stops the API and starts it again (watch mode, after its sources were rebuilt). */
  const restartApi = async () => {
    await stopApi();
    api = startApi({ port: apiPort, dataDir, env: apiEnv, quiet });
    await waitForHealth(healthUrl, api);
    return api;
  };
  try {
    await waitForHealth(healthUrl, api);
    const deployment = {};
    for (const [i, remote] of REMOTES.entries()) {
      const server = createStaticServer({ root: path.join(ROOT, remote, 'dist'), cors: true });
      servers.push(server);
      const remotePort = await listen(server, remotePortBase + i);
      const version = require(path.join(ROOT, remote, 'package.json')).version;
      deployment[remote] = { manifest: `http://${hostname}:${remotePort}/mf-manifest.json`, version };
    }
    const deploymentFile = path.join(dataDir, 'deployment.json');
    writeDeployment(deploymentFile, deployment);
    const shell = createStaticServer({
      root: path.join(ROOT, 'shell', 'dist'),
      spaFallback: true,
      apiTarget: `http://127.0.0.1:${apiPort}`,
      deploymentFile,
    });
    servers.push(shell);
    await listen(shell, port);
    return {
      url: `http://${hostname}:${port}`,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      deployment,
      deploymentFile,
      get api() {
        return api;
      },
      restartApi,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
