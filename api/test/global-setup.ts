import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds api/dist once per jest run, before any suite: the crash and worker tests run the built API and worker as
 * child processes (as `npm start` does). Once, not per suite: suites run side by side, and two builds writing
 * dist/ at once leave a child a half-written file.
 */
export default function buildApiDist(): void {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build.mjs')], { stdio: 'ignore' });
}
