import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { buildWebApp } from '../../scripts/build.mjs';
import { apiLogin, startAs, testStaffAccount } from '../support/shell';
import { initialDeployment, writeDeployment } from '../support/site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

// Independent deployment: one remote is rebuilt with a new version and the deployment manifest points at it;
// after a reload the site runs the new version, and not one byte of the shell's build changed.
test('a remote deploys alone: new version live after reload, shell build untouched', async ({ page }) => {
  test.setTimeout(180_000);
  const shellBefore = hashTree(path.join(root, 'shell', 'dist'));
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mf-activity-next-'));
  const { createStaticServer, listen } = require(path.join(root, 'shell', 'dist-server', 'static-server.cjs'));
  const server = createStaticServer({ root: outDir, cors: true });
  const original = initialDeployment();
  try {
    // the version a remote runs is on the shell's slot (every remote's mount sets it)
    await page.goto('/app/activity/activity_rules');
    await expect(page.locator('#slot-mf-activity')).toHaveAttribute('data-remote-version', original['mf-activity'].version);

    process.env.APP_VERSION = '9.9.9-e2e';
    process.env.APP_OUT_DIR = outDir;
    try {
      await buildWebApp('mf-activity');
    } finally {
      delete process.env.APP_VERSION;
      delete process.env.APP_OUT_DIR;
    }
    const port: number = await listen(server, 0);
    writeDeployment({
      ...original,
      'mf-activity': { manifest: `http://localhost:${port}/mf-manifest.json`, version: '9.9.9-e2e' },
    });

    await page.reload();
    await expect(page.locator('#slot-mf-activity')).toHaveAttribute('data-remote-version', '9.9.9-e2e');
    await expect(page.locator('#slot-mf-activity h1')).toHaveText('活动规则');
    // The other domains still run what they ran.
    // a public route of mf-pay (login-required ones send a visitor to the login page); its page is a real one
    // now, so the version is read from the shell's slot, which every remote's mount carries
    await page.goto('/app/guest/pay/order');
    await expect(page.locator('#slot-mf-pay')).toHaveAttribute('data-remote-version', original['mf-pay'].version);

    expect(hashTree(path.join(root, 'shell', 'dist'))).toBe(shellBefore);
  } finally {
    writeDeployment(original);
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
});

// The staff console deploys alone too: a new mf-admin goes live for staff after a reload, and rolling the deployment
// manifest back brings the version before it back, with no restart; the shell's build and the other remotes untouched.
test('mf-admin deploys alone and rolls back', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await startAs(context, await apiLogin(context, baseURL!, await testStaffAccount(baseURL!)));
  const shellBefore = hashTree(path.join(root, 'shell', 'dist'));
  const adminBefore = hashTree(path.join(root, 'mf-admin', 'dist'));
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mf-admin-next-'));
  const { createStaticServer, listen } = require(path.join(root, 'shell', 'dist-server', 'static-server.cjs'));
  const server = createStaticServer({ root: outDir, cors: true });
  const original = initialDeployment();
  const slot = page.locator('#slot-mf-admin');
  try {
    await page.goto('/app/admin/settings/coins');
    await expect(slot).toHaveAttribute('data-remote-version', original['mf-admin'].version);

    process.env.APP_VERSION = '9.9.8-e2e';
    process.env.APP_OUT_DIR = outDir;
    try {
      await buildWebApp('mf-admin');
    } finally {
      delete process.env.APP_VERSION;
      delete process.env.APP_OUT_DIR;
    }
    const port: number = await listen(server, 0);
    writeDeployment({ ...original, 'mf-admin': { manifest: `http://localhost:${port}/mf-manifest.json`, version: '9.9.8-e2e' } });
    await page.reload();
    await expect(slot).toHaveAttribute('data-remote-version', '9.9.8-e2e');
    await expect(slot.locator('h1')).toHaveText('金币设置');
    await page.goto('/app/guest/pay/order');
    await expect(page.locator('#slot-mf-pay')).toHaveAttribute('data-remote-version', original['mf-pay'].version);

    // roll back: the manifest as it was, the version before is live again
    writeDeployment(original);
    await page.goto('/app/admin/settings/coins');
    await expect(slot).toHaveAttribute('data-remote-version', original['mf-admin'].version);
    await expect(slot.locator('h1')).toHaveText('金币设置');
    expect(hashTree(path.join(root, 'shell', 'dist'))).toBe(shellBefore);
    expect(hashTree(path.join(root, 'mf-admin', 'dist'))).toBe(adminBefore);
  } finally {
    writeDeployment(original);
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
});
