import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The api package root. This file is `src/core/paths.ts` in the sources and `dist/core/paths.js` once built, so the
 * package root is two levels up in both cases.
 */
export const apiRoot = path.resolve(__dirname, '../..');

/** The monorepo root (the folder holding the root package.json). */
export const repoRoot = path.resolve(apiRoot, '..');

/** Plain SQL migrations, read at run time (they are not copied into dist/). */
export const migrationsDir = path.join(apiRoot, 'migrations');

/** Default data folder: `<repo root>/.data`. */
export const defaultDataDir = path.join(repoRoot, '.data');

let cachedVersion: string | undefined;

/** The `version` field of api/package.json. */
export function apiVersion(): string {
  if (cachedVersion === undefined) {
    const pkg = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version?: unknown };
    cachedVersion = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  }
  return cachedVersion;
}
