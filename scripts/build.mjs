#!/usr/bin/env node
// Builds the front-end apps (and the API). Usage:
//   node scripts/build.mjs                 build everything
//   node scripts/build.mjs mf-articles     build one app
//   APP_VERSION=1.2.3 APP_OUT_DIR=/tmp/x node scripts/build.mjs mf-pay   build a variant elsewhere
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_APPS = ['shell', 'mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity', 'mf-admin'];
const require = createRequire(import.meta.url);

/** Builds an app: its browser code, and its server part when it has one (webpack.server.cjs: pages as HTML). */
export async function buildWebApp(app) {
  const stats = await buildWith(app, 'webpack.config.cjs');
  if (existsSync(path.join(ROOT, app, 'webpack.server.cjs'))) await buildWith(app, 'webpack.server.cjs');
  return stats;
}

function buildWith(app, configFile) {
  const webpack = require('webpack');
  // Each build reads APP_VERSION / APP_OUT_DIR when its config is created: load the config fresh.
  const configPath = path.join(ROOT, app, configFile);
  delete require.cache[configPath];
  const config = require(configPath);
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(`${app} 构建失败:\n${stats.toString('errors-only')}`));
      if (stats.hasWarnings()) console.warn(stats.toString('errors-warnings'));
      resolve(stats);
    });
  });
}

/** The shell's Node-side server (TypeScript) compiled with swc into shell/dist-server/. */
export async function buildShellServer() {
  const swc = require('@swc/core');
  const { mkdir, readdir, writeFile } = await import('node:fs/promises');
  const srcDir = path.join(ROOT, 'shell', 'server');
  const outDir = path.join(ROOT, 'shell', 'dist-server');
  await mkdir(outDir, { recursive: true });
  for (const file of await readdir(srcDir)) {
    if (!file.endsWith('.ts')) continue;
    const { code } = await swc.transformFile(path.join(srcDir, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    // the files are .cjs: a require of a sibling names its extension
    await writeFile(path.join(outDir, file.replace(/\.ts$/, '.cjs')), code.replace(/require\("\.\/([\w-]+)"\)/g, 'require("./$1.cjs")'));
  }
}

export function buildApi() {
  execFileSync(process.execPath, [path.join(ROOT, 'api', 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: path.join(ROOT, 'api') });
}

async function main() {
  const wanted = process.argv.slice(2);
  const targets = wanted.length ? wanted : [...WEB_APPS, 'api'];
  for (const target of targets) {
    const started = Date.now();
    if (target === 'api') buildApi();
    else if (WEB_APPS.includes(target)) {
      await buildWebApp(target);
      if (target === 'shell') await buildShellServer();
    }
    else throw new Error(`未知的构建目标: ${target}（可选: ${[...WEB_APPS, 'api'].join(', ')}）`);
    console.log(`构建完成 ${target} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
