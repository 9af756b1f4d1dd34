// The federation runtime's API; the build runs the site's own implementation of it
// (shared-kernel/build/runtime/federation-runtime.ts, see docs/architecture.md "Federation").
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import {
  DEPLOYMENT_MANIFEST_PATH,
  FEDERATION_NAME,
  isDeploymentManifest,
  type DeploymentManifest,
  type RemoteLifecycles,
  type RemoteName,
} from 'shared-kernel';

/**
 * Run-time remote discovery. The deployment manifest (remote -> mf-manifest.json URL and version) is fetched when
 * the page starts, never baked into the build, so a domain deploys or rolls back by editing that one file.
 * A remote's own mf-manifest.json is read only when one of its routes is first opened; it names the remote entry,
 * which is then registered with the federation runtime and loaded.
 */
export async function fetchDeployment(): Promise<DeploymentManifest> {
  const response = await fetch(DEPLOYMENT_MANIFEST_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`部署清单加载失败（HTTP ${response.status}）`);
  const body: unknown = await response.json();
  if (!isDeploymentManifest(body)) throw new Error('部署清单格式不正确');
  return body;
}

/** The parts of a remote's mf-manifest.json the shell reads. */
export interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string }; publicPath: string; buildInfo?: { buildVersion?: string } };
  /** The modules the remote exposes: `{name: 'app', path: './app'}`. */
  exposes?: { name: string; path: string }[];
}

/** Whether a remote's manifest lists an exposed module (name without './'). */
export function exposes(manifest: MfManifest, name: string): boolean {
  return (manifest.exposes ?? []).some((e) => e.name === name || e.path === `./${name}`);
}

/** The remote entry's URL from a remote's mf-manifest.json (relative to the manifest when publicPath is 'auto'). */
export function remoteEntryUrl(manifestUrl: string, manifest: MfManifest): string {
  const { remoteEntry, publicPath } = manifest.metaData;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
  const file = remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/${remoteEntry.name}` : remoteEntry.name;
  return new URL(file, base).href;
}

/** Registers a remote's entry with the federation runtime; answers its mf-manifest.json. */
export async function registerRemote(deployment: DeploymentManifest, remote: RemoteName): Promise<MfManifest> {
  const entry = deployment.remotes[remote];
  if (!entry) throw new Error(`部署清单中没有模块 ${remote}`);
  const response = await fetch(entry.manifest, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${remote} 的清单加载失败（HTTP ${response.status}）`);
  const manifest = (await response.json()) as MfManifest;
  // force: a remote registered before (and failed) is replaced, and its cached container forgotten.
  registerRemotes([{ name: FEDERATION_NAME[remote], entry: remoteEntryUrl(entry.manifest, manifest) }], { force: true });
  return manifest;
}

/** Loads one exposed module of a registered remote through the federation runtime. */
export function loadExposed<T>(remote: RemoteName, name: string): Promise<T | null> {
  return loadRemote<T>(`${FEDERATION_NAME[remote]}/${name}`);
}

/** Loads a remote's `./app` lifecycles through the federation runtime. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteLifecycles> {
  const module = await loadExposed<RemoteLifecycles>(remote, 'app');
  if (!module || typeof module.mount !== 'function') throw new Error(`${remote} 未提供应用生命周期`);
  return module;
}
