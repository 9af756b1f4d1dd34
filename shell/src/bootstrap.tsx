import type { DeploymentManifest, RemoteName } from 'shared-kernel';
import { fetchDeployment, loadRemoteApp, registerRemote } from './federation/discovery';
import { startShell } from './start-shell';

// The federated shell: remotes are discovered at run time from the deployment manifest.
let deployment: Promise<DeploymentManifest> = fetchDeployment();
const registered = new Set<RemoteName>();

startShell({
  load: async (remote) => {
    const current = await deployment;
    if (!registered.has(remote)) {
      await registerRemote(current, remote);
      registered.add(remote);
    }
    return loadRemoteApp(remote);
  },
  reset: (remote) => {
    // Retry: read the deployment manifest again (it may have been fixed) and re-register the remote.
    registered.delete(remote);
    deployment = fetchDeployment();
  },
});
