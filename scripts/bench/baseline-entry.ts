// The one-bundle baseline for the bundle benchmark: the same shell and the same remote apps, bundled together by
// plain webpack (no Module Federation), each remote a lazy chunk. Not shipped; built only by bundle.mjs.
import type { RemoteLifecycles, RemoteName } from 'shared-kernel';
import { startShell } from '../../shell/src/start-shell';

const apps: Record<RemoteName, () => Promise<RemoteLifecycles>> = {
  'mf-auth': () => import('../../mf-auth/src/app'),
  'mf-articles': () => import('../../mf-articles/src/app'),
  'mf-user-center': () => import('../../mf-user-center/src/app'),
  'mf-pay': () => import('../../mf-pay/src/app'),
  'mf-activity': () => import('../../mf-activity/src/app'),
  'mf-admin': () => import('../../mf-admin/src/app'),
};

startShell({ load: (remote) => apps[remote]() });
