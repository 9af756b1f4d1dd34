import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { eventually, type AlipaySim, type WxpaySim } from './pay-helpers';

// The API as a child process (the crash tests: kill -9, then start it again on the same data), built once per jest
// run by test/global-setup.ts.

const ROOT = path.resolve(__dirname, '..', '..');

/** A free loopback port (asked of the system with port 0): the API keeps it across a restart, as its notify URL. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Api {
  child: ChildProcess;
  exited: Promise<number | null>;
}

export function startApi(env: Record<string, string>): Api {
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => code !== null && code !== 0 && console.error(`API exited ${code}: ${stderr}`));
  return { child, exited };
}

export async function healthy(base: string, api: Api): Promise<void> {
  let down = false;
  void api.exited.then(() => (down = true));
  await eventually(async () => {
    if (down) throw new Error('the API exited while starting');
    return (await fetch(`${base}/api/health/`).catch(() => undefined))?.status === 200;
  }, 'the API to start', 40_000);
}

export async function stopApi(api: Api): Promise<void> {
  api.child.kill('SIGTERM');
  expect(await api.exited).toBe(0);
}

/** Kills the API if it still runs (a test's afterAll). */
export async function killApi(api: Api | undefined): Promise<void> {
  if (api && api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
}

/**
 * The environment of an API that pays through the given simulators (as `scripts/site.mjs` passes it), on
 * `port`, with its data in `dataDir` (or the database of `databaseUrl`); the keys are written into the folder.
 */
export function payApiEnv(o: { port: number; dataDir: string; databaseUrl?: string; keys: unknown; alipay: AlipaySim; wxpay: WxpaySim }): Record<string, string> {
  const keysFile = path.join(o.dataDir, 'pay-keys.json');
  writeFileSync(keysFile, JSON.stringify(o.keys), { mode: 0o600 });
  const base = `http://127.0.0.1:${o.port}`;
  return {
    NODE_ENV: 'test',
    API_PORT: String(o.port),
    API_HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    RATE_LIMIT_SCALE: '100',
    PAY_PROVIDER: 'simulator',
    PAY_SIM_KEYS_FILE: keysFile,
    ALIPAY_SIM_URL: o.alipay.url,
    WXPAY_SIM_URL: o.wxpay.url,
    PAY_NOTIFY_ORIGIN: base,
    PAY_SWEEP_INTERVAL_MS: '500',
  };
}
