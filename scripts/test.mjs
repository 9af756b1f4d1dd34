#!/usr/bin/env node
// `npm test`: every check of the project in one run, ending with one line `N passed, N failed`.
//   1. system programs (Chromium, CJK fonts, PostgreSQL, Redis): found, or installed with apt-get when allowed
//   2. type check (tsc --noEmit per workspace) and lint (oxlint)          — one check each
//   3. unit tests of every workspace and the API tests (jest)             — on PGlite and on a real PostgreSQL;
//      the Redis-backed API tests start their own redis-server on a loopback port and stop it afterwards
//   4. production build, then the Playwright end-to-end tests in the system Chromium
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';
import { startTempPostgres } from './postgres.mjs';
import { ensureSystemDeps } from './system-deps.mjs';

const RESULTS = path.join(ROOT, '.test-results');
const WORKSPACES = ['contracts', 'shared-kernel', 'shell', 'mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity', 'mf-admin', 'api', 'e2e'];
const totals = { passed: 0, failed: 0 };
const failures = [];

function run(cmd, args, env = {}) {
  const bin = existsSync(path.join(ROOT, 'node_modules', '.bin', cmd)) ? path.join(ROOT, 'node_modules', '.bin', cmd) : cmd;
  return spawnSync(bin, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

function check(name, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
  console.log(`${ok ? '✓' : '✗'} ${name}`);
}

function countJest(file, label) {
  if (!existsSync(file)) return check(`${label}（没有结果文件）`, false);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  if (r.numFailedTests || r.numRuntimeErrorTestSuites) failures.push(`${label}: ${r.numFailedTests} 个测试失败, ${r.numRuntimeErrorTestSuites} 个测试文件无法运行`);
  if (r.numTotalTests === 0) check(`${label}（没有运行任何测试）`, false);
}

function countPlaywright(file) {
  if (!existsSync(file)) return check('端到端测试（没有结果文件）', false);
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  if (stats.unexpected) {
    failures.push(`端到端测试: ${stats.unexpected} 个失败`);
    printErrorContexts();
  }
  if (stats.expected + stats.unexpected + stats.flaky === 0) check('端到端测试（没有运行任何测试）', false);
}

/**
 * The page each failed journey ended on (Playwright's error-context.md: its accessibility snapshot), into the log: a
 * failure in CI, where the test-results folder is not kept, can then be read from the log alone.
 */
function printErrorContexts() {
  const dir = path.join(ROOT, 'e2e', 'test-results');
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { recursive: true })) {
    if (!String(entry).endsWith('error-context.md')) continue;
    const text = readFileSync(path.join(dir, String(entry)), 'utf8');
    console.log(`\n--- ${entry} ---\n${text.length > 6000 ? `${text.slice(0, 6000)}\n…（截断）` : text}`);
  }
}

async function main() {
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  if (!existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) check('npm ci', run('npm', ['ci', '--no-audit', '--no-fund']));

  const missing = ensureSystemDeps();
  check('系统依赖（Chromium、中文字体、PostgreSQL、Redis、LibreOffice、poppler）', missing.length === 0);

  for (const ws of WORKSPACES) check(`类型检查 ${ws}`, run('tsc', ['-p', path.join(ws, 'tsconfig.json')]));
  check('代码检查 (oxlint)', run('npm', ['run', '--silent', 'lint']));

  // Front-end unit tests, with the kernel's coverage (target: 90% of its lines).
  run('jest', ['--selectProjects', 'shared-kernel', '--coverage', '--coverageReporters=text-summary', '--coverageThreshold={"global":{"lines":90}}', '--json', `--outputFile=${RESULTS}/kernel.json`]);
  countJest(`${RESULTS}/kernel.json`, '内核单元测试');
  run('jest', ['--selectProjects', 'shell', 'mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity', 'mf-admin', '--json', `--outputFile=${RESULTS}/web.json`]);
  countJest(`${RESULTS}/web.json`, '前端单元测试');

  // API tests: PGlite always; a real PostgreSQL too (required in CI). The rate-limit and captcha-token tests run
  // against Redis too: each suite starts a redis-server of its own on a free loopback port (api/test/redis-helpers.ts)
  // and stops it; REQUIRE_REDIS=1 makes a missing redis-server an error in CI instead of a smaller run.
  let pg = null;
  try {
    pg = await startTempPostgres();
  } catch (error) {
    console.error(`无法启动临时 PostgreSQL: ${error.message}`);
  }
  check('临时 PostgreSQL 启动', pg !== null || !process.env.CI);
  try {
    // Two suites at a time, where jest's default on two cores is one: the API's suites spend much of their time
    // waiting on the processes they start (the API and its workers, PostgreSQL, Redis, LibreOffice), so two side by
    // side take 10-12 minutes where one at a time took 19-20 (api/dist is built once, before them). Two on any
    // machine: more would share the throw-away PostgreSQL's 100 connections between more suites than measured.
    run('jest', ['--selectProjects', 'api', '--maxWorkers=2', '--json', `--outputFile=${RESULTS}/api.json`], {
      ...(pg ? { TEST_DATABASE_URL: pg.url } : {}),
      ...(process.env.CI ? { REQUIRE_POSTGRES: '1', REQUIRE_REDIS: '1' } : {}),
    });
    countJest(`${RESULTS}/api.json`, 'API 测试');
  } finally {
    pg?.stop();
  }

  const built = run('node', ['scripts/build.mjs']);
  check('生产构建', built);
  if (built) {
    run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/e2e.json` });
    countPlaywright(`${RESULTS}/e2e.json`);
  }

  if (failures.length) console.log(`\n失败:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log(`\n${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exit(1);
});
