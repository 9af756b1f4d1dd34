import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export type Remote = 'mf-auth' | 'mf-articles' | 'mf-user-center' | 'mf-pay' | 'mf-activity' | 'mf-admin';
export type Deployment = Record<Remote, { manifest: string; version: string }>;

/** The deployment the site started with (global-setup). */
export function initialDeployment(): Deployment {
  return JSON.parse(process.env.E2E_DEPLOYMENT!) as Deployment;
}

export function readDeployment(): Deployment {
  return (JSON.parse(readFileSync(process.env.E2E_DEPLOYMENT_FILE!, 'utf8')) as { remotes: Deployment }).remotes;
}

export function writeDeployment(remotes: Deployment): void {
  writeFileSync(process.env.E2E_DEPLOYMENT_FILE!, JSON.stringify({ remotes }, null, 2));
}

export function originOf(remote: Remote, deployment: Deployment = initialDeployment()): string {
  return new URL(deployment[remote].manifest).origin;
}

/** Console errors and warnings, and uncaught page errors, as text lines. */
export function collectConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') lines.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return lines;
}

/**
 * The file in the site's API storage (its data folder's `files/`) that holds exactly these bytes, or null: a
 * download must serve a stored file byte for byte.
 */
export function storedFileWith(bytes: Buffer): string | null {
  const root = path.join(process.env.E2E_DATA_DIR!, 'files');
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).size === bytes.length && readFileSync(file).equals(bytes)) return file;
  }
  return null;
}
