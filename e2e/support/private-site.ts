// A site of its own for journeys that use up rate limits on purpose (the captcha journeys): its own API process
// and database, so the shared site of the run (global-setup) keeps its allowances for every other spec.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startSite } from '../../scripts/site.mjs';
import { E2E_PORTS } from './ports';

export interface PrivateSite {
  /** The shell's origin, e.g. http://localhost:18280 */
  url: string;
}

/** Ports of the private site: the shared site's plus 100. */
export const PRIVATE_PORTS = { shell: E2E_PORTS.shell + 100, api: E2E_PORTS.api + 100, remoteBase: E2E_PORTS.remoteBase + 100 };

/** `test` with a worker-scoped `privateSite`: started once per worker, stopped (and its data deleted) after. */
export const test = base.extend<object, { privateSite: PrivateSite }>({
  privateSite: [
    async ({ browserName }, use) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `e2e-private-site-${browserName}-`));
      const site = await startSite({
        port: PRIVATE_PORTS.shell,
        apiPort: PRIVATE_PORTS.api,
        remotePortBase: PRIVATE_PORTS.remoteBase,
        dataDir,
        quiet: true,
      });
      try {
        await use({ url: site.url });
      } finally {
        await site.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
