#!/usr/bin/env node
// Our npm registry mirror does not carry the macOS/Windows/other-CPU builds of packages that ship native binaries
// as optional dependencies (@swc/core-darwin-arm64, @rspack/binding-win32-x64-msvc, ...), so `npm install` leaves
// them out of package-lock.json and `npm ci` then refuses the lock as "out of sync". This records each missing
// optional package in the lock with the os/cpu its name declares, so `npm ci` skips it on this platform.
// Then npm itself rewrites the lock once (`npm install --package-lock-only`): it orders each entry's keys its own
// way and marks the dev-only and peer-only ones, which a hand-made entry lacks, so that a later `npm install`
// leaves the lock as it is.
// Run after changing dependencies: node scripts/lock-optional-stubs.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';

const lockPath = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd', 'wasi'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('wasi') ? 'wasi' : undefined);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('arm') ? 'arm' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform build: a genuinely missing package should stay an error
    // in the key order npm writes
    lock.packages[`node_modules/${dep}`] = { version, ...(cpu && { cpu: [cpu] }), optional: true, ...(os && { os: [os] }) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
console.log(`package-lock.json: ${added} optional platform builds recorded`);
