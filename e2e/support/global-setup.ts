import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSite } from '../../scripts/site.mjs';
import { devRoutesToken } from './dev-routes';
import { E2E_PORTS, QR_EXPIRE_S } from './ports';

/** Starts the composed site (API on a fresh embedded database, remotes, shell) and stops it after the run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-site-'));
  const site = await startSite({
    port: E2E_PORTS.shell,
    apiPort: E2E_PORTS.api,
    remotePortBase: E2E_PORTS.remoteBase,
    dataDir,
    quiet: true,
    // QR codes expire after 15 s instead of 100 s, so the expiry journey (auth-qr-oauth.spec.ts) is short
    // Every journey of the run comes from 127.0.0.1, a crowd of people on one address: the per-address limits
    // (5 SMS codes a minute, 20 an hour) are ×20 here, so a journey never fails by where it falls in the run. The
    // journeys that test the limits use a private site with the real ones (support/private-site.ts).
    apiEnv: { QR_LOGIN_EXPIRE_S: String(QR_EXPIRE_S), RATE_LIMIT_SCALE: '20' },
    // the dev-only routes' token of the run (in DEV_ROUTES_TOKEN: the workers and the private sites get it too)
    devToken: devRoutesToken(),
  });
  process.env.E2E_DEPLOYMENT_FILE = site.deploymentFile;
  // the API's data folder: its stored files are what downloads must serve byte for byte
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DEPLOYMENT = JSON.stringify(site.deployment);
  // the payment simulators' base URLs (their cashier pages and /_sim/ controls), for the pay journeys
  process.env.E2E_PAY_SIMULATORS = JSON.stringify(site.paySimulators);
  return async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
