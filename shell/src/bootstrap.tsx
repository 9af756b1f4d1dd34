import { remoteRegistry } from './federation/registry';
import { startShell } from './start-shell';

// The federated shell: remotes are discovered at run time from the deployment manifest (/deployment.json).
const registry = remoteRegistry();
startShell({ load: registry.loadApp, reset: registry.reset, deployment: registry.deployment, loadModule: registry.loadModule });
