import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export type Remote = 'mf-auth' | 'mf-articles' | 'mf-user-center' | 'mf-pay' | 'mf-activity';
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
