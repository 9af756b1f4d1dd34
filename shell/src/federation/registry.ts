import type { DeploymentManifest, RemoteLifecycles, RemoteName } from 'shared-kernel';
import { exposes, fetchDeployment, loadExposed, loadRemoteApp, registerRemote, type MfManifest } from './discovery';

/**
 * The remotes of this page: the deployment manifest (fetched once at start, again after a retry) and each remote
 * registered with the federation runtime once, on first use.
 */
export interface RemoteRegistry {
  deployment(): Promise<DeploymentManifest>;
  /** A remote's `./app` single-spa lifecycles. */
  loadApp(remote: RemoteName): Promise<RemoteLifecycles>;
  /** Another exposed module of a remote; null when the remote does not expose it (checked in its manifest first). */
  loadModule<T>(remote: RemoteName, name: string): Promise<T | null>;
  /** Forgets a remote (and re-reads the deployment manifest): the next load starts over. */
  reset(remote: RemoteName): void;
}

export function remoteRegistry(fetchManifest: () => Promise<DeploymentManifest> = fetchDeployment): RemoteRegistry {
  let deployment = fetchManifest();
  // a failed first fetch must not stay cached for good: a retry fetches again
  deployment.catch(() => undefined);
  const registered = new Map<RemoteName, Promise<MfManifest>>();

  const register = (remote: RemoteName): Promise<MfManifest> => {
    let manifest = registered.get(remote);
    if (!manifest) {
      manifest = deployment.then((current) => registerRemote(current, remote));
      registered.set(remote, manifest);
      manifest.catch(() => registered.delete(remote));
    }
    return manifest;
  };

  return {
    deployment: () => deployment,
    async loadApp(remote) {
      await register(remote);
      return loadRemoteApp(remote);
    },
    async loadModule<T>(remote: RemoteName, name: string) {
      const manifest = await register(remote);
      if (!exposes(manifest, name)) return null;
      return loadExposed<T>(remote, name);
    },
    reset(remote) {
      registered.delete(remote);
      deployment = fetchManifest();
      deployment.catch(() => undefined);
    },
  };
}
