import { REMOTE_NAMES, type RemoteName } from '../routing/route-table';

/** What the shell fetches at start-up: where each remote's mf-manifest.json lives and which version it is. */
export interface DeploymentManifest {
  remotes: Record<RemoteName, { manifest: string; version: string }>;
}

export const DEPLOYMENT_MANIFEST_PATH = '/deployment.json';

export function isDeploymentManifest(value: unknown): value is DeploymentManifest {
  if (!value || typeof value !== 'object') return false;
  const remotes = (value as { remotes?: unknown }).remotes;
  if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes)) return false;
  const entries = Object.entries(remotes);
  return (
    entries.length > 0 &&
    entries.every(
      ([name, r]) =>
        (REMOTE_NAMES as readonly string[]).includes(name) &&
        !!r &&
        typeof r === 'object' &&
        typeof (r as { manifest?: unknown }).manifest === 'string' &&
        typeof (r as { version?: unknown }).version === 'string',
    )
  );
}
