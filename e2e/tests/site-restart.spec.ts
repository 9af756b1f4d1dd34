import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../scripts/build.mjs';
import { apiNodeFlags, apiStartEnv, startSite, superviseProcess } from '../../scripts/site.mjs';
import { E2E_PORTS } from '../support/ports';

// `npm start`'s processes (hardening, finding 10): the API runs with the Node flags and allocator settings of its own start script (the
// memory budget), and when it dies it is started again while the shell and the remotes keep serving. The site is
// started here as `npm start` starts it (scripts/site.mjs), on ports of its own (the shared site's plus 200).

const PORTS = { shell: E2E_PORTS.shell + 200, api: E2E_PORTS.api + 200, remoteBase: E2E_PORTS.remoteBase + 200 };

function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

/** The environment a process was started with, as NAME=value entries. */
function environ(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
}

test('the API runs with its start script flags and allocator settings, and a killed API comes back while the shell keeps answering', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-restart-site-'));
  const logged: string[] = [];
  const site = await startSite({ port: PORTS.shell, apiPort: PORTS.api, remotePortBase: PORTS.remoteBase, dataDir, quiet: true, log: (line: string) => logged.push(line) });
  try {
    const apiScript = (JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(apiNodeFlags()).toEqual(['--max-semi-space-size=2', '--max-old-space-size=160', '--v8-pool-size=1', '--heap-growing-percent=50']);
    for (const flag of apiNodeFlags()) expect(apiScript).toContain(flag);
    const allocator = ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536', 'MALLOC_TRIM_THRESHOLD_=65536'];
    expect(Object.entries(apiStartEnv()).map(([name, value]) => `${name}=${value}`)).toEqual(allocator);
    for (const setting of allocator) expect(apiScript).toContain(setting);
    const first = site.api;
    expect(cmdline(first.pid!)).toEqual(expect.arrayContaining(apiNodeFlags()));
    expect(environ(first.pid!)).toEqual(expect.arrayContaining(allocator));

    const exited = new Promise((r) => first.once('exit', r));
    process.kill(first.pid!, 'SIGKILL');
    await exited;
    // the API is down: the shell still serves pages and the deployment manifest, and answers /api/ with its JSON 502.
    // A page whose data could not be had is still the page (the frame, and its own error state with a retry), with a
    // 503 that sends a crawler back later (a result page's filters come from the API too); a page the browser renders
    // is its frame, a 200.
    const home = await fetch(`${site.url}/`);
    expect(home.status).toBe(503);
    expect(home.headers.get('x-page-render')).toMatch(/^server;/);
    expect(await home.text()).toContain('id="slot-mf-articles"');
    expect((await fetch(`${site.url}/app/articles/search/result`)).status).toBe(503);
    expect((await fetch(`${site.url}/app/user/login/code`)).status).toBe(200);
    expect((await fetch(`${site.url}/deployment.json`)).status).toBe(200);
    expect((await fetch(`http://localhost:${PORTS.remoteBase + 1}/mf-manifest.json`)).status).toBe(200);
    const down = await fetch(`${site.url}/api/health/`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: '服务暂时不可用，请稍后重试', code: 'bad_gateway' });

    await expect
      .poll(async () => (await fetch(`${site.url}/api/health/`).catch(() => null))?.status, { timeout: 90_000, intervals: [250] })
      .toBe(200);
    expect(site.api.pid).not.toBe(first.pid);
    expect(cmdline(site.api.pid!)).toEqual(expect.arrayContaining(apiNodeFlags()));
    expect(environ(site.api.pid!)).toEqual(expect.arrayContaining(allocator));
    expect(logged.join('\n')).toMatch(/API 进程意外退出（SIGKILL），1 秒后重启/);
    expect(logged.join('\n')).toMatch(/API 已重启/);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a process that keeps crashing is restarted with a growing back-off, and not after it is stopped', async () => {
  const logged: { at: number; line: string }[] = [];
  const supervisor = superviseProcess({
    name: '测试进程',
    start: () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }),
    log: (line: string) => logged.push({ at: Date.now(), line }),
    backoffMs: [100, 300, 600],
    stableMs: 60_000,
  });
  const crashes = () => logged.filter((l) => l.line.includes('意外退出'));
  await expect.poll(() => crashes().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  await supervisor.stop();
  expect(crashes().slice(0, 4).map((l) => l.line)).toEqual([
    '测试进程 进程意外退出（3），0.1 秒后重启（连续第 1 次）。',
    '测试进程 进程意外退出（3），0.3 秒后重启（连续第 2 次）。',
    '测试进程 进程意外退出（3），0.6 秒后重启（连续第 3 次）。',
    '测试进程 进程意外退出（3），0.6 秒后重启（连续第 4 次）。',
  ]);
  const count = logged.length;
  await new Promise((r) => setTimeout(r, 800));
  expect(logged.length).toBe(count);
});
